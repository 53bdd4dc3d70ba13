//! The organisation's policy (`/etc/escrow-desk/policy.json`) on a desk: its environments are
//! there without keys (each user stores their own), the built-in Sandbox is not offered when
//! it says so, the update URL is its own, and what it locks is refused; a later policy without
//! an environment removes it and its key.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::Desk;
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::settings::policy::{self, Policy};
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{DEMO_KEY, SandboxConfig};
use std::path::Path;

fn policy_file(dir: &Path, text: &str) -> Policy {
    let path = dir.join("policy.json");
    std::fs::write(&path, text).unwrap();
    policy::load(&path).unwrap().expect("a policy")
}

/// The desk as the app opens it: the policy applied to the data folder, then held.
fn open(dir: &Path, keychain: &Keychain, p: &Policy) -> Domains {
    let db = AppDb::open(&dir.join("app")).unwrap();
    policy::apply(&db, keychain, p).unwrap();
    Domains::new(Desk::new(db, keychain.clone(), None).unwrap().with_policy(p.clone())).unwrap()
}

#[tokio::test]
async fn the_organisations_environments_update_url_and_locks_hold_on_the_desk() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let text = format!(
        r#"{{"environments": [{{"id": "prod", "name": "Production", "baseUrl": "{}", "badge": "production"}}],
            "updateUrl": "https://updates.example/latest.json", "builtinSandbox": false,
            "locked": ["environments", "updateUrl"]}}"#,
        sandbox.url
    );
    let p = policy_file(dir.path(), &text);
    let app = open(dir.path(), &keychain, &p);

    let list = app.desk.list_environments().unwrap();
    assert_eq!(list.environments.len(), 1, "no built-in Sandbox: {list:?}");
    let env = &list.environments[0];
    assert_eq!(
        (env.id.as_str(), env.managed, env.has_key, list.active_id.as_str()),
        ("org:prod", true, false, "org:prod")
    );

    // What it locks is refused; the key is the user's own.
    let mine = ProfileInput {
        id: None,
        name: "Mine".into(),
        base_url: sandbox.url.clone(),
        badge: Badge::Sandbox,
        routes: String::new(),
        dialect: Default::default(),
    };
    assert!(app.desk.save_profile(&mine).unwrap_err().message.contains("Your organisation sets the environments"));
    let edit = ProfileInput { id: Some("org:prod".into()), name: "Renamed".into(), ..mine.clone() };
    assert!(app.desk.save_profile(&edit).is_err());
    assert!(app.environments.delete_profile("org:prod").is_err());
    app.environments.set_api_key("org:prod", DEMO_KEY).unwrap();
    let query = TransactionQuery { search: None, skip: 0, take: 5, filters: None, reference_id: None, sort: None };
    assert_eq!(app.transactions.list_transactions(&query).await.unwrap().items.len(), 5);

    let updates = app.updates.update_settings().unwrap();
    assert_eq!((updates.url.as_str(), updates.managed), ("https://updates.example/latest.json", true));
    assert!(app.updates.save_update_url("").is_err(), "locked");
    drop(app);

    // A later policy without the environment, unlocked: it goes with its key; the user's own
    // update URL stands, and the user may add environments again.
    let p = policy_file(dir.path(), r#"{"updateUrl": "https://updates.example/other.json"}"#);
    let app = open(dir.path(), &keychain, &p);
    assert_eq!(keychain.get("org:prod").unwrap(), None);
    let list = app.desk.list_environments().unwrap();
    assert!(list.environments.iter().all(|e| !e.managed), "{list:?}");
    assert_eq!(app.updates.update_settings().unwrap().url, "https://updates.example/latest.json", "the user's");
    app.updates.save_update_url("https://mine.example/latest.json").unwrap();
    assert!(app.desk.save_profile(&mine).is_ok());
}
