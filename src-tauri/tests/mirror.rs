//! The local mirror against the sandbox over real HTTP: a full pass mirrors every
//! transaction, the overview's escrow total equals a sum computed independently from the
//! service's own list, an overfunded deal made with the sandbox's transfers enters the
//! attention queue and leaves it once its excess is split out (tenant, then payer), a status
//! change shows under the changes, the list stays browsable offline (and a deal's page gets
//! the mirror's copy), and deleting an environment deletes its mirror.

use escrow_api::{Client, ListTransactions};
use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::mirror::rules::Rule;
use escrow_desk::mirror::sync::SyncKind;
use escrow_desk::mirror::views::SnoozeTarget;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::SandboxConfig;
use rust_decimal::Decimal;
use std::collections::BTreeMap;

async fn everything(client: &Client) -> Vec<escrow_api::TransactionListItem> {
    let mut all = Vec::new();
    loop {
        let page = client
            .transactions()
            .list(&ListTransactions { skip: Some(all.len() as u32), take: Some(100), ..Default::default() })
            .await
            .unwrap();
        let n = page.items.len();
        all.extend(page.items);
        if n < 100 {
            return all;
        }
    }
}

/// Money paid in on open deals per currency, from the service's list (not the mirror).
fn escrow_by_hand(items: &[escrow_api::TransactionListItem]) -> BTreeMap<String, Decimal> {
    let mut sums = BTreeMap::new();
    for t in items.iter().filter(|t| !matches!(t.status.as_str(), "SUCCEEDED" | "CANCELLED")) {
        let paid = t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount).unwrap_or_default();
        if paid > Decimal::ZERO {
            *sums.entry(t.currency.as_str().to_owned()).or_insert(Decimal::ZERO) += paid;
        }
    }
    sums
}

async fn control(url: &str, path: &str, body: serde_json::Value) -> serde_json::Value {
    let r = reqwest::Client::new()
        .post(format!("{url}{path}"))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap_or(serde_json::Value::Null)
}

#[tokio::test]
async fn the_mirror_follows_the_service_and_stays_browsable_offline() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain,
            Some(BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    let client = Client::builder(sandbox.url.clone(), escrow_sandbox::DEMO_KEY).build().unwrap();

    // A full pass mirrors every transaction; the overview sums what the list says.
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let listed = everything(&client).await;
    let status = app.mirror.mirror_status().unwrap();
    assert_eq!(status.rows as usize, listed.len());
    assert!(status.full_at.is_some() && !status.offline);
    let overview = app.mirror.overview().unwrap();
    let mirrored: BTreeMap<String, Decimal> =
        overview.escrow.iter().map(|l| (l.currency.clone(), l.amount.parse().unwrap())).collect();
    assert_eq!(mirrored, escrow_by_hand(&listed));
    assert!(!mirrored.is_empty(), "the demo data has money in escrow");
    assert_eq!(overview.counts.iter().map(|c| c.count).sum::<i64>() as usize, listed.len());
    assert_eq!(overview.days.len(), 30);
    assert!(app.mirror.changes().unwrap().items.is_empty(), "the first pass is not a list of changes");

    // Overfund an unpaid deal through the sandbox's bank transfer.
    let deal = listed
        .iter()
        .find(|t| {
            t.status.as_str() == "CREATED"
                && t.payer.as_ref().and_then(|p| p.service_account_id.as_ref()).is_some()
                && t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount).unwrap_or_default()
                    == Decimal::ZERO
        })
        .expect("an unpaid demo deal with a payer");
    let owed = deal.amount + deal.fees.as_ref().and_then(|f| f.payer).unwrap_or_default();
    let payer = deal.payer.as_ref().and_then(|p| p.service_account_id.clone()).unwrap();
    let id = deal.transaction_id.clone();
    control(
        &sandbox.url,
        "/_sandbox/transfers",
        serde_json::json!({"transactionId": id, "serviceAccountId": payer, "amount": (owed + Decimal::from(500)).to_string()}),
    )
    .await;
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let queue = app.mirror.attention(None).unwrap();
    let item = queue.items.iter().find(|i| i.transaction_id == id && i.rule == Rule::Overfunded).expect("overfunded");
    assert_eq!(queue.total as usize, queue.counts.iter().map(|c| c.count as usize).sum::<usize>());
    let only = app.mirror.attention(Some("overfunded")).unwrap();
    assert!(only.items.iter().all(|i| i.rule == Rule::Overfunded) && !only.items.is_empty());
    assert!(app.mirror.attention(Some("no_such_rule")).is_err());
    assert_eq!(item.excess.as_deref(), Some("500"));
    let changes = app.mirror.changes().unwrap().items;
    assert!(changes.iter().any(|c| c.transaction_id == id && c.kind == "paid"), "{changes:?}");

    // Snoozing hides it (audited); unsnoozing brings it back.
    let target = SnoozeTarget { transaction_id: id.clone(), rule: "overfunded".into() };
    let snoozed = app.mirror.snooze(&[target], 2, "the payer asked us to wait", None).unwrap();
    assert!(snoozed.items.iter().all(|i| !(i.transaction_id == id && i.rule == Rule::Overfunded)));
    assert!(
        snoozed
            .snoozed
            .iter()
            .any(|i| i.transaction_id == id && i.note.as_deref() == Some("the payer asked us to wait"))
    );
    assert!(app.audit.audit_log(Some("snooze_attention"), 10).unwrap().iter().any(|e| e.target == id));
    // With a chip picked, the answer is that rule's queue (the one the page shows).
    let woken = app.mirror.unsnooze(&id, "overfunded", Some("overfunded")).unwrap();
    assert!(woken.items.iter().any(|i| i.transaction_id == id && i.rule == Rule::Overfunded));
    assert!(woken.items.iter().all(|i| i.rule == Rule::Overfunded));

    // Resolved from there: the excess is split out. Part to the tenant first: that part is no
    // longer excess (to anyone counts, not only back to the payer), the rest still is.
    let split = |amount: &str, recipient: &str| TransactionAction::CreateSplitPayout {
        transaction_id: id.clone(),
        amount: amount.into(),
        recipient: recipient.into(),
        timing: Some("NEXT_PAYOUT".into()),
    };
    app.actions.start_action(&split("300", "TENANT"), None).await.unwrap();
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let queue = app.mirror.attention(Some("overfunded")).unwrap();
    let item = queue.items.iter().find(|i| i.transaction_id == id).expect("still overfunded by the rest");
    assert_eq!(item.excess.as_deref(), Some("200"), "the tenant's 300 split out of 500");
    app.actions.start_action(&split("200", "PAYER"), None).await.unwrap();
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let queue = app.mirror.attention(None).unwrap();
    assert!(
        queue.items.iter().all(|i| !(i.transaction_id == id && i.rule == Rule::Overfunded)),
        "{:?}",
        queue.items.iter().filter(|i| i.transaction_id == id).collect::<Vec<_>>()
    );
    app.mirror.mark_changes_seen().unwrap();
    assert!(app.mirror.changes().unwrap().items.is_empty());

    assert!(app.transactions.get_transaction(&id).await.is_ok());
    assert!(!app.mirror.mirror_status().unwrap().offline);

    // Offline: the service is gone; a deal's live read fails as unreachable, noted as offline.
    drop(sandbox);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let refused = app.transactions.get_transaction(&id).await.unwrap_err();
    assert_eq!(refused.code, escrow_desk::error::ErrorCode::Network, "{refused:?}");
    assert!(app.mirror.mirror_status().unwrap().offline, "the failed live read is noted");
    // The list is the mirror's, marked with its time.
    let query = |search: Option<String>| TransactionQuery {
        search,
        skip: 0,
        take: 20,
        filters: None,
        reference_id: None,
        sort: None,
    };
    let plain = app.transactions.list_transactions(&query(None)).await.unwrap();
    assert!(plain.mirror.as_ref().is_some_and(|m| m.offline), "the plain list asks the service, then the mirror");
    assert_eq!(plain.items.len(), 20);
    let found = app.transactions.list_transactions(&query(deal.title.clone())).await.unwrap();
    assert!(found.mirror.as_ref().is_some_and(|m| m.offline), "a search is answered locally, still marked offline");
    assert!(found.items.iter().any(|t| t.transaction_id == id));
    // The deal's page: the mirror's copy of the deal, as of the list's time (the list item
    // the mirror holds, never a live figure).
    let copy = app.transactions.offline_transaction(&id).await.unwrap().expect("the mirror's copy offline");
    let mirrored = found.items.iter().find(|t| t.transaction_id == id).unwrap();
    assert_eq!(&copy.item, mirrored);
    assert_eq!(Some(copy.as_of.clone()), found.mirror.as_ref().map(|m| m.as_of.clone()), "the list's time");
    assert_eq!(app.transactions.offline_transaction("no-such-deal").await.unwrap(), None);
    assert!(app.mirror.run_mirror_sync(SyncKind::Refresh).await.is_err());
    assert!(app.mirror.mirror_status().unwrap().offline);
    assert_eq!(app.mirror.mirror_status().unwrap().rows as usize, listed.len(), "nothing lost");
}

#[tokio::test]
async fn a_new_key_or_a_deleted_environment_takes_its_mirror_with_it() {
    use escrow_desk::settings::environments::{Badge, ProfileInput};
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = Domains::new(Desk::new(AppDb::open(&dir.path().join("app")).unwrap(), keychain, Some(builtin)).unwrap())
        .unwrap();
    let profile = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Forhandler A/S".into(),
            base_url: sandbox.url.clone(),
            badge: Badge::Production,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    app.environments.set_api_key(&profile.id, escrow_sandbox::DEMO_KEY).unwrap();
    app.desk.select_environment(&profile.id).unwrap();
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    assert!(app.mirror.mirror_status().unwrap().rows > 0);

    // Another key may be another tenant's: nothing of the old one stays.
    app.environments.set_api_key(&profile.id, escrow_sandbox::DEMO_KEY).unwrap();
    let status = app.mirror.mirror_status().unwrap();
    assert_eq!((status.rows, status.full_at), (0, None));
    assert!(app.mirror.overview().unwrap().counts.is_empty());

    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    assert!(app.mirror.mirror_status().unwrap().rows > 0);
    app.environments.delete_profile(&profile.id).unwrap();
    // The profile is gone, so look at its rows directly.
    let conn = rusqlite::Connection::open(dir.path().join("app").join("escrow-desk.sqlite")).unwrap();
    let left: i64 = conn
        .query_row("SELECT count(*) FROM mirror_rows WHERE environment_id = ?1", [&profile.id], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn the_mirror_names_transaction_ids_for_the_audit_log() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain,
            Some(BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    let client = Client::builder(sandbox.url.clone(), escrow_sandbox::DEMO_KEY).build().unwrap();
    let tesla = everything(&client)
        .await
        .into_iter()
        .find(|t| t.reference_id.as_deref() == Some("DEAL-2026-0042"))
        .expect("the showcase deal");
    let ids = vec![tesla.transaction_id.clone(), "new".into(), tesla.transaction_id.clone()];
    assert!(app.mirror.transaction_labels(&ids).unwrap().is_empty(), "nothing mirrored yet");
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let labels = app.mirror.transaction_labels(&ids).unwrap();
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert_eq!(labels[0].reference_id.as_deref(), Some("DEAL-2026-0042"));
    assert!(labels[0].title.as_deref().is_some_and(|t| t.starts_with("Tesla")), "{labels:?}");
    assert!(app.mirror.transaction_labels(&vec!["x".to_owned(); 501]).is_err());
}

/// After a full pass, the idle release shrinks every connection not in use: the app's three
/// (journal, mirror writer and reader) and the built-in Sandbox's five, and the mirror
/// answers as before (a connection in use is skipped: `appdb`'s unit test).
#[tokio::test]
async fn idle_release_shrinks_the_connections_not_in_use() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = Domains::new(Desk::new(AppDb::open(&dir.path().join("app")).unwrap(), keychain, Some(builtin)).unwrap())
        .unwrap();
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let before = app.mirror.overview().unwrap();
    assert_eq!(app.desk.release_memory() + app.mirror.release_memory(), 3);
    assert_eq!(sandbox.release_memory(), 5);
    assert_eq!(app.mirror.overview().unwrap().escrow, before.escrow, "the mirror answers the same after a release");
}

/// Attention items picked together are snoozed in one go: one note and one end for all, in
/// one transaction (a bad item refuses them all, nothing half done), one audit row each.
#[tokio::test]
async fn many_attention_items_are_snoozed_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = Domains::new(Desk::new(AppDb::open(&dir.path().join("app")).unwrap(), keychain, Some(builtin)).unwrap())
        .unwrap();
    assert!(app.mirror.run_mirror_sync(SyncKind::Full).await.unwrap());
    let before = app.mirror.attention(Some("debt_missing")).unwrap();
    assert!(before.items.len() >= 6, "the demo data has deals without debt information: {}", before.items.len());
    let target = |i: &escrow_desk::mirror::views::AttentionItem| SnoozeTarget {
        transaction_id: i.transaction_id.clone(),
        rule: i.rule.as_str().into(),
    };
    let picked: Vec<SnoozeTarget> = before.items.iter().take(5).map(target).collect();

    let mut bad = picked.clone();
    bad.push(SnoozeTarget { transaction_id: before.items[5].transaction_id.clone(), rule: "no_such_rule".into() });
    assert!(app.mirror.snooze(&bad, 3, "the lender answers next week", None).is_err());
    assert_eq!(app.mirror.attention(Some("debt_missing")).unwrap().total, before.total, "nothing snoozed");
    assert!(app.mirror.snooze(&[], 3, "nothing picked", None).is_err());

    let mut twice = picked.clone();
    twice.push(picked[0].clone());
    let after = app.mirror.snooze(&twice, 3, "the lender answers next week", Some("debt_missing")).unwrap();
    assert_eq!(after.total, before.total - 5);
    assert!(after.items.iter().all(|i| !picked.contains(&target(i))));
    let snoozed: Vec<_> = after.snoozed.iter().filter(|i| picked.contains(&target(i))).collect();
    assert_eq!(snoozed.len(), 5);
    assert!(snoozed.iter().all(|i| i.note.as_deref() == Some("the lender answers next week")));
    assert!(snoozed.windows(2).all(|w| w[0].snoozed_until == w[1].snoozed_until), "one end for all");
    let audited = app.audit.audit_log(Some("snooze_attention"), 50).unwrap();
    assert_eq!(audited.len(), 5, "one row per item: {audited:?}");
    assert!(picked.iter().all(|p| audited.iter().any(|e| e.target == p.transaction_id)));
}
