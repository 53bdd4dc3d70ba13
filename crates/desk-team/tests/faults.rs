//! The team store's server going away in the middle of a send: the intent was committed
//! before the request, the service answered, and then PostgreSQL restarted (the desk connects
//! again and records the outcome) or stopped (the outcome cannot be written: the intent stays
//! open with its key and is resumed once the server is back). Either way the money moved
//! once and the journal says so.

mod common;

use common::Team;
use common::deal::{Reimburse, Sandbox};
use desk_core::error::ErrorCode;
use desk_journal::{ActionState, Checkpoint, check, get, open, resume, run, set_checkpoint_hook};
use desk_team::Group;
use std::sync::atomic::{AtomicU8, Ordering};

/// What the hook does when the service has answered: nothing, restart or stop the server.
static ON_REPLY: AtomicU8 = AtomicU8::new(NOTHING);
const NOTHING: u8 = 0;
const RESTART: u8 = 1;
const STOP: u8 = 2;

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

fn on_reply(point: Checkpoint) {
    if point != Checkpoint::ReplyReceived {
        return;
    }
    match ON_REPLY.swap(NOTHING, Ordering::SeqCst) {
        RESTART => pg_ctl(&["-m", "fast", "restart"]),
        STOP => pg_ctl(&["-m", "fast", "stop"]),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restart_or_a_stop_between_the_answer_and_the_outcome_loses_nothing_and_sends_nothing_twice() {
    let sandbox = Sandbox::start().await;
    let deals = sandbox.paid_deals().await;
    let team = Team::new().await;
    let (_, anna) = team.staff("anna", Group::Operator).await;
    let desk = team.journal(&anna).await;
    assert!(set_checkpoint_hook(on_reply));

    // A restart: the desk connects again on its next call and records the outcome.
    let restarted = Reimburse { transaction_id: deals[0].0.clone(), amount: "10.00".into() };
    ON_REPLY.store(RESTART, Ordering::SeqCst);
    let record = run(&desk, &sandbox.client, "production", check(&restarted).unwrap()).await.unwrap().record;
    assert_eq!(record.state, ActionState::Succeeded, "{record:?}");
    assert_eq!(get::<Reimburse>(&desk, &record.id).await.unwrap().state, ActionState::Succeeded);
    assert_eq!(sandbox.reimbursements(&deals[0].0).await, 1, "sent once across the restart");

    // A stop: the outcome cannot be written, and the desk says the store is out of reach.
    let stopped = Reimburse { transaction_id: deals[1].0.clone(), amount: "10.00".into() };
    ON_REPLY.store(STOP, Ordering::SeqCst);
    let Err(e) = run(&desk, &sandbox.client, "production", check(&stopped).unwrap()).await else {
        panic!("the outcome was written to a stopped server")
    };
    assert_eq!(e.code, ErrorCode::TeamUnreachable, "{e:?}");
    assert_eq!(sandbox.reimbursements(&deals[1].0).await, 1, "the service did it once");
    let e = desk_journal::open::<Reimburse>(&desk).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::TeamUnreachable, "no local fallback while it is down: {e:?}");

    // Back up: the intent is open with its key; resuming sends it with that key, and the
    // service answers with what it did the first time.
    pg_ctl(&["start"]);
    let waiting = open::<Reimburse>(&desk).await.unwrap();
    assert_eq!(waiting.len(), 1, "the intent survived: {waiting:?}");
    assert_eq!(waiting[0].state, ActionState::Pending);
    let resumed = resume(&desk, &sandbox.client, &waiting[0]).await.unwrap().record;
    assert_eq!(resumed.state, ActionState::Succeeded, "{resumed:?}");
    assert_eq!(sandbox.reimbursements(&deals[1].0).await, 1, "still once");
}
