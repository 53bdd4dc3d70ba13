//! Four-eyes against the real database and the sandbox: a reimbursement over an admin's
//! threshold waits for a second person; the person who asked cannot approve it, from the
//! desk or from raw SQL; an approval is sent once by the approver's desk; it lapses when
//! the deal changed in between or the approval expired; a rejection sends nothing.

mod common;

use common::Team;
use common::deal::{Reimburse, Sandbox};
use desk_core::error::ErrorCode;
use desk_journal::{Action, ActionState, JournalStore, check, get, resume, run};
use desk_team::Group;
use desk_team::approvals::{self, Rule};
use escrow_api::{CallOptions, IdempotencyKey};
use tokio_postgres::error::SqlState;

/// A team whose admin asks for a second person on reimbursements of 100 or more.
async fn team_with_rule(currency: &str) -> Team {
    let team = Team::new().await;
    let (_, admin) = team.staff("adam", Group::Admin).await;
    let rule = Rule {
        environment_id: "production".into(),
        kind: "reimburse".into(),
        currency: currency.into(),
        from_amount: "100".into(),
        valid_hours: 24,
    };
    approvals::set_rule(&team.connection(&admin).await, &rule).await.unwrap();
    team
}

#[tokio::test(flavor = "multi_thread")]
async fn over_the_threshold_a_second_person_approves_and_their_desk_sends_it_once() {
    let sandbox = Sandbox::start().await;
    let (deal, _, currency) = sandbox.paid_deals().await.remove(0);
    let team = team_with_rule(&currency).await;
    let (anna, anna_cfg) = team.staff("anna", Group::Operator).await;
    let (_, otto_cfg) = team.staff("otto", Group::Operator).await;
    let (bo, bo_cfg) = team.staff("bo", Group::Approver).await;
    let anna_desk = team.journal(&anna_cfg).await;

    // Under the threshold: sent at once.
    let small = Reimburse { transaction_id: deal.clone(), amount: "50.00".into() };
    let run1 = run(&anna_desk, &sandbox.client, "production", check(&small).unwrap()).await.unwrap();
    assert_eq!(run1.record.state, ActionState::Succeeded);

    // Over it: recorded, not sent.
    let large = Reimburse { transaction_id: deal.clone(), amount: "150.00".into() };
    let asked = run(&anna_desk, &sandbox.client, "production", check(&large).unwrap()).await.unwrap().record;
    assert_eq!(asked.state, ActionState::AwaitingApproval);
    assert_eq!(sandbox.reimbursements(&deal).await, 1, "only the small one");
    let Err(e) = resume(&anna_desk, &sandbox.client, &asked).await else { panic!("a retry sent it") };
    assert_eq!(e.code, ErrorCode::Validation, "not sent by a retry: {e:?}");

    // The person who asked cannot approve it, through the desk or around it.
    let anna_conn = team.connection(&anna_cfg).await;
    let e = approvals::approve(&anna_conn, &asked.id, None, None).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "{e:?}");
    let anna_sql = team.session(&anna_cfg).await;
    let raw = anna_sql
        .execute("UPDATE escrow.intents SET state = 'pending' WHERE id = $1::text::uuid", &[&asked.id])
        .await
        .unwrap_err();
    assert_eq!(raw.as_db_error().map(|d| d.code()), Some(&SqlState::INSUFFICIENT_PRIVILEGE), "{raw}");
    // An operator is not an approver.
    let e = approvals::approve(&team.connection(&otto_cfg).await, &asked.id, None, None).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "{e:?}");

    // Nor can an approver approve what they asked for themselves: the database's trigger.
    let (other_deal, _, _) = sandbox.paid_deals().await.remove(1);
    let own = Reimburse { transaction_id: other_deal, amount: "150.00".into() };
    let bo_desk = team.journal(&bo_cfg).await;
    let bo_asked = run(&bo_desk, &sandbox.client, "production", check(&own).unwrap()).await.unwrap().record;
    assert_eq!(bo_asked.state, ActionState::AwaitingApproval);
    let e = approvals::approve(&team.connection(&bo_cfg).await, &bo_asked.id, None, None).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "{e:?}");
    assert!(e.message.contains("the person who asked for an action cannot approve"), "{}", e.message);

    // Bo's inbox lists Anna's; Anna's lists it as hers.
    let bo_conn = team.connection(&bo_cfg).await;
    let inbox = approvals::inbox(&bo_conn).await.unwrap();
    assert_eq!(
        inbox.for_me.iter().map(|w| (w.id.as_str(), w.requested_by.as_str())).collect::<Vec<_>>(),
        [(asked.id.as_str(), anna.as_str())]
    );
    assert_eq!(inbox.asked_by_me.iter().map(|w| w.id.as_str()).collect::<Vec<_>>(), [bo_asked.id.as_str()]);
    assert_eq!(inbox.for_me[0].at_stake, Some(("150.00".into(), currency.clone())));
    assert_eq!(approvals::inbox(&anna_conn).await.unwrap().asked_by_me.len(), 1);

    // Bo approves what his desk shows, and his desk sends it with Anna's intent's key.
    let seen = large.intent_note(&sandbox.client).await;
    approvals::approve(&bo_conn, &asked.id, seen.as_deref(), Some("checked the bank statement")).await.unwrap();
    let approved = get::<Reimburse>(&bo_desk, &asked.id).await.unwrap();
    assert_eq!(approved.state, ActionState::Pending);
    let sent = resume(&bo_desk, &sandbox.client, &approved).await.unwrap().record;
    assert_eq!(sent.state, ActionState::Succeeded, "{sent:?}");
    assert_eq!(sent.idempotency_key, asked.idempotency_key);
    assert_eq!(sandbox.reimbursements(&deal).await, 2, "sent once");
    assert!(resume(&bo_desk, &sandbox.client, &sent).await.is_err(), "not twice");

    let trail: Vec<(String, String, String)> = team
        .admin
        .query(
            "SELECT actor::text, phase, outcome FROM escrow.audit WHERE action_id = $1::text::uuid ORDER BY seq",
            &[&asked.id],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    let row = |a: &str, p: &str, o: &str| (a.to_owned(), p.to_owned(), o.to_owned());
    assert_eq!(
        trail,
        [row(&anna, "intent", "awaiting_approval"), row(&bo, "approval", "approved"), row(&bo, "outcome", "succeeded")]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_approval_lapses_when_the_deal_changed_or_it_expired_and_a_rejection_sends_nothing() {
    let sandbox = Sandbox::start().await;
    let deals = sandbox.paid_deals().await;
    let currency = deals[0].2.clone();
    let team = team_with_rule(&currency).await;
    let (_, anna_cfg) = team.staff("anna", Group::Operator).await;
    let (_, bo_cfg) = team.staff("bo", Group::Approver).await;
    let (anna_desk, bo_desk) = (team.journal(&anna_cfg).await, team.journal(&bo_cfg).await);
    let bo_conn = team.connection(&bo_cfg).await;
    let ask = async |deal: &str| {
        let action = Reimburse { transaction_id: deal.to_owned(), amount: "150.00".into() };
        let record = run(&anna_desk, &sandbox.client, "production", check(&action).unwrap()).await.unwrap().record;
        assert_eq!(record.state, ActionState::AwaitingApproval);
        (action, record)
    };

    // The deal is cancelled after the approval: the consequence Bo saw is not the live one.
    let (changed, payer, _) = &deals[0];
    let (action, record) = ask(changed).await;
    let seen = action.intent_note(&sandbox.client).await;
    approvals::approve(&bo_conn, &record.id, seen.as_deref(), None).await.unwrap();
    let body =
        escrow_api::CancelTransaction { service_account_id: payer.clone(), reason: Some("buyer withdrew".into()) };
    let key = CallOptions::with_idempotency_key(IdempotencyKey::generate());
    sandbox.client.transactions().cancel(changed, &body, &key).await.unwrap();
    let approved = get::<Reimburse>(&bo_desk, &record.id).await.unwrap();
    let lapsed = resume(&bo_desk, &sandbox.client, &approved).await.unwrap().record;
    assert_eq!(lapsed.state, ActionState::Lapsed, "{lapsed:?}");
    assert!(lapse_detail(&team, &record.id).await.contains("The deal changed after"));
    assert!(lapsed.message.as_deref().is_some_and(|m| m.starts_with("The deal changed after")), "{lapsed:?}");
    assert_eq!(sandbox.reimbursements(changed).await, 0, "nothing sent");

    // An approval past its end allows no send.
    let (expiring, _, _) = &deals[1];
    let (action, record) = ask(expiring).await;
    let seen = action.intent_note(&sandbox.client).await;
    approvals::approve(&bo_conn, &record.id, seen.as_deref(), None).await.unwrap();
    // The superuser stands in for a day passing (the trigger refuses any role this).
    team.admin
        .batch_execute(&format!(
            "ALTER TABLE escrow.approvals DISABLE TRIGGER approvals_final;
             UPDATE escrow.approvals SET expires_at = now() - interval '1 minute' WHERE intent_id = '{}';
             ALTER TABLE escrow.approvals ENABLE TRIGGER approvals_final;",
            record.id
        ))
        .await
        .unwrap();
    let approved = get::<Reimburse>(&bo_desk, &record.id).await.unwrap();
    let lapsed = resume(&bo_desk, &sandbox.client, &approved).await.unwrap().record;
    assert_eq!(lapsed.state, ActionState::Lapsed);
    assert!(lapse_detail(&team, &record.id).await.contains("has expired"));
    assert_eq!(sandbox.reimbursements(expiring).await, 0);

    // A rejection ends it; it can then be asked for again (a new decision).
    let (rejected_deal, _, _) = &deals[2];
    let (_, record) = ask(rejected_deal).await;
    approvals::reject(&bo_conn, &record.id, Some("not agreed with the dealer")).await.unwrap();
    let rejected = bo_desk.get(&record.id).await.unwrap();
    assert_eq!(rejected.state, ActionState::Rejected);
    let e = approvals::approve(&bo_conn, &record.id, None, None).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::Validation, "a decision is final: {e:?}");
    assert_eq!(sandbox.reimbursements(rejected_deal).await, 0);
    ask(rejected_deal).await;
}

/// Why the audit trail says the action lapsed.
async fn lapse_detail(team: &Team, id: &str) -> String {
    let row = team
        .admin
        .query_one("SELECT detail FROM escrow.audit WHERE action_id = $1::text::uuid AND outcome = 'lapsed'", &[&id])
        .await
        .unwrap();
    row.get::<_, Option<String>>(0).unwrap_or_default()
}

#[tokio::test]
async fn an_admin_lists_and_removes_rules_and_no_one_else_may() {
    let team = team_with_rule("DKK").await;
    let (_, bo) = team.staff("bo", Group::Approver).await;
    let bo_conn = team.connection(&bo).await;
    let rules = approvals::rules(&bo_conn).await.unwrap();
    assert_eq!(rules.len(), 1);
    assert_eq!((rules[0].kind.as_str(), rules[0].from_amount.as_str(), rules[0].valid_hours), ("reimburse", "100", 24));
    let e = approvals::remove_rule(&bo_conn, "production", "reimburse", "DKK").await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "{e:?}");

    let (_, adam) = team.staff("adam2", Group::Admin).await;
    approvals::remove_rule(&team.connection(&adam).await, "production", "reimburse", "DKK").await.unwrap();
    assert!(approvals::rules(&bo_conn).await.unwrap().is_empty());
}
