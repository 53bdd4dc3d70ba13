//! The team store out of reach (the throwaway cluster stopped, then started again): the desk's
//! pulse says so (the banner), a money action is refused with nothing sent and nothing kept
//! aside in the desk's own journal, the deals stay browsable, and the desk reconnects by
//! itself once the store is back. Its own binary: it stops the cluster its tests share.

mod team_desks;

use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::team::TeamPulse;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::wiring::Domains;
use escrow_sandbox::SandboxConfig;
use std::time::Duration;
use team_desks::{all_deals, desk, ledger, staff};

fn pg_ctl(args: &[&str]) {
    let data = std::env::var("ESCROW_TEST_POSTGRES_DATA").expect("run inside scripts/with-postgres.sh");
    let bin = std::env::var("ESCROW_TEST_POSTGRES_BIN").expect("run inside scripts/with-postgres.sh");
    let pg_ctl = format!("{bin}/pg_ctl");
    // PostgreSQL runs as its own user when the tests run as root (with-postgres.sh).
    let root = std::process::Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let mut cmd = std::process::Command::new(if root { "runuser" } else { pg_ctl.as_str() });
    if root {
        cmd.args(["-u", "postgres", "--", &pg_ctl]);
    }
    let status = cmd.args(["-D", &data, "-w"]).args(args).stdout(std::process::Stdio::null()).status();
    assert!(status.is_ok_and(|s| s.success()), "pg_ctl {args:?}");
}

/// The desk's pulse once `until` holds of it (the desk answers each change as it comes).
async fn pulse_until(app: &Domains, wait: Duration, until: impl Fn(&TeamPulse) -> bool) -> TeamPulse {
    tokio::time::timeout(wait, async {
        let mut p = app.team.next_change(u32::MAX).await;
        while !until(&p) {
            p = app.team.next_change(p.seq).await;
        }
        p
    })
    .await
    .expect("the pulse in time")
}

#[tokio::test(flavor = "multi_thread")]
async fn out_of_reach_the_desk_says_so_refuses_money_moves_and_comes_back_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (a, _) = desk(&dir.path().join("a"), &keychain, &sandbox.url);
    let (url, admin) = desk_team::testing::team_database("faults").await.unwrap();
    a.team.join_team(&staff(&admin, &url, "anna").await).await.unwrap();
    pulse_until(&a, Duration::from_secs(10), |p| p.listening).await;
    let page = a.transactions.list_transactions(&all_deals()).await.unwrap();
    let deal = page.items.iter().find(|t| t.status.as_str() == "PAID").unwrap().transaction_id.clone();
    let reimburse = TransactionAction::Reimburse { transaction_id: deal.clone(), amount: "12.00".into() };

    pg_ctl(&["-m", "fast", "stop"]);
    let down = pulse_until(&a, Duration::from_secs(10), |p| !p.reachable).await;
    assert!(down.joined && !down.listening, "{down:?}");
    let refused = a.actions.start_action(&reimburse, None).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::TeamUnreachable, "{refused:?}");
    assert_eq!(ledger(&sandbox.url, "reimburse", &deal).await, 0, "nothing sent");
    assert!(a.transactions.list_transactions(&all_deals()).await.is_ok(), "the deals stay browsable");

    pg_ctl(&["start"]);
    // Backing off to at most 30 s between tries, it is back within one wait of that.
    let back = pulse_until(&a, Duration::from_secs(45), |p| p.listening).await;
    assert!(back.reachable, "{back:?}");
    assert_eq!(a.actions.start_action(&reimburse, None).await.unwrap().state, ActionState::Succeeded);
    assert_eq!(ledger(&sandbox.url, "reimburse", &deal).await, 1);
    // Nothing was kept aside in the desk's own journal while the store was away.
    a.team.leave_team().unwrap();
    assert!(a.actions.open_actions().await.unwrap().is_empty());
}
