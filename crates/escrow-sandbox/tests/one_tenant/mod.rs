//! A sandbox with one tenant and no seed, and an HTTP client that does not follow
//! redirects (hosted pages answer with them): shared by the rules and fidelity tests,
//! which add their own request helpers to `Sb`.

use escrow_sandbox::{Dialect, SandboxConfig, Seed, TenantConfig};

pub struct Sb {
    pub sb: escrow_sandbox::RunningSandbox,
    pub _dir: tempfile::TempDir,
    pub http: reqwest::Client,
}

/// Tenant `t` with `key` and the `modules` suffix of a tenant spec (e.g. `":extra-fees"`).
#[allow(dead_code)] // each test binary takes the helpers it needs
pub async fn start(key: &str, modules: &str) -> Sb {
    start_in(key, modules, Dialect::default()).await
}

/// [`start`] speaking `dialect`.
pub async fn start_in(key: &str, modules: &str, dialect: Dialect) -> Sb {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().into(),
        tenants: vec![TenantConfig::parse(&format!("t={key}{modules}")).unwrap()],
        seed: Seed::None,
        dialect,
    })
    .await
    .unwrap();
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    Sb { sb, _dir: dir, http }
}
