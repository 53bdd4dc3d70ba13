//! How requests reach the service through a corporate network: a proxy (the environment's
//! `HTTPS_PROXY` and friends, none, or a given one with optional credentials) and extra root
//! certificates for a TLS-inspecting firewall. An app started from the desktop menu never sees
//! a shell's variables, so a desk gives its own choice here.

use crate::error::{Error, ErrorKind, Result};

/// Which proxy requests go through.
#[derive(Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Proxy {
    /// The process's environment: `HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`
    /// (upper or lower case), as curl reads them. The default.
    #[default]
    System,
    /// Straight to the service, whatever the environment says.
    Direct,
    /// This proxy (`http://host:port`), with a user name and password when it asks for them.
    Url {
        /// The proxy's address.
        url: String,
        /// Its user name, if it asks for one.
        username: Option<String>,
        /// Its password (never shown by `Debug`).
        password: Option<String>,
    },
}

impl std::fmt::Debug for Proxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::System => f.write_str("System"),
            Self::Direct => f.write_str("Direct"),
            Self::Url { url, username, .. } => {
                f.debug_struct("Url").field("url", url).field("username", username).finish_non_exhaustive()
            }
        }
    }
}

/// The network settings a client is built with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Network {
    /// Which proxy.
    pub proxy: Proxy,
    /// PEM certificates trusted beside the system's (one file may hold several).
    pub extra_roots_pem: Option<Vec<u8>>,
}

impl Network {
    /// `builder` with this proxy and these roots; [`ErrorKind::Config`] when the proxy's address
    /// or the certificates cannot be used.
    pub fn apply(&self, mut builder: reqwest::ClientBuilder) -> Result<reqwest::ClientBuilder> {
        let config = |what: &str, e: &dyn std::fmt::Display| Error::new(ErrorKind::Config(format!("{what}: {e}")));
        builder = match &self.proxy {
            Proxy::System => builder,
            Proxy::Direct => builder.no_proxy(),
            Proxy::Url { url, username, password } => {
                let parsed = url::Url::parse(url.trim()).map_err(|e| config("proxy address", &e))?;
                if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
                    return Err(config("proxy address", &"it must be http://host:port or https://host:port"));
                }
                let mut proxy = reqwest::Proxy::all(parsed.as_str()).map_err(|e| config("proxy address", &e))?;
                if let Some(user) = username.as_deref().filter(|u| !u.is_empty()) {
                    proxy = proxy.basic_auth(user, password.as_deref().unwrap_or_default());
                }
                builder.proxy(proxy.no_proxy(reqwest::NoProxy::from_env()))
            }
        };
        if let Some(pem) = &self.extra_roots_pem {
            let certs = reqwest::Certificate::from_pem_bundle(pem).map_err(|e| config("CA certificate file", &e))?;
            if certs.is_empty() {
                return Err(config("CA certificate file", &"it holds no PEM certificate"));
            }
            builder = builder.tls_certs_merge(certs);
        }
        Ok(builder)
    }
}
