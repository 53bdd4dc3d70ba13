//! A desk on its built-in Sandbox with the demo data, as the tests of one domain need it:
//! every domain wired, exports going to `downloads` in the test's folder, and a client of the
//! same sandbox to read what the service holds.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::wiring::{Domains, Outside};

pub struct DemoDesk {
    pub app: Domains,
    pub client: escrow_api::Client,
    /// Serves while the desk lives (some tests also read its control API).
    #[allow(dead_code)]
    pub sandbox: escrow_sandbox::RunningSandbox,
    pub dir: tempfile::TempDir,
}

/// A fresh desk and demo sandbox; `keychain` names the test's keychain service.
pub async fn demo_desk(keychain: &str) -> DemoDesk {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let app = Domains::with(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            Keychain::with_service(keychain),
            Some(BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
        Outside { export_dir: dir.path().join("downloads"), ..Default::default() },
    )
    .unwrap();
    let client = escrow_api::Client::builder(&sandbox.url, escrow_sandbox::DEMO_KEY).build().unwrap();
    DemoDesk { app, client, sandbox, dir }
}
