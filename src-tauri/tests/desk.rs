//! The app's logic without a window: environments, keychain-held keys and browsing,
//! against real sandboxes over HTTP and the real Secret Service.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::error::ErrorCode;
use escrow_desk::settings::environments::{Badge, ProfileInput, SANDBOX_ID};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{SandboxConfig, Seed, TenantConfig};

const SECRET: &str = "acme-secret-key-7c1e";

struct World {
    app: Domains,
    keychain: Keychain,
    acme_url: String,
    _builtin: escrow_sandbox::RunningSandbox,
    _acme: escrow_sandbox::RunningSandbox,
    dir: tempfile::TempDir,
}

async fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let builtin = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let acme = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().join("acme"),
        tenants: vec![TenantConfig::parse(&format!("acme={SECRET}")).unwrap()],
        seed: Seed::None,
        dialect: Default::default(),
    })
    .await
    .unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain.clone(),
            Some(BuiltInSandbox { url: builtin.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    World { app, keychain, acme_url: acme.url.clone(), _builtin: builtin, _acme: acme, dir }
}

fn query(search: Option<&str>) -> TransactionQuery {
    TransactionQuery {
        search: search.map(Into::into),
        skip: 0,
        take: 50,
        filters: None,
        reference_id: None,
        sort: None,
    }
}

#[tokio::test]
async fn starts_on_the_built_in_sandbox_with_demo_data() {
    let w = world().await;
    let list = w.app.desk.list_environments().unwrap();
    assert_eq!(list.active_id, SANDBOX_ID);
    assert_eq!(list.environments[0].badge, Badge::Sandbox);
    let page = w.app.transactions.list_transactions(&query(None)).await.unwrap();
    assert_eq!((page.environment_id.as_str(), page.count, page.items.len()), (SANDBOX_ID, 200, 50));
    let tesla = w.app.transactions.list_transactions(&query(Some("ev 48 213"))).await.unwrap();
    let view = w.app.transactions.get_transaction(&tesla.items[0].transaction_id).await.unwrap();
    assert_eq!(view.transaction.reference_id.as_deref(), Some("DEAL-2026-0042"));
}

#[tokio::test]
async fn a_profile_keeps_its_key_only_in_the_keychain() {
    let w = world().await;
    let input = ProfileInput {
        id: None,
        name: " Acme production ".into(),
        base_url: format!("{}/v2/", w.acme_url),
        badge: Badge::Production,
        routes: String::new(),
        dialect: Default::default(),
    };
    let saved = w.app.desk.save_profile(&input).unwrap();
    assert_eq!(saved.name, "Acme production");
    assert_eq!(saved.base_url, w.acme_url, "trailing /v2/ is dropped");
    assert!(!saved.has_key);
    let err = w.app.desk.test_connection(&saved.id).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::NoApiKey);

    w.app.environments.set_api_key(&saved.id, "wrong-key").unwrap();
    let err = w.app.desk.test_connection(&saved.id).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::Unauthorized);
    assert_eq!(err.cause.as_deref(), Some("wrongKey"));
    assert!(err.correlation_id.is_some());

    w.app.environments.set_api_key(&saved.id, SECRET).unwrap();
    assert_eq!(w.keychain.get(&saved.id).unwrap().as_deref(), Some(SECRET), "stored in the OS keychain");
    assert_eq!(w.app.desk.test_connection(&saved.id).await.unwrap().transaction_count, 0);

    w.app.desk.select_environment(&saved.id).unwrap();
    let page = w.app.transactions.list_transactions(&query(None)).await.unwrap();
    assert_eq!((page.environment_id.as_str(), page.count), (saved.id.as_str(), 0), "acme's data, not the sandbox's");

    // Nothing the UI receives, and nothing on disk, contains the key.
    let seen = serde_json::to_string(&w.app.desk.list_environments().unwrap()).unwrap();
    assert!(!seen.contains(SECRET));
    for entry in walk(w.dir.path().join("app")) {
        let bytes = std::fs::read(&entry).unwrap();
        assert!(!String::from_utf8_lossy(&bytes).contains(SECRET), "key found in {}", entry.display());
    }

    w.app.environments.delete_profile(&saved.id).unwrap();
    assert_eq!(w.keychain.get(&saved.id).unwrap(), None, "deleting the profile removes its key");
    assert_eq!(w.app.desk.list_environments().unwrap().active_id, SANDBOX_ID, "falls back to the sandbox");
}

#[tokio::test]
async fn the_active_environment_survives_a_restart() {
    let w = world().await;
    let saved = w
        .app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Acme".into(),
            base_url: w.acme_url.clone(),
            badge: Badge::Sandbox,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    w.app.desk.select_environment(&saved.id).unwrap();
    let again =
        Domains::new(Desk::new(AppDb::open(&w.dir.path().join("app")).unwrap(), w.keychain.clone(), None).unwrap())
            .unwrap();
    assert_eq!(again.desk.list_environments().unwrap().active_id, saved.id);
}

#[tokio::test]
async fn bad_input_is_refused_with_a_validation_error() {
    let w = world().await;
    for (name, url) in
        [("", "https://x.example"), ("A", "ftp://x.example"), ("A", "not a url"), ("A", "https://u:p@x.example")]
    {
        let err = w
            .app
            .desk
            .save_profile(&ProfileInput {
                id: None,
                name: name.into(),
                base_url: url.into(),
                badge: Badge::Production,
                routes: String::new(),
                dialect: Default::default(),
            })
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::Validation, "{name} {url}");
    }
    assert_eq!(w.app.environments.set_api_key(SANDBOX_ID, "x").unwrap_err().code, ErrorCode::Validation);
    assert_eq!(w.app.environments.set_api_key("missing", "x").unwrap_err().code, ErrorCode::EnvironmentNotFound);
    assert_eq!(w.app.environments.delete_profile(SANDBOX_ID).unwrap_err().code, ErrorCode::Validation);
    assert_eq!(
        w.app
            .transactions
            .list_transactions(&TransactionQuery {
                search: None,
                skip: 0,
                take: 101,
                filters: None,
                reference_id: None,
                sort: None
            })
            .await
            .unwrap_err()
            .code,
        ErrorCode::Validation
    );
    assert_eq!(w.app.transactions.get_transaction("").await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(w.app.transactions.get_transaction("no-such-id").await.unwrap_err().code, ErrorCode::NotFound);
    assert_eq!(w.app.desk.select_environment("nope").unwrap_err().code, ErrorCode::EnvironmentNotFound);
}

fn walk(dir: std::path::PathBuf) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = entry.path();
        if p.is_dir() { out.extend(walk(p)) } else { out.push(p) }
    }
    out
}

/// A profile's route overrides reach the client: pointing an operation elsewhere changes
/// where it is sent (the sandbox only serves the default, so the override shows as a 404),
/// and a bad line is refused on save with its line number.
#[tokio::test]
async fn a_profile_s_route_overrides_are_used_and_checked() {
    let w = world().await;
    let builtin_url = w.app.desk.list_environments().unwrap().environments[0].base_url.clone();
    let mut input = ProfileInput {
        id: None,
        name: "Demo via profile".into(),
        base_url: builtin_url,
        badge: Badge::Sandbox,
        routes: String::new(),
        dialect: Default::default(),
    };
    let profile = w.app.desk.save_profile(&input).unwrap();
    w.app.environments.set_api_key(&profile.id, escrow_sandbox::DEMO_KEY).unwrap();
    w.app.desk.select_environment(&profile.id).unwrap();
    let txn = w.app.transactions.list_transactions(&query(None)).await.unwrap().items[0].transaction_id.clone();
    w.app.transactions.list_split_payouts(&txn).await.expect("default route works");
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/trade/users", input.base_url))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .json(&serde_json::json!({ "marketplaceUserId": "buyer-1", "name": "Karen", "phoneNumber": "+45 20 30 40 50" }))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    w.app.trades.list_trades("buyer-1", 1, 20).await.expect("default trade route works");

    input.id = Some(profile.id.clone());
    input.routes = "# moved\nlistSplitPayouts = /v2/transactions/{transactionId}/splits\ngetTrades = GET /v9/users/{marketplaceUserId}/deals".into();
    let saved = w.app.desk.save_profile(&input).unwrap();
    assert!(saved.routes.contains("listSplitPayouts"), "the view shows the overrides");
    assert_eq!(w.app.transactions.list_split_payouts(&txn).await.unwrap_err().code, ErrorCode::NotFound);
    assert_eq!(w.app.trades.list_trades("buyer-1", 1, 20).await.unwrap_err().code, ErrorCode::NotFound);

    input.routes = "getTrades = /v9/users/{userId}/deals".into();
    let err = w.app.desk.save_profile(&input).unwrap_err();
    assert_eq!(err.code, ErrorCode::Validation);
    assert_eq!(err.field_errors.unwrap()[0].field, "routes:1");
    assert!(
        w.app.desk.list_environments().unwrap().environments.iter().any(|e| e.routes.contains("/splits")),
        "nothing changed"
    );
}

/// A key never travels in clear: `http://` is refused for any server but this machine,
/// when the profile is saved (and the client refuses it again at request time).
#[tokio::test]
async fn plain_http_is_refused_except_to_this_machine() {
    let w = world().await;
    let input = |url: &str| ProfileInput {
        id: None,
        name: "Produktion".into(),
        base_url: url.into(),
        badge: Badge::Production,
        routes: String::new(),
        dialect: Default::default(),
    };
    for url in ["http://api.example.dk", "http://10.1.2.3:8080"] {
        let err = w.app.desk.save_profile(&input(url)).unwrap_err();
        assert_eq!(err.code, ErrorCode::Validation, "{url}");
        assert!(err.message.contains("unencrypted"), "{url}: {}", err.message);
    }
    assert!(w.app.desk.save_profile(&input("http://127.0.0.1:8080")).is_ok());
    assert!(w.app.desk.save_profile(&input("https://api.example.dk")).is_ok());
    let refused = escrow_api::Client::builder("http://api.example.dk", "k").build().unwrap_err();
    assert!(refused.to_string().contains("plain http"), "{refused}");
}

#[tokio::test]
async fn a_failed_test_connection_names_its_likely_cause() {
    let w = world().await;
    let profile = |name: &str, base_url: String| ProfileInput {
        id: None,
        name: name.into(),
        base_url,
        badge: Badge::Production,
        routes: String::new(),
        dialect: Default::default(),
    };
    // Nothing listens on a port just closed: the connection is refused.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let refused = w.app.desk.save_profile(&profile("Refused", format!("http://{closed}"))).unwrap();
    w.app.environments.set_api_key(&refused.id, SECRET).unwrap();
    let err = w.app.desk.test_connection(&refused.id).await.unwrap_err();
    assert_eq!((err.code, err.cause.as_deref()), (ErrorCode::Network, Some("refused")), "{err:?}");
    assert!(err.message.to_lowercase().contains("refused"), "the cause's own words: {}", err.message);
    // The right server under a wrong base path: 404.
    let wrong_path = w.app.desk.save_profile(&profile("Wrong path", format!("{}/api/escrow", w.acme_url))).unwrap();
    w.app.environments.set_api_key(&wrong_path.id, SECRET).unwrap();
    let err = w.app.desk.test_connection(&wrong_path.id).await.unwrap_err();
    assert_eq!(err.cause.as_deref(), Some("wrongPath"), "{err:?}");
}
