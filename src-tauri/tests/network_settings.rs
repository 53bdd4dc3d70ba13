//! The desk's network settings: a proxy address that is no address and a CA file that holds no
//! certificate are refused with a plain message and change nothing; a stored proxy is used by
//! every client of a profile (a request through a proxy that does not listen fails to
//! connect, and "direct" reaches the service again); the built-in Sandbox never goes through
//! the proxy; the password goes to the keychain, never into the settings.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::settings::network::{NetworkInput, ProxyMode};
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;

fn query() -> TransactionQuery {
    TransactionQuery { search: None, skip: 0, take: 5, filters: None, reference_id: None, sort: None }
}

#[tokio::test]
async fn a_proxy_and_a_ca_file_are_checked_stored_and_used() {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.network.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain.clone(),
            Some(BuiltInSandbox { url: sb.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    let live = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Live".into(),
            base_url: sb.url.clone(),
            badge: Badge::Production,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    app.environments.set_api_key(&live.id, escrow_sandbox::DEMO_KEY).unwrap();
    app.desk.select_environment(&live.id).unwrap();
    assert!(app.transactions.list_transactions(&query()).await.is_ok(), "the profile works");

    let bad_url = NetworkInput { mode: ProxyMode::Url, url: Some("proxy.corp".into()), ..Default::default() };
    assert!(app.desk.save_network_settings(&bad_url).unwrap_err().message.contains("proxy"));
    let not_pem = dir.path().join("ca.txt");
    std::fs::write(&not_pem, "not a certificate").unwrap();
    let bad_ca = NetworkInput { ca_file: Some(not_pem.display().to_string()), ..Default::default() };
    assert!(app.desk.save_network_settings(&bad_ca).unwrap_err().message.contains("cannot be used"));
    assert_eq!(app.desk.network_settings().unwrap().mode, ProxyMode::System, "nothing stored");

    // A proxy that does not listen: the profile's requests go to it and fail to connect.
    let dead = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = dead.local_addr().unwrap().port();
    drop(dead);
    let through = NetworkInput {
        mode: ProxyMode::Url,
        url: Some(format!("http://127.0.0.1:{port}")),
        username: Some("anna".into()),
        password: Some("s3cret".into()),
        ca_file: None,
    };
    let saved = app.desk.save_network_settings(&through).unwrap();
    assert!(saved.has_password && saved.username.as_deref() == Some("anna"));
    let stored: String = rusqlite::Connection::open(dir.path().join("app").join(desk_core::appdb::FILE_NAME))
        .ok()
        .and_then(|c| c.query_row("SELECT value FROM settings WHERE key = 'network'", [], |r| r.get(0)).ok())
        .unwrap_or_default();
    assert!(!stored.contains("s3cret"), "the password is not in the settings: {stored}");
    assert!(app.transactions.list_transactions(&query()).await.is_err(), "through the dead proxy");

    // The built-in Sandbox is on this computer: never through the proxy.
    let builtin = app.desk.list_environments().unwrap().environments.into_iter().find(|e| e.built_in).unwrap();
    app.desk.select_environment(&builtin.id).unwrap();
    assert!(app.transactions.list_transactions(&query()).await.is_ok(), "the built-in Sandbox directly");

    app.desk.select_environment(&live.id).unwrap();
    let direct = NetworkInput { mode: ProxyMode::Direct, password: Some(String::new()), ..Default::default() };
    assert!(!app.desk.save_network_settings(&direct).unwrap().has_password);
    assert!(app.transactions.list_transactions(&query()).await.is_ok(), "direct again");
}
