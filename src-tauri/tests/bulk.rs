//! Bulk runs against the sandbox over real HTTP: one confirmation on the typed totals,
//! each row its own journaled action with its own key, an unclear outcome retried with
//! the same key and executed exactly once, the batch id on every audit row, cancel of
//! the rest.

use escrow_desk::appdb::AppDb;
use escrow_desk::bulk::model::{BatchState, BatchStatus, BulkKind, BulkPrepareRequest, BulkStartRequest, RowState};
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::export::ExportRequest;
use escrow_desk::transactions::filters::TransactionFilters;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::SandboxConfig;
use serde_json::{Value, json};
use std::str::FromStr;
use std::time::Duration;

struct World {
    app: Domains,
    dir: tempfile::TempDir,
    sandbox: escrow_sandbox::RunningSandbox,
}

impl World {
    /// A journal record as stored (read beside the desk, as the app's file is shared-read).
    fn record(&self, action_id: &str) -> (String, String, Value, Option<String>) {
        let path = self.dir.path().join("app").join(escrow_desk::appdb::FILE_NAME);
        let conn = rusqlite::Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        conn.query_row(
            "SELECT state, idempotency_key, request, batch_id FROM actions WHERE id = ?1",
            [action_id],
            |r| {
                let request: String = r.get(2)?;
                Ok((r.get(0)?, r.get(1)?, serde_json::from_str(&request).unwrap(), r.get(3)?))
            },
        )
        .unwrap()
    }
}

async fn world() -> World {
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
    World { app, dir, sandbox }
}

async fn control(url: &str, method: reqwest::Method, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new()
        .request(method, format!("{url}{path}"))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(Value::Null)
}

async fn ledger(url: &str, kind: &str) -> Vec<Value> {
    let all = control(url, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await;
    all["items"].as_array().into_iter().flatten().filter(|r| r["kind"] == kind).cloned().collect()
}

/// `n` transactions of `status` in the sandbox's demo data.
async fn with_status(app: &Domains, status: &str, n: usize) -> Vec<String> {
    let page = app
        .transactions
        .list_transactions(&TransactionQuery {
            search: None,
            skip: 0,
            take: 100,
            filters: None,
            reference_id: None,
            sort: None,
        })
        .await
        .unwrap();
    let ids: Vec<String> =
        page.items.iter().filter(|t| t.status.as_str() == status).take(n).map(|t| t.transaction_id.clone()).collect();
    assert_eq!(ids.len(), n, "{n} {status} demo transactions");
    ids
}

async fn finished(app: &Domains, batch_id: &str) -> BatchStatus {
    for _ in 0..600 {
        let s = app.bulk.bulk_status(batch_id).unwrap();
        if s.state == BatchState::Finished {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bulk run did not finish: {:?}", app.bulk.bulk_status(batch_id));
}

fn prepare_request(kind: BulkKind, ids: &[String]) -> BulkPrepareRequest {
    BulkPrepareRequest { kind, ids: ids.to_vec(), reason: None }
}

/// Five payouts, one answered by a dropped connection after the service executed it (on
/// every attempt the client makes): four done, one unknown; the retry checks with the
/// service, sends nothing, and the ledger holds exactly five payouts, one per deal.
#[tokio::test]
async fn a_payout_run_with_an_unclear_row_is_retried_to_exactly_once() {
    let w = world().await;
    let ids = with_status(&w.app, "PAID", 5).await;
    let before = ledger(&w.sandbox.url, "payout").await.len();
    let faulty = ids[2].clone();
    let rule = json!({ "rules": [{ "method": "POST", "pathPrefix": format!("/v2/transactions/{faulty}/payout"),
        "kind": "drop", "phase": "after", "count": 3 }] });
    control(&w.sandbox.url, reqwest::Method::PUT, "/_sandbox/faults", rule).await;

    let prepared = w.app.bulk.bulk_prepare(&prepare_request(BulkKind::Payout, &ids)).await.unwrap();
    assert_eq!(prepared.state, BatchState::Prepared);
    assert_eq!(prepared.count(RowState::Queued), 5);
    assert_eq!(prepared.totals.len(), 1, "the demo data is in DKK: {:?}", prepared.totals);
    let wrong = BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: vec![] };
    assert!(w.app.bulk.bulk_start(&wrong).is_err(), "nothing starts without the typed totals");
    assert_eq!(ledger(&w.sandbox.url, "payout").await.len(), before, "a refused confirmation sends nothing");

    let start = BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() };
    w.app.bulk.bulk_start(&start).unwrap();
    assert!(w.app.bulk.bulk_start(&start).is_err(), "a run starts once");
    let first = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(first.count(RowState::Done), 4, "{:?}", first.rows);
    let unclear = first.rows.iter().find(|r| r.transaction_id == faulty).unwrap();
    assert_eq!(unclear.state, RowState::Unknown, "{unclear:?}");
    let action_id = unclear.action_id.clone().unwrap();
    let (_, key, _, _) = w.record(&action_id);

    let again = w.app.bulk.bulk_retry(&prepared.batch_id).unwrap();
    assert_eq!(again.count(RowState::Queued), 1, "only what failed is retried");
    let second = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(second.count(RowState::Done), 5, "{:?}", second.rows);
    let row = second.rows.iter().find(|r| r.transaction_id == faulty).unwrap();
    assert_eq!(row.action_id.as_deref(), Some(action_id.as_str()), "the same intent, not a new one");
    let (state, same_key, _, _) = w.record(&action_id);
    assert_eq!((state.as_str(), same_key.as_str()), ("succeeded", key.as_str()));

    let payouts = ledger(&w.sandbox.url, "payout").await;
    assert_eq!(payouts.len(), before + 5, "exactly five payouts");
    for id in &ids {
        assert_eq!(payouts.iter().filter(|p| p["target"] == id.as_str()).count(), 1, "one payout for {id}");
        // Each row's consequence is what the ledger paid its payee.
        let row = prepared.rows.iter().find(|r| &r.transaction_id == id).unwrap();
        let paid = payouts.iter().find(|p| p["target"] == id.as_str()).unwrap()["amount"].clone();
        let paid =
            rust_decimal::Decimal::from_str(&paid.as_str().map_or_else(|| paid.to_string(), str::to_owned)).unwrap();
        assert_eq!(rust_decimal::Decimal::from_str(row.moves.as_deref().unwrap()).unwrap(), paid, "{id}");
    }
    assert_eq!(prepared.moves.len(), 1, "{:?}", prepared.moves);
    assert!(w.app.bulk.bulk_retry(&prepared.batch_id).is_err(), "nothing is left to retry");

    let audit = w.app.audit.audit_log(Some(&prepared.batch_id), 1000).unwrap();
    // Five intents and five first outcomes, then the retried row's outcome.
    assert_eq!(audit.len(), 11, "{audit:#?}");
    let tag = format!("batch {}", prepared.batch_id);
    assert!(audit.iter().all(|e| e.detail.as_deref().is_some_and(|d| d.starts_with(&tag))), "{audit:#?}");
    assert!(w.app.audit.verify_audit_log().unwrap().problem.is_none(), "the tagged rows verify");
}

/// A refusal before the request (503, every attempt) is an unclear outcome too; the retry
/// resends the same intent with its own key and the service executes it once.
#[tokio::test]
async fn a_retry_resends_an_unanswered_payout_with_its_own_key() {
    let w = world().await;
    let ids = with_status(&w.app, "PAID", 2).await;
    let rule = json!({ "rules": [{ "method": "POST", "pathPrefix": format!("/v2/transactions/{}/payout", ids[0]),
        "kind": "status", "status": 503, "count": 3 }] });
    control(&w.sandbox.url, reqwest::Method::PUT, "/_sandbox/faults", rule).await;
    let prepared = w.app.bulk.bulk_prepare(&prepare_request(BulkKind::Payout, &ids)).await.unwrap();
    w.app
        .bulk
        .bulk_start(&BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() })
        .unwrap();
    let first = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(first.rows[0].state, RowState::Unknown, "{:?}", first.rows[0]);
    assert!(ledger(&w.sandbox.url, "payout").await.iter().all(|p| p["target"] != ids[0].as_str()));

    w.app.bulk.bulk_retry(&prepared.batch_id).unwrap();
    let second = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(second.count(RowState::Done), 2, "{:?}", second.rows);
    let (_, key, _, _) = w.record(first.rows[0].action_id.as_deref().unwrap());
    let payouts = ledger(&w.sandbox.url, "payout").await;
    let mine: Vec<_> = payouts.iter().filter(|p| p["target"] == ids[0].as_str()).collect();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["idempotencyKey"], key.as_str(), "sent with the intent's own key");
}

/// Ineligible rows are skipped with why; the one reason goes with every cancel; a cancel
/// run needs a reason.
#[tokio::test]
async fn a_cancel_run_skips_what_cannot_be_cancelled_and_sends_one_reason() {
    let w = world().await;
    assert!(
        w.app
            .bulk
            .bulk_prepare(&prepare_request(BulkKind::Cancel, &with_status(&w.app, "CREATED", 1).await))
            .await
            .is_err()
    );
    let mut ids = with_status(&w.app, "CREATED", 2).await;
    ids.extend(with_status(&w.app, "SUCCEEDED", 1).await);
    ids.push("no-such-transaction".into());
    let req = BulkPrepareRequest { kind: BulkKind::Cancel, ids: ids.clone(), reason: Some(" Duplicate order ".into()) };
    let prepared = w.app.bulk.bulk_prepare(&req).await.unwrap();
    assert_eq!(prepared.count(RowState::Queued), 2);
    assert_eq!(prepared.count(RowState::Skipped), 2, "{:?}", prepared.rows);
    // Nothing was paid in on a CREATED deal: nothing goes back to its payer.
    assert!(prepared.rows[..2].iter().all(|r| r.moves.as_deref() == Some("0.00")), "{:?}", prepared.rows);
    assert!(prepared.rows[2..].iter().all(|r| r.moves.is_none()), "a skipped row moves nothing");
    assert!(prepared.rows[2].message.as_deref().unwrap().contains("SUCCEEDED"));
    w.app
        .bulk
        .bulk_start(&BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() })
        .unwrap();
    let done = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(done.count(RowState::Done), 2, "{:?}", done.rows);
    for id in &ids[..2] {
        let t = w.app.transactions.get_transaction(id).await.unwrap().transaction;
        assert_eq!(t.status.as_str(), "CANCELLED");
    }
    let (_, _, request, batch) = w.record(done.rows[0].action_id.as_deref().unwrap());
    assert_eq!(request["reason"], "Duplicate order");
    assert_eq!(batch.as_deref(), Some(prepared.batch_id.as_str()));
}

/// Cancel stops what has not been sent: those rows end cancelled, nothing of theirs
/// reaches the service, and a retry runs them.
#[tokio::test]
async fn cancelling_a_run_leaves_the_rest_unsent() {
    let w = world().await;
    let ids = with_status(&w.app, "PAID", 8).await;
    let before = ledger(&w.sandbox.url, "payout").await.len();
    let slow = json!({ "rules": [{ "method": "POST", "pathPrefix": "/v2/transactions/", "kind": "delay",
        "phase": "before", "delayMs": 700 }] });
    control(&w.sandbox.url, reqwest::Method::PUT, "/_sandbox/faults", slow).await;
    let prepared = w.app.bulk.bulk_prepare(&prepare_request(BulkKind::Payout, &ids)).await.unwrap();
    w.app
        .bulk
        .bulk_start(&BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() })
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let asked = w.app.bulk.bulk_cancel(&prepared.batch_id).unwrap();
    assert!(asked.cancelling);
    let stopped = finished(&w.app, &prepared.batch_id).await;
    let (done, cancelled) = (stopped.count(RowState::Done), stopped.count(RowState::Cancelled));
    assert_eq!(done + cancelled, 8, "{:?}", stopped.rows);
    assert!(cancelled >= 8 - 2 * escrow_desk::bulk::runner::CONCURRENCY, "{done} done, {cancelled} cancelled");
    assert_eq!(ledger(&w.sandbox.url, "payout").await.len(), before + done, "cancelled rows were not sent");

    control(&w.sandbox.url, reqwest::Method::DELETE, "/_sandbox/faults", json!({})).await;
    w.app.bulk.bulk_retry(&prepared.batch_id).unwrap();
    assert_eq!(finished(&w.app, &prepared.batch_id).await.count(RowState::Done), 8);
}

/// "Select all matching" gets every match of the filters, not one page; exporting a
/// selection writes only its rows, in the export's format.
#[tokio::test]
async fn every_match_is_selectable_and_a_selection_exports_alone() {
    let w = world().await;
    let filters = TransactionFilters { statuses: vec!["PAID".into()], ..Default::default() };
    let all = w
        .app
        .bulk
        .bulk_matching_ids(&ExportRequest { search: None, filters: Some(filters.clone()), ids: None })
        .await
        .unwrap();
    let page = w
        .app
        .transactions
        .list_transactions(&TransactionQuery {
            search: None,
            skip: 0,
            take: 10,
            filters: Some(filters),
            reference_id: None,
            sort: None,
        })
        .await
        .unwrap();
    assert_eq!(all.ids.len(), page.count as usize, "every match, not the page");
    assert!(all.ids.len() > 10);

    let chosen: Vec<String> = all.ids[..3].to_vec();
    let export_dir = tempfile::tempdir().unwrap();
    let app = w.app.with_export_dir(export_dir.path().to_owned());
    let started = app
        .transactions
        .start_export(&ExportRequest { search: None, filters: None, ids: Some(chosen.clone()) })
        .unwrap();
    let mut status = app.transactions.export_status(&started.id).unwrap();
    for _ in 0..400 {
        if status.state != escrow_desk::transactions::export::ExportState::Running {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        status = app.transactions.export_status(&started.id).unwrap();
    }
    let text = std::fs::read_to_string(status.path.expect("a finished export")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].trim_start_matches('\u{feff}'), escrow_desk::transactions::export::header().join(","));
    assert_eq!(lines.len(), 4, "the header and the three chosen");
    for id in &chosen {
        assert!(lines[1..].iter().any(|l| l.starts_with(id.as_str())), "{id}");
    }
}

/// A payment-link run creates one payment per unpaid deal (journaled, keyed) and answers
/// each hosted link; a deal whose payer has no account yet is left out.
#[tokio::test]
async fn a_payment_link_run_answers_one_link_per_unpaid_deal() {
    let w = world().await;
    let page = w
        .app
        .transactions
        .list_transactions(&TransactionQuery {
            search: None,
            skip: 0,
            take: 100,
            filters: None,
            reference_id: None,
            sort: None,
        })
        .await
        .unwrap();
    let with_payer = |t: &&escrow_api::TransactionListItem| {
        t.status.as_str() == "CREATED" && t.payer.as_ref().and_then(|p| p.service_account_id.as_ref()).is_some()
    };
    let ids: Vec<String> = page.items.iter().filter(with_payer).take(3).map(|t| t.transaction_id.clone()).collect();
    assert_eq!(ids.len(), 3, "three unpaid demo deals with a payer account");
    let prepared = w.app.bulk.bulk_prepare(&prepare_request(BulkKind::PaymentLink, &ids)).await.unwrap();
    assert_eq!(prepared.count(RowState::Queued), 3, "{:?}", prepared.rows);
    w.app
        .bulk
        .bulk_start(&BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() })
        .unwrap();
    let done = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(done.count(RowState::Done), 3, "{:?}", done.rows);
    for r in &done.rows {
        let link = r.link.as_deref().unwrap_or_default();
        assert!(link.starts_with("http"), "a hosted link for {}: {link:?}", r.transaction_id);
        let (_, _, request, batch) = w.record(r.action_id.as_deref().unwrap());
        assert_eq!(request["kind"], "createPayment");
        assert_eq!(batch.as_deref(), Some(prepared.batch_id.as_str()));
    }
}

/// A deal changed between the confirmation and its turn is not sent: the person confirmed
/// another amount.
#[tokio::test]
async fn a_deal_changed_after_the_confirmation_is_not_paid_out() {
    let w = world().await;
    let ids = with_status(&w.app, "CREATED", 2).await;
    let prepared = w.app.bulk.bulk_prepare(&prepare_request(BulkKind::Cancel, &ids).with_reason()).await.unwrap();
    let changed = w
        .app
        .actions
        .start_action(
            &escrow_desk::transactions::actions::TransactionAction::ChangeAmount {
                transaction_id: ids[0].clone(),
                amount: (prepared.rows[0].amount.parse::<rust_decimal::Decimal>().unwrap()
                    + rust_decimal::Decimal::ONE)
                    .to_string(),
                payee_fixed_fee: None,
                payer_fixed_fee: None,
            },
            None,
        )
        .await
        .unwrap();
    assert_eq!(changed.state, escrow_desk::journal::ActionState::Succeeded, "{changed:?}");
    w.app
        .bulk
        .bulk_start(&BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() })
        .unwrap();
    let done = finished(&w.app, &prepared.batch_id).await;
    assert_eq!(done.rows[0].state, RowState::Failed, "{:?}", done.rows[0]);
    assert!(done.rows[0].message.as_deref().unwrap().contains("Changed since the confirmation"));
    assert!(done.rows[0].action_id.is_none(), "nothing journaled, nothing sent");
    assert_eq!(done.rows[1].state, RowState::Done);
    assert_eq!(w.app.transactions.get_transaction(&ids[0]).await.unwrap().transaction.status.as_str(), "CREATED");
}

trait WithReason {
    fn with_reason(self) -> Self;
}

impl WithReason for BulkPrepareRequest {
    fn with_reason(self) -> Self {
        BulkPrepareRequest { reason: Some("Changed terms".into()), ..self }
    }
}
