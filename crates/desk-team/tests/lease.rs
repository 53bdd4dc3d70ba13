//! A desk that died in the middle of a send: its intent is committed, its lease keeps every
//! other desk from resending it while it may still be under way, and once the lease has run
//! out any operator reconciles it (reads the live record, resends with the same key). The
//! desk that comes back finds it done and sends nothing.

mod common;

use common::Team;
use common::deal::{Reimburse, Sandbox};
use desk_core::error::ErrorCode;
use desk_journal::{ActionState, LiveRead, check, get, open, record_intent, resume};
use desk_team::Group;

#[tokio::test(flavor = "multi_thread")]
async fn another_desk_reconciles_an_intent_once_its_lease_has_run_out_and_it_is_sent_once() {
    let sandbox = Sandbox::start().await;
    let (deal, _, _) = sandbox.paid_deals().await.remove(0);
    let team = Team::new().await;
    let (anna, anna_cfg) = team.staff("anna", Group::Operator).await;
    let (otto, otto_cfg) = team.staff("otto", Group::Operator).await;
    let (anna_desk, otto_desk) = (team.journal(&anna_cfg).await, team.journal(&otto_cfg).await);

    // Anna's desk commits the intent, sends the request, and dies before the answer.
    let action = Reimburse { transaction_id: deal.clone(), amount: "25.00".into() };
    let intent =
        record_intent(&anna_desk, "production", check(&action).unwrap(), None, &LiveRead::default()).await.unwrap();
    desk_journal::send_unrecorded(&sandbox.client, &intent).await.unwrap();
    assert_eq!(sandbox.reimbursements(&deal).await, 1);

    // Otto sees it open for the team, but it is Anna's desk's for now.
    let seen = open::<Reimburse>(&otto_desk).await.unwrap();
    assert_eq!(seen.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), [intent.id.as_str()]);
    let Err(e) = resume(&otto_desk, &sandbox.client, &seen[0]).await else { panic!("resent within the lease") };
    assert_eq!(e.code, ErrorCode::InProgress, "{e:?}");
    assert!(e.message.starts_with(&format!("Being sent by {anna}'s desk")), "{}", e.message);
    assert_eq!(sandbox.reimbursements(&deal).await, 1);

    // Five minutes later (the superuser stands in for the clock), Otto reconciles it: the
    // resend carries Anna's key, and the service answers with what it did.
    team.admin
        .execute(
            "UPDATE escrow.intents SET lease_until = now() - interval '1 second' WHERE id = $1::text::uuid",
            &[&intent.id],
        )
        .await
        .unwrap();
    let done = resume(&otto_desk, &sandbox.client, &seen[0]).await.unwrap().record;
    assert_eq!(done.state, ActionState::Succeeded, "{done:?}");
    assert_eq!(done.idempotency_key, intent.idempotency_key);
    assert_eq!(sandbox.reimbursements(&deal).await, 1, "reconciled, not sent twice");
    let by: String = team
        .admin
        .query_one(
            "SELECT actor::text FROM escrow.audit WHERE action_id = $1::text::uuid AND phase = 'outcome'",
            &[&intent.id],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(by, otto, "the outcome is Otto's");

    // Anna's desk comes back and tries its own intent again: it is done; nothing is sent.
    let stale = get::<Reimburse>(&anna_desk, &intent.id).await.unwrap();
    assert_eq!(stale.state, ActionState::Succeeded);
    assert!(resume(&anna_desk, &sandbox.client, &intent).await.is_err(), "its old copy is refused");
    assert_eq!(sandbox.reimbursements(&deal).await, 1);
}
