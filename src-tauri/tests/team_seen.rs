//! A money move is decided on what its person saw: when a colleague's same move ended after
//! the consequence was read, the team store refuses it, even though nothing is open by then
//! (a real PostgreSQL, one sandbox).

mod team_desks;

use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_sandbox::SandboxConfig;
use team_desks::{all_deals, desk, ledger, staff};

#[tokio::test(flavor = "multi_thread")]
async fn a_move_a_colleague_made_after_the_consequence_was_read_is_refused_not_sent_again() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (a, _) = desk(&dir.path().join("a"), &keychain, &sandbox.url);
    let (b, _) = desk(&dir.path().join("b"), &keychain, &sandbox.url);
    let (url, admin) = desk_team::testing::team_database("seen").await.unwrap();
    a.team.join_team(&staff(&admin, &url, "anna").await).await.unwrap();
    let bo = staff(&admin, &url, "bo").await;
    b.team.join_team(&bo).await.unwrap();
    let page = a.transactions.list_transactions(&all_deals()).await.unwrap();
    let deal = page.items.iter().find(|t| t.status.as_str() == "PAID").unwrap().transaction_id.clone();
    let reimburse = TransactionAction::Reimburse { transaction_id: deal.clone(), amount: "15.00".into() };

    // Anna's dialog shows the consequence; meanwhile Bo does the same reimbursement.
    let shown = a.transactions.transaction_consequence(&reimburse).await.unwrap();
    let seen = shown.read_at.clone().expect("a team store's time");
    assert_eq!(b.actions.start_action(&reimburse, None).await.unwrap().state, ActionState::Succeeded);

    let refused = a.actions.start_action(&reimburse, Some(&seen)).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::InProgress, "{refused:?}");
    assert!(refused.message.starts_with(&format!("Just done by {}", bo.user)), "{}", refused.message);
    assert_eq!(ledger(&sandbox.url, "reimburse", &deal).await, 1);

    // Read again, the deal as it is now: a second reimbursement is a decision of its own.
    let again = a.transactions.transaction_consequence(&reimburse).await.unwrap().read_at;
    assert_eq!(a.actions.start_action(&reimburse, again.as_deref()).await.unwrap().state, ActionState::Succeeded);
    assert_eq!(ledger(&sandbox.url, "reimburse", &deal).await, 2);
    a.team.leave_team().unwrap();
    b.team.leave_team().unwrap();
}
