//! Two desks, two data folders, one team store on a real PostgreSQL (the throwaway cluster
//! of `scripts/with-postgres.sh`) and one sandbox: joined to the team, they cannot move the
//! same money twice; the team's rows name each staff member; leaving returns a desk to its
//! own journal, and a restart finds the team again.

mod team_desks;

use escrow_desk::bulk::model::{BatchState, BulkKind, BulkPrepareRequest, BulkStartRequest, RowState};
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::notifications::sender::{Captured, Notices};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::team::{ApprovalRuleInput, JoinTeam, QueueItemRef, QueueMove};
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::filters::TransactionFilters;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_sandbox::SandboxConfig;
use std::sync::Arc;
use team_desks::{desk, desk_noting, reimbursements, reopen, staff, staff_in};

#[tokio::test(flavor = "multi_thread")]
async fn two_desks_on_one_team_store_reimburse_a_deal_once_and_a_desk_can_leave_and_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain_a = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let keychain_b = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (dir_a, dir_b) = (dir.path().join("a"), dir.path().join("b"));
    let ((a, profile_a), (b, profile_b)) =
        (desk(&dir_a, &keychain_a, &sandbox.url), desk(&dir_b, &keychain_b, &sandbox.url));
    assert_ne!(profile_a, profile_b, "each desk names the service its own way");

    let (url, admin) = desk_team::testing::team_database("desks").await.unwrap();
    let (anna, otto) = (staff(&admin, &url, "anna").await, staff(&admin, &url, "otto").await);
    let bad = JoinTeam { password: "wrong".into(), ..anna.clone() };
    assert_eq!(
        a.team.join_team(&bad).await.unwrap_err().code,
        ErrorCode::Unauthorized,
        "a wrong password is said at once"
    );
    assert!(!a.team.team_status().unwrap().joined);
    let joined = a.team.join_team(&anna).await.unwrap();
    assert_eq!((joined.joined, joined.user.as_deref()), (true, Some(anna.user.as_str())));
    b.team.join_team(&otto).await.unwrap();

    let query = TransactionQuery { search: None, skip: 0, take: 100, filters: None, reference_id: None, sort: None };
    let page = a.transactions.list_transactions(&query).await.unwrap();
    let deal = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid deal").transaction_id.clone();
    let reimburse = TransactionAction::Reimburse { transaction_id: deal.clone(), amount: "10.00".into() };

    // Both staff reimburse the deal at the same moment, each from their own desk.
    let (ra, rb) = tokio::join!(a.actions.start_action(&reimburse, None), b.actions.start_action(&reimburse, None));
    let (won, refused) = match (ra, rb) {
        (Ok(rec), Err(e)) | (Err(e), Ok(rec)) => (rec, e),
        other => panic!("exactly one desk moves the money: {other:?}"),
    };
    assert_eq!(won.state, ActionState::Succeeded, "{won:?}");
    assert_eq!(refused.code, ErrorCode::InProgress, "{refused:?}");
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 1, "the service did it once");
    // The desk shows the record under its own environment's id, not the team's name.
    assert!([&profile_a, &profile_b].contains(&&won.environment_id), "{won:?}");

    // Leaving returns A to its own journal: its next action is not the team's.
    let left = a.team.leave_team().unwrap();
    assert!(!left.joined);
    assert!(a.actions.open_actions().await.unwrap().is_empty());

    // B restarted finds its team again, the password from the keychain.
    drop(b);
    let b = reopen(&dir_b, &keychain_b);
    assert_eq!(b.team.team_status().unwrap().user.as_deref(), Some(otto.user.as_str()));
    let again = b.actions.start_action(&reimburse, None).await.unwrap();
    assert_eq!(again.state, ActionState::Succeeded, "a new decision after the first ended");
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 2);
    // The password is kept per login and store (two desks on one machine keep their own),
    // and leaving removes it.
    let account = format!("team-store-password:{}@{}", otto.user, url);
    assert_eq!(keychain_b.get(&account).unwrap().as_deref(), Some("staff-password"));
    // A desk whose password is gone from the keychain refuses every action until it joins
    // again: nothing falls back to its own journal.
    keychain_b.delete(&account).unwrap();
    drop(b);
    let b = reopen(&dir_b, &keychain_b);
    let refused = b.actions.start_action(&reimburse, None).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::NoApiKey, "{refused:?}");
    assert!(refused.message.contains("join the team again"), "{}", refused.message);
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 2, "nothing sent");
    b.team.join_team(&otto).await.unwrap();
    b.team.leave_team().unwrap();
    assert_eq!(keychain_b.get(&account).unwrap(), None);
}

#[tokio::test(flavor = "multi_thread")]
async fn over_an_admins_threshold_a_second_desk_approves_and_sends_it_once_and_the_trail_names_both() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain_a = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let keychain_b = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (heard_a, heard_b) = (Arc::new(Captured::default()), Arc::new(Captured::default()));
    let (a, profile_a) = desk_noting(&dir.path().join("a"), &keychain_a, &sandbox.url, Notices::new(heard_a.clone()));
    let (b, profile_b) = desk_noting(&dir.path().join("b"), &keychain_b, &sandbox.url, Notices::new(heard_b.clone()));
    let (url, admin) = desk_team::testing::team_database("fourEyes").await.unwrap();
    let anna = staff(&admin, &url, "anna").await;
    let bo = staff_in(&admin, &url, "bo", desk_team::Group::Admin).await;
    a.team.join_team(&anna).await.unwrap();
    b.team.join_team(&bo).await.unwrap();
    let standing = a.team.team_standing().await.unwrap();
    assert_eq!((standing.group.as_deref(), standing.can_act, standing.can_approve), (Some("operator"), true, false));
    assert!(b.team.team_standing().await.unwrap().can_admin);

    // Anna may not set a rule; Bo, an admin, sets one on his desk's name of the service.
    let rule = |environment_id: &str| ApprovalRuleInput {
        environment_id: environment_id.into(),
        kind: "reimburse".into(),
        currency: "dkk".into(),
        from_amount: "100".into(),
        valid_hours: 24,
    };
    assert_eq!(a.team.save_approval_rule(&rule(&profile_a)).await.unwrap_err().code, ErrorCode::NotPermitted);
    let rules = b.team.save_approval_rule(&rule(&profile_b)).await.unwrap();
    assert_eq!(rules.len(), 1);
    let seen_by_a = &a.team.approval_rules().await.unwrap()[0];
    assert_eq!((seen_by_a.environment_id.as_deref(), seen_by_a.currency.as_str()), (Some(profile_a.as_str()), "DKK"));

    let query = TransactionQuery { search: None, skip: 0, take: 100, filters: None, reference_id: None, sort: None };
    let page = a.transactions.list_transactions(&query).await.unwrap();
    let deal = page
        .items
        .iter()
        .find(|t| t.status.as_str() == "PAID" && t.currency.as_str() == "DKK")
        .expect("a paid DKK deal");
    let deal = deal.transaction_id.clone();
    // Bo's desk listens before Anna asks (what it hears is what follows).
    let mut heard = b.team.next_change(u32::MAX).await;
    while !heard.listening {
        heard = b.team.next_change(heard.seq).await;
    }

    // Anna asks: recorded, not sent; Bo's desk hears it and is told.
    let reimburse = TransactionAction::Reimburse { transaction_id: deal.clone(), amount: "150.00".into() };
    let asked = a.actions.start_action(&reimburse, None).await.unwrap();
    assert_eq!(asked.state, ActionState::AwaitingApproval, "{asked:?}");
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 0);
    let mut pulse = b.team.next_change(heard.seq).await;
    while pulse.last.is_none() {
        pulse = b.team.next_change(pulse.seq).await;
    }
    assert_eq!(
        pulse.last.as_ref().map(|c| (c.id.as_str(), c.state.as_str())),
        Some((asked.id.as_str(), "awaiting_approval"))
    );
    assert_eq!(pulse.last.and_then(|c| c.environment_id), Some(profile_b.clone()), "named as B names it");
    assert!(heard_b.notes().iter().any(|n| n.title == "Approval requested"), "{:?}", heard_b.notes());

    // Anna cannot approve it herself; it is in Bo's inbox, with what it will do.
    assert_eq!(a.team.approval_check(&asked.id).await.map(drop), Ok(()), "she may look");
    let own = a.team.approve_action(&asked.id, None, None).await.unwrap_err();
    assert!(matches!(own.code, ErrorCode::NotPermitted | ErrorCode::Validation), "{own:?}");
    let inbox = b.team.approvals_inbox().await.unwrap();
    assert_eq!(inbox.for_me.iter().map(|i| i.id.as_str()).collect::<Vec<_>>(), [asked.id.as_str()]);
    assert_eq!(inbox.for_me[0].requested_by, anna.user);
    assert_eq!(inbox.for_me[0].environment_id.as_deref(), Some(profile_b.as_str()));
    assert!(matches!(inbox.for_me[0].request, Some(escrow_desk::actions::ActionRequest::Transaction(_))));
    let check = b.team.approval_check(&asked.id).await.unwrap();
    let consequence = check.consequence.consequence.clone().expect("a reimbursement's consequence");
    assert_eq!(consequence.to_payer, "150.00", "{consequence:?}");

    // A stale look is refused; the one just read approves, and Bo's desk sends it once.
    let stale = b.team.approve_action(&asked.id, Some("another deal's figures"), None).await.unwrap_err();
    assert_eq!(stale.code, ErrorCode::Validation, "{stale:?}");
    let sent = b.team.approve_action(&asked.id, check.seen.as_deref(), Some("Checked with the dealer")).await.unwrap();
    assert_eq!(sent.state, ActionState::Succeeded, "{sent:?}");
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 1);
    let on_a = a.actions.get_action(&asked.id).await.unwrap();
    assert_eq!((on_a.state, on_a.environment_id.as_str()), (ActionState::Succeeded, profile_a.as_str()));
    tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while !heard_a.notes().iter().any(|n| n.body == format!("{} approved your reimbursement.", bo.user)) {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("Anna is told: {:?}", heard_a.notes()));

    // The team's trail: Anna asked, Bo approved and Bo's desk sent it.
    let sql = desk_team::connect(&admin).await.unwrap();
    let rows = sql
        .query(
            "SELECT phase, outcome, actor::text FROM escrow.audit WHERE action_id = $1::text::uuid ORDER BY seq",
            &[&asked.id],
        )
        .await
        .unwrap();
    let trail: Vec<(String, String, String)> = rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect();
    assert_eq!(
        trail,
        [
            ("intent".into(), "awaiting_approval".into(), anna.user.clone()),
            ("approval".into(), "approved".into(), bo.user.clone()),
            ("outcome".into(), "succeeded".into(), bo.user.clone()),
        ]
    );
    // A bulk run's rows the rules hold wait too, each in a state of its own, nothing sent.
    b.team
        .save_approval_rule(&ApprovalRuleInput { kind: "payout".into(), from_amount: "0".into(), ..rule(&profile_b) })
        .await
        .unwrap();
    let paid: Vec<String> = a
        .transactions
        .list_transactions(&query)
        .await
        .unwrap()
        .items
        .iter()
        .filter(|t| t.status.as_str() == "PAID" && t.currency.as_str() == "DKK" && t.transaction_id != deal)
        .take(2)
        .map(|t| t.transaction_id.clone())
        .collect();
    let prepared = a
        .bulk
        .bulk_prepare(&BulkPrepareRequest { kind: BulkKind::Payout, ids: paid.clone(), reason: None })
        .await
        .unwrap();
    a.bulk
        .bulk_start(&BulkStartRequest { batch_id: prepared.batch_id.clone(), typed_totals: prepared.totals.clone() })
        .unwrap();
    let run = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        loop {
            let s = a.bulk.bulk_status(&prepared.batch_id).unwrap();
            if s.state == BatchState::Finished {
                return s;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("the bulk run finished");
    assert_eq!(run.count(RowState::AwaitingApproval), 2, "{:?}", run.rows);
    assert_eq!(b.team.approvals_inbox().await.unwrap().for_me.len(), 2);

    a.team.leave_team().unwrap();
    b.team.leave_team().unwrap();
    assert!(!b.team.next_change(0).await.joined);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_desks_work_the_attention_queue_together_and_the_store_names_who_did_what() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (a, env_a) = desk(&dir.path().join("a"), &keychain, &sandbox.url);
    let (b, env_b) = desk(&dir.path().join("b"), &keychain, &sandbox.url);
    let (url, admin) = desk_team::testing::team_database("queue").await.unwrap();
    let (anna, bo) = (staff(&admin, &url, "anna").await, staff(&admin, &url, "bo").await);
    a.team.join_team(&anna).await.unwrap();
    b.team.join_team(&bo).await.unwrap();
    let item = |env: &str| QueueItemRef {
        environment_id: env.into(),
        transaction_id: "t-1".into(),
        rule: "debt_missing".into(),
    };

    let view = a.team.queue_move(&[item(&env_a)], &QueueMove::Take).await.unwrap();
    assert_eq!((view.me.as_str(), view.items[0].taken_by.as_deref()), (anna.user.as_str(), Some(anna.user.as_str())));
    let refused = b.team.queue_move(&[item(&env_b)], &QueueMove::Take).await.unwrap_err();
    assert_eq!(
        (refused.code, refused.message.clone()),
        (ErrorCode::InProgress, format!("{} has this item.", anna.user))
    );

    a.team.queue_move(&[item(&env_a)], &QueueMove::HandOver { to: bo.user.clone() }).await.unwrap();
    b.team.queue_move(&[item(&env_b)], &QueueMove::Note { text: "Called the dealer".into() }).await.unwrap();
    let view = a.team.queue_move(&[item(&env_a)], &QueueMove::Snooze { hours: 24 }).await.unwrap();
    let it = &view.items[0];
    assert_eq!(it.taken_by.as_deref(), Some(bo.user.as_str()), "seen by A under its own environment's name");
    assert_eq!(it.snoozed_by.as_deref(), Some(anna.user.as_str()));
    let until = chrono::DateTime::parse_from_rfc3339(it.snoozed_until.as_deref().unwrap()).unwrap();
    assert!(until > chrono::Utc::now() + chrono::Duration::hours(23), "{until}");
    assert_eq!((it.notes[0].written_by.as_str(), it.notes[0].text.as_str()), (bo.user.as_str(), "Called the dealer"));
    assert!(chrono::DateTime::parse_from_rfc3339(&it.notes[0].written).is_ok(), "{}", it.notes[0].written);
    assert_eq!(b.team.team_queue(&env_b).await.unwrap().items, view.items, "both desks see one queue");

    // A filter Anna shares is on Bo's desk, hers, not his.
    let paid = TransactionFilters { statuses: vec!["PAID".into()], ..Default::default() };
    a.team.share_filter("Paid", "Tesla", &paid).await.unwrap();
    let on_b = b.team.shared_filters().await.unwrap();
    assert_eq!((on_b[0].filters.clone(), on_b[0].search.as_str(), on_b[0].mine), (paid, "Tesla", false));
    assert_eq!(b.team.unshare_filter("Paid").await.unwrap_err().code, ErrorCode::NotPermitted);
    a.team.leave_team().unwrap();
    b.team.leave_team().unwrap();
}
