//! Exactly once across the team: twenty desks start the same reimbursement of one paid
//! deal at the same moment, each with its own intent and Idempotency-Key (as twenty
//! desks would), through the real journal against the sandbox over HTTP. The team store
//! lets one through; the sandbox's ledger holds one reimbursement.

mod common;

use common::Team;
use desk_core::error::{AppError, ErrorCode};
use desk_journal::{Action, Sent, check, run};
use desk_team::Group;
use escrow_api::{CallOptions, Client, IdempotencyKey, ListTransactions};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// A reimbursement as a desk sends it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
struct Reimburse {
    transaction_id: String,
    amount: String,
}

impl Action for Reimburse {
    type Answer = ();
    fn kind(&self) -> &'static str {
        "reimburse"
    }
    fn target(&self) -> &str {
        &self.transaction_id
    }
    fn target_field(&self) -> &'static str {
        "transactionId"
    }
    fn amount(&self) -> Option<&str> {
        Some(&self.amount)
    }
    fn moves_money(&self) -> bool {
        true
    }
    fn validate(&self) -> Result<(), AppError> {
        Ok(())
    }
    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<()>, AppError> {
        let amount = self.amount.parse().map_err(|_| AppError::validation("amount"))?;
        let opts = CallOptions::with_idempotency_key(key.clone());
        let meta = client.transactions().reimburse_payer(&self.transaction_id, amount, &opts).await?.meta;
        Ok(Sent { correlation_id: Some(meta.correlation_id), answer: () })
    }
    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None)
    }
    fn note(&self, _answer: &()) -> Option<String> {
        None
    }
}

async fn reimbursements(url: &str, transaction_id: &str) -> usize {
    let ledger: Value = reqwest::Client::new()
        .get(format!("{url}/_sandbox/ledger"))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let items = ledger["items"].as_array().cloned().unwrap_or_default();
    items.iter().filter(|r| r["kind"] == "reimburse" && r["target"] == transaction_id).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_desks_racing_to_reimburse_one_deal_move_the_money_once() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let client = Client::builder(sandbox.url.clone(), escrow_sandbox::DEMO_KEY).build().unwrap();
    let page = client.transactions().list(&ListTransactions { take: Some(100), ..Default::default() }).await.unwrap();
    let deal = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid demo deal");
    let reimburse = Reimburse { transaction_id: deal.transaction_id.clone(), amount: "10.00".into() };

    let team = Team::new().await;
    let mut desks = Vec::new();
    for n in 0..20 {
        let (name, config) = team.staff(&format!("desk{n}"), Group::Operator).await;
        desks.push((name, team.journal(&config).await));
    }
    let start = Arc::new(tokio::sync::Barrier::new(desks.len()));
    let tasks: Vec<_> = desks
        .into_iter()
        .map(|(name, journal)| {
            let (start, client, action) = (start.clone(), client.clone(), reimburse.clone());
            tokio::spawn(async move {
                start.wait().await;
                let result = run(&journal, &client, "production", check(&action).unwrap()).await;
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
    assert_eq!(record.state, desk_journal::ActionState::Succeeded, "{record:?}");
    for e in &refusals {
        assert_eq!(e.code, ErrorCode::InProgress, "{e:?}");
        assert!(e.message.starts_with(&format!("Being done by {winner} since ")), "{}", e.message);
    }
    assert_eq!(reimbursements(&sandbox.url, &deal.transaction_id).await, 1, "the sandbox's ledger holds one");

    // The rule is about moves under way: once it has ended, a second reimbursement (a new
    // decision) goes through.
    let (_, later) = team.staff("later", Group::Operator).await;
    let second = run(&team.journal(&later).await, &client, "production", check(&reimburse).unwrap()).await.unwrap();
    assert_eq!(second.record.state, desk_journal::ActionState::Succeeded);
    assert_eq!(reimbursements(&sandbox.url, &deal.transaction_id).await, 2);
}
