//! Sandbox configuration: tenants, their keys and modules, and the seed.

use std::path::PathBuf;

/// The tenant served when none is configured.
pub const DEMO_TENANT: &str = "demo";
/// Its API key (public: it only opens the local sandbox).
pub const DEMO_KEY: &str = "sandbox-demo-key";

/// The Auto modules a tenant may have enabled, and its eligibility for extra fees.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Modules {
    pub bill_of_sale: bool,
    pub debt: bool,
    /// `payeeExtraFee`/`payerExtraFee` are "applied for eligible tenants only" (spec
    /// §3); off by default, when they are accepted and not applied.
    pub extra_fees: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenantConfig {
    pub name: String,
    pub key: String,
    pub modules: Modules,
}

impl TenantConfig {
    /// The default tenant: `demo`, key `sandbox-demo-key`, both Auto modules.
    pub fn demo() -> Self {
        let modules = Modules { bill_of_sale: true, debt: true, extra_fees: false };
        Self { name: DEMO_TENANT.into(), key: DEMO_KEY.into(), modules }
    }

    /// Parses `NAME=KEY[:MODULES]`, MODULES a comma list of `bill-of-sale`, `debt` and
    /// `extra-fees` (the tenant is eligible for extra fees).
    pub fn parse(spec: &str) -> Result<Self, String> {
        let (name, rest) =
            spec.split_once('=').ok_or_else(|| format!("tenant `{spec}`: expected NAME=KEY[:MODULES]"))?;
        let (key, modules) = match rest.split_once(':') {
            Some((k, m)) => (k, Some(m)),
            None => (rest, None),
        };
        if name.is_empty() || key.is_empty() {
            return Err(format!("tenant `{spec}`: name and key must not be empty"));
        }
        let mut parsed = Modules::default();
        for module in modules.into_iter().flat_map(|m| m.split(',')).map(str::trim).filter(|m| !m.is_empty()) {
            match module {
                "bill-of-sale" => parsed.bill_of_sale = true,
                "debt" => parsed.debt = true,
                "extra-fees" => parsed.extra_fees = true,
                other => {
                    return Err(format!("tenant `{name}`: unknown module `{other}` (bill-of-sale, debt, extra-fees)"));
                }
            }
        }
        Ok(Self { name: name.into(), key: key.into(), modules: parsed })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seed {
    Demo,
    None,
}

/// Everything [`crate::start`] needs.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// `127.0.0.1:0` picks a free port.
    pub listen: String,
    pub data_dir: PathBuf,
    pub tenants: Vec<TenantConfig>,
    /// Fills the first tenant with demo data once (never twice on restart).
    pub seed: Seed,
    /// The wire dialect: the specs' names and routes (default) or the published ones.
    pub dialect: crate::dialect::Dialect,
}

impl SandboxConfig {
    /// The default set-up: the demo tenant with demo data.
    pub fn demo(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            listen: "127.0.0.1:0".into(),
            data_dir: data_dir.into(),
            tenants: vec![TenantConfig::demo()],
            seed: Seed::Demo,
            dialect: crate::dialect::Dialect::Spec,
        }
    }
}

/// How the sandbox is reached from outside (not needed when it runs in-process).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServeOptions {
    /// The base of every link the sandbox hands out (hosted pages, download links), e.g.
    /// `http://sandbox.ci.internal:8080` when it listens on `0.0.0.0:8080`. `None`: the
    /// listen address. An origin only: hosted pages link to each other from the root.
    pub public_url: Option<String>,
    /// Webhooks of a tenant that set no URL go to the sandbox's own receiver
    /// (`POST /_sandbox/receiver/{tenant}`, see [`crate::receiver`]) and succeed, instead of
    /// failing with "no webhook URL configured". The desktop app's built-in Sandbox.
    pub own_receiver: bool,
}

/// `http(s)://host[:port]`, without a trailing slash, or why `raw` is not one.
pub fn public_url(raw: &str) -> Result<String, String> {
    let refuse = |why: &str| format!("public URL `{raw}`: {why}");
    let url = reqwest::Url::parse(raw.trim()).map_err(|e| refuse(&e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(refuse("must be http or https"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(refuse("needs a host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refuse("must not carry credentials"));
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        return Err(refuse("must be an origin (scheme, host, port) without a path: hosted pages link from the root"));
    }
    Ok(url.origin().ascii_serialization())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tenants() {
        let t = TenantConfig::parse("acme=k1:bill-of-sale,debt").unwrap();
        assert_eq!(t.name, "acme");
        assert_eq!(t.key, "k1");
        assert!(t.modules.bill_of_sale && t.modules.debt && !t.modules.extra_fees);
        assert!(TenantConfig::parse("c=k3:extra-fees").unwrap().modules.extra_fees);
        let t = TenantConfig::parse("b=k2").unwrap();
        assert_eq!(t.modules, Modules::default());
        assert!(TenantConfig::parse("nokey").is_err());
        assert!(TenantConfig::parse("a=k:wheels").is_err());
    }

    #[test]
    fn public_urls_are_origins() {
        assert_eq!(public_url("http://sandbox.example.test:9999/").as_deref(), Ok("http://sandbox.example.test:9999"));
        assert_eq!(public_url(" https://ci.example.test ").as_deref(), Ok("https://ci.example.test"));
        assert_eq!(public_url("https://ci.example.test:443").as_deref(), Ok("https://ci.example.test"));
        for bad in ["ftp://x", "sandbox:8080", "http://h/base", "http://h/?q=1", "http://u:p@h", "http://"] {
            assert!(public_url(bad).is_err(), "{bad}");
        }
    }
}
