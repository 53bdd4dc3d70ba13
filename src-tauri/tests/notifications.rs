//! Desktop notifications as the desk sends them (captured instead of shown): a bulk run
//! that ends while the window is away is announced with its counts, one that ends in front
//! is not; mirror changes that need a person are announced only when the setting is on,
//! once, and never what was already there at start.

use escrow_desk::appdb::AppDb;
use escrow_desk::bulk::model::{BatchState, BulkKind, BulkPrepareRequest, BulkStartRequest};
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::notifications::sender::{Captured, Notices};
use escrow_desk::notifications::settings::NotificationSettings;
use escrow_desk::notifications::watch::ChangeWatch;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::{Domains, Outside};
use std::sync::Arc;
use std::time::Duration;

fn desk_in(dir: &std::path::Path, sandbox: Option<BuiltInSandbox>, captured: &Arc<Captured>) -> Domains {
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    Domains::with(
        Desk::new(AppDb::open(&dir.join("app")).unwrap(), keychain, sandbox).unwrap(),
        Outside { notices: Notices::new(captured.clone()), ..Default::default() },
    )
    .unwrap()
}

async fn paid_ids(app: &Domains, n: usize) -> Vec<String> {
    let query = TransactionQuery { search: None, skip: 0, take: 100, filters: None, reference_id: None, sort: None };
    let page = app.transactions.list_transactions(&query).await.unwrap();
    page.items.iter().filter(|t| t.status.as_str() == "PAID").take(n).map(|t| t.transaction_id.clone()).collect()
}

async fn run_payout(app: &Domains, ids: &[String]) {
    let req = BulkPrepareRequest { kind: BulkKind::Payout, ids: ids.to_vec(), reason: None };
    let prepared = app.bulk.bulk_prepare(&req).await.unwrap();
    let start = BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() };
    app.bulk.bulk_start(&start).unwrap();
    for _ in 0..600 {
        if app.bulk.bulk_status(&prepared.batch_id).unwrap().state == BatchState::Finished {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bulk run did not finish");
}

/// The notes sent within two seconds (the note follows the run's end on its task).
async fn notes_after(captured: &Captured, at_least: usize) -> Vec<escrow_desk::notifications::note::Note> {
    for _ in 0..40 {
        if captured.notes().len() >= at_least {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    captured.notes()
}

#[tokio::test]
async fn a_bulk_run_is_announced_only_when_the_window_is_away() {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let captured = Arc::new(Captured::default());
    let builtin = BuiltInSandbox { url: sb.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = desk_in(dir.path(), Some(builtin), &captured);
    let ids = paid_ids(&app, 3).await;
    assert_eq!(ids.len(), 3);

    run_payout(&app, &ids[..1]).await;
    assert!(notes_after(&captured, 1).await.is_empty(), "in front: no notification");

    app.notify.notices().set_focused(false);
    run_payout(&app, &ids[1..]).await;
    let notes = notes_after(&captured, 1).await;
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].title, "Bulk payout finished");
    assert_eq!(notes[0].body, "2 done.");
    assert!(!format!("{notes:?}").contains(escrow_sandbox::DEMO_KEY), "never the key");
}

fn add_change(dir: &std::path::Path, kind: &str, title: &str) {
    let path = dir.join("app").join(escrow_desk::appdb::FILE_NAME);
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute(
        "INSERT INTO mirror_changes (environment_id, transaction_id, at, kind, title)
         VALUES ('sandbox', 'tx-1', '2026-11-25T00:00:00Z', ?1, ?2)",
        [kind, title],
    )
    .unwrap();
}

#[test]
fn changes_that_need_a_person_are_announced_once_when_turned_on() {
    let dir = tempfile::tempdir().unwrap();
    let captured = Arc::new(Captured::default());
    let app = desk_in(dir.path(), None, &captured);
    assert!(!app.notify.notification_settings().unwrap().changes, "off by default");
    add_change(dir.path(), "paid", "Known at start");
    let mut watch = ChangeWatch::default();
    assert!(!app.notify.notify_new_changes("sandbox", &mut watch).unwrap(), "what was there at start");

    add_change(dir.path(), "paid", "Audi A4");
    assert!(!app.notify.notify_new_changes("sandbox", &mut watch).unwrap(), "setting off");
    app.notify.save_notification_settings(&NotificationSettings { changes: true }).unwrap();
    assert!(!app.notify.notify_new_changes("sandbox", &mut watch).unwrap(), "already looked at while off");

    add_change(dir.path(), "created", "New deal");
    assert!(!app.notify.notify_new_changes("sandbox", &mut watch).unwrap(), "nothing that needs a person");
    add_change(dir.path(), "payment_failed", "VW Golf");
    add_change(dir.path(), "paid", "Tesla");
    assert!(app.notify.notify_new_changes("sandbox", &mut watch).unwrap());
    assert!(!app.notify.notify_new_changes("sandbox", &mut watch).unwrap(), "once");
    let notes = captured.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].body, "1 deal paid, 1 payment failed: VW Golf, Tesla");
}
