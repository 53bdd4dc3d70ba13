//! A paid deal in a sandbox of its own, and a reimbursement of it as a desk journals one.

use desk_core::error::AppError;
use desk_journal::{Action, Sent};
use escrow_api::{CallOptions, Client, IdempotencyKey, ListTransactions};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A reimbursement as a desk sends it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub struct Reimburse {
    pub transaction_id: String,
    pub amount: String,
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
    /// The deal as it stands: what an approver saw, compared again before the send.
    async fn intent_note(&self, client: &Client) -> Option<String> {
        let t = client.transactions().get(&self.transaction_id).await.ok()?;
        Some(self.note_on(&t))
    }
    async fn read_live(&self, client: &Client) -> (Option<String>, Option<(String, String)>) {
        let Ok(t) = client.transactions().get(&self.transaction_id).await else { return (None, None) };
        (Some(self.note_on(&t)), Some((self.amount.clone(), t.currency.as_str().to_owned())))
    }
}

impl Reimburse {
    fn note_on(&self, t: &escrow_api::Transaction) -> String {
        format!("reimburse {} of a {} deal of {}", self.amount, t.status.as_str(), t.amount)
    }
}

/// A sandbox with the demo data; its client and directory.
pub struct Sandbox {
    pub running: escrow_sandbox::RunningSandbox,
    pub client: Client,
    _dir: tempfile::TempDir,
}

impl Sandbox {
    pub async fn start() -> Sandbox {
        let dir = tempfile::tempdir().unwrap();
        let running =
            escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
        let client = Client::builder(running.url.clone(), escrow_sandbox::DEMO_KEY).build().unwrap();
        Sandbox { running, client, _dir: dir }
    }

    /// Paid demo deals: (transaction id, payer's account, currency).
    pub async fn paid_deals(&self) -> Vec<(String, String, String)> {
        let page =
            self.client.transactions().list(&ListTransactions { take: Some(100), ..Default::default() }).await.unwrap();
        page.items
            .iter()
            .filter(|t| t.status.as_str() == "PAID")
            .filter_map(|t| {
                let payer = t.payer.as_ref()?.service_account_id.clone()?;
                Some((t.transaction_id.clone(), payer, t.currency.as_str().to_owned()))
            })
            .collect()
    }

    /// How many reimbursements of `transaction_id` the sandbox's ledger holds.
    pub async fn reimbursements(&self, transaction_id: &str) -> usize {
        let ledger: Value = reqwest::Client::new()
            .get(format!("{}/_sandbox/ledger", self.running.url))
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
}
