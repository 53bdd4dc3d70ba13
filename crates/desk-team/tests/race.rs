//! Exactly once across the team: twenty desks start the same reimbursement of one paid
//! deal at the same moment, each with its own intent and Idempotency-Key (as twenty
//! desks would), through the real journal against the sandbox over HTTP. The team store
//! lets one through; the sandbox's ledger holds one reimbursement.

mod common;

use common::Team;
use common::deal::{Reimburse, Sandbox};
use desk_core::error::ErrorCode;
use desk_journal::{ActionState, check, run};
use desk_team::Group;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_desks_racing_to_reimburse_one_deal_move_the_money_once() {
    let sandbox = Sandbox::start().await;
    let team = Team::new().await;
    let mut desks = Vec::new();
    for n in 0..20 {
        let (name, config) = team.staff(&format!("desk{n}"), Group::Operator).await;
        desks.push((name, Arc::new(team.journal(&config).await)));
    }
    // Three deals, three races: a desk whose request lands just after the winner's has
    // ended is refused too (it read the deal before the move).
    let deals: Vec<String> = sandbox.paid_deals().await.into_iter().take(3).map(|d| d.0).collect();
    assert_eq!(deals.len(), 3, "three paid demo deals");
    for deal in &deals {
        race(&sandbox, &desks, deal).await;
    }

    // The rule is about moves under way: once it has ended, a second reimbursement (a new
    // decision, on the deal as it is now) goes through.
    let reimburse = Reimburse { transaction_id: deals[0].clone(), amount: "10.00".into() };
    let (_, later) = team.staff("later", Group::Operator).await;
    let second =
        run(&team.journal(&later).await, &sandbox.client, "production", check(&reimburse).unwrap()).await.unwrap();
    assert_eq!(second.record.state, ActionState::Succeeded);
    assert_eq!(sandbox.reimbursements(&deals[0]).await, 2);
}

async fn race(sandbox: &Sandbox, desks: &[(String, Arc<desk_team::TeamJournal>)], deal: &str) {
    let reimburse = Reimburse { transaction_id: deal.to_owned(), amount: "10.00".into() };
    let start = Arc::new(tokio::sync::Barrier::new(desks.len()));
    let tasks: Vec<_> = desks
        .iter()
        .map(|(name, journal)| {
            let (start, client, action) = (start.clone(), sandbox.client.clone(), reimburse.clone());
            let (name, journal) = (name.clone(), journal.clone());
            tokio::spawn(async move {
                start.wait().await;
                let result = run(journal.as_ref(), &client, "production", check(&action).unwrap()).await;
                (name, result.map(|r| r.record))
            })
        })
        .collect();
    let mut winners = Vec::new();
    let mut refusals = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            (name, Ok(record)) => winners.push((name, record)),
            (_, Err(e)) => refusals.push(e),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one desk moves the money: {winners:?}");
    let (winner, record) = &winners[0];
    assert_eq!(record.state, ActionState::Succeeded, "{record:?}");
    for e in &refusals {
        assert_eq!(e.code, ErrorCode::InProgress, "{e:?}");
        // Who has it, or (when it ended in between) who did it.
        let (doing, done) = (format!("Being done by {winner} since "), format!("Just done by {winner} "));
        assert!(e.message.starts_with(&doing) || e.message.starts_with(&done), "{}", e.message);
    }
    assert_eq!(sandbox.reimbursements(deal).await, 1, "the sandbox's ledger holds one");
}
