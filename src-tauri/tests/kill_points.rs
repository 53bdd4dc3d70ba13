//! The app's process is killed with SIGKILL at each point of an action's life that the
//! journal must survive; after a restart each intent executes exactly once on the
//! sandbox (ledger) and the journal and audit chain are consistent.
//!
//! The process that dies is this test binary re-run as a child: it runs the app's real
//! desk and kills itself (`kill -KILL`) at a `Checkpoint`. The third point — killed
//! while the request is in flight — is the real window's test in `tests/tests/e2e.rs`.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::journal::{self, ActionState, Checkpoint};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{DEMO_KEY, SandboxConfig};
use std::os::unix::process::ExitStatusExt;

fn app(dir: &std::path::Path, url: &str) -> Domains {
    Domains::new(
        Desk::new(
            AppDb::open(&dir.join("app")).unwrap(),
            Keychain::with_service("dk.escrowdesk.test.kill"),
            Some(BuiltInSandbox { url: url.into(), key: DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap()
}

async fn reimbursements(url: &str) -> Vec<serde_json::Value> {
    let ledger: serde_json::Value = reqwest::Client::new()
        .get(format!("{url}/_sandbox/ledger"))
        .bearer_auth(DEMO_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    ledger["items"].as_array().unwrap().iter().filter(|r| r["kind"] == "reimburse").cloned().collect()
}

// Multi-threaded: the sandbox keeps serving the child while this test waits for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_killed_at_each_point_executes_its_intent_exactly_once_after_restart() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let first = app(dir.path(), &sandbox.url);
    let page = first
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
    let txn = page.items.iter().find(|t| t.status.as_str() == "PAID").unwrap().transaction_id.clone();
    drop(first);

    for (point, executed_before_restart) in [(Checkpoint::IntentCommitted, 0), (Checkpoint::ReplyReceived, 1)] {
        let before = reimbursements(&sandbox.url).await.len();
        let mut child = tokio::process::Command::new(std::env::current_exe().unwrap());
        child
            .args(["--exact", "child_killed_at_a_checkpoint", "--ignored", "--nocapture"])
            .env("KILL_AT", point.as_str())
            .env("KILL_DIR", dir.path())
            .env("KILL_URL", &sandbox.url)
            .env("KILL_TXN", &txn);
        let started = std::time::Instant::now();
        let out = child.output().await.unwrap();
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "{point:?}: the child answered promptly");
        assert_eq!(
            out.status.signal(),
            Some(9),
            "{point:?}: killed by SIGKILL\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(reimbursements(&sandbox.url).await.len() - before, executed_before_restart, "{point:?}");

        let restarted = app(dir.path(), &sandbox.url);
        let open = restarted.actions.open_actions().await.unwrap();
        assert_eq!(open.len(), 1, "{point:?}: the intent survived");
        assert_eq!(open[0].state, ActionState::Pending);
        let done = restarted.actions.retry_action(&open[0].id).await.unwrap();
        assert_eq!(done.state, ActionState::Succeeded, "{point:?}: {:?}", done.error);
        let rows = reimbursements(&sandbox.url).await;
        assert_eq!(rows.len() - before, 1, "{point:?}: exactly one execution");
        assert_eq!(rows.iter().filter(|r| r["idempotencyKey"] == open[0].idempotency_key.as_str()).count(), 1);
        assert!(restarted.actions.open_actions().await.unwrap().is_empty());
        let chain = restarted.audit.verify_audit_log().unwrap();
        assert_eq!(
            chain.status,
            escrow_desk::audit::ChainStatus::Intact,
            "{point:?}: the audit chain is whole: {chain:?}"
        );
    }
}

fn kill_self_at(point: Checkpoint) {
    if std::env::var("KILL_AT").is_ok_and(|p| p == point.as_str()) {
        let _ = std::process::Command::new("kill").args(["-KILL", &std::process::id().to_string()]).status();
        std::thread::sleep(std::time::Duration::from_secs(30));
    }
}

#[tokio::test]
#[ignore = "run by an_app_killed_at_each_point_executes_its_intent_exactly_once_after_restart"]
async fn child_killed_at_a_checkpoint() {
    let (Ok(dir), Ok(url), Ok(txn)) = (std::env::var("KILL_DIR"), std::env::var("KILL_URL"), std::env::var("KILL_TXN"))
    else {
        return;
    };
    assert!(journal::set_checkpoint_hook(kill_self_at));
    let app = app(std::path::Path::new(&dir), &url);
    let _ = app
        .actions
        .start_action(&TransactionAction::Reimburse { transaction_id: txn, amount: "25.00".into() }, None)
        .await;
    panic!("the process should have been killed at {}", std::env::var("KILL_AT").unwrap_or_default());
}
