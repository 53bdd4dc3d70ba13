//! A journal written by an earlier version is read, resumed and reconciled by this one.
//!
//! `tests/fixtures/journal-v1.sqlite` was written by the app as of commit 803aa3e (before
//! the journal became generic, #18): one action of every kind (41), most succeeded, some
//! failed or dismissed, and three left open as a crash would leave them. It was made by
//! `write_fixture` in this file as of commit 8a5617f (`git show 8a5617f:src-tauri/tests/journal_compat.rs`,
//! run with `--ignored` there); the test below opens a copy with the current code.

use escrow_desk::actions::ActionRecord;
use escrow_desk::appdb::AppDb;
use escrow_desk::journal::{self, Action, ActionState};
use serde_json::json;

#[tokio::test]
async fn a_journal_of_the_previous_version_is_read_resumed_and_reconciled() {
    use escrow_desk::desk::{BuiltInSandbox, Desk};
    use escrow_desk::wiring::Domains;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("app");
    std::fs::create_dir_all(&data).unwrap();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/journal-v1.sqlite");
    std::fs::copy(&fixture, data.join("escrow-desk.sqlite")).unwrap();
    let sandbox = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let db = AppDb::open(&data).unwrap();
    let keychain =
        escrow_desk::settings::keychain::Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = Domains::new(Desk::new(db.clone(), keychain, Some(builtin)).unwrap()).unwrap();

    // Every stored action reads back as the kind it was written as.
    let rows: Vec<(String, String, String)> = {
        let conn = db.lock().unwrap();
        let mut stmt = conn.prepare("SELECT id, kind, state FROM actions ORDER BY created").unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).unwrap().collect::<Result<_, _>>().unwrap()
    };
    assert_eq!(rows.len(), 41);
    for (id, kind, state) in &rows {
        let record: ActionRecord = journal::local::get(&db, id).unwrap_or_else(|e| panic!("{kind}: {e:?}"));
        assert_eq!(record.request.kind(), kind);
        assert_eq!(serde_json::to_value(record.state).unwrap(), json!(state));
    }
    let refused = rows.iter().find(|r| r.1 == "cancel").unwrap();
    let refused: ActionRecord = journal::local::get(&db, &refused.0).unwrap();
    assert_eq!((refused.state, refused.error.map(|e| e.status)), (ActionState::Failed, Some(Some(400))));

    // The three left open are offered, and each is resumed with its stored key.
    let open = app.actions.open_actions().await.unwrap();
    let mut kinds: Vec<&str> = open.iter().map(|r| r.request.kind()).collect();
    kinds.sort_unstable();
    assert_eq!(kinds, ["createGuest", "payout", "tradeAcceptAndPay"]);
    for record in &open {
        let after = app.actions.retry_action(&record.id).await.unwrap();
        assert_eq!(after.idempotency_key, record.idempotency_key, "the stored key is reused");
        let expected =
            if record.request.kind() == "createGuest" { ActionState::Succeeded } else { ActionState::Failed };
        assert_eq!(after.state, expected, "{}: {:?}", record.request.kind(), after.message);
    }
    assert!(app.actions.open_actions().await.unwrap().is_empty());
    // The guest exists on the service now; the payout was looked up before it was resent.
    let http = reqwest::Client::new();
    let guest = http
        .get(format!("{}/v2/connect/guest-1", sandbox.url))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert!(guest.status().is_success(), "guest: {}", guest.status());

    // The audit chain written by the old version goes on unbroken.
    let check = app.audit.verify_audit_log().unwrap();
    assert_eq!(check.status, escrow_desk::audit::ChainStatus::Intact, "{check:?}");
    assert_eq!((check.legacy_rows, check.keyed_rows), (41 + 40 + 1, 3), "the old rows, then keyed ones");
    assert_eq!(check.rows, 41 + 40 + 1 + 3, "intent and outcome rows, a dismissal, three resumed outcomes");
}
