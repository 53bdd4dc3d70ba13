//! Reading the live record a consequence is computed on, and the consequence's audit line.

use super::model::{Move, parse};
use super::rules::{of_debt, of_move};
use escrow_api::{Client, SplitPayout, Transaction};

/// Reads the transaction and its split payouts, the live record a consequence is computed on.
pub async fn live(
    client: &Client,
    transaction_id: &str,
) -> Result<(Transaction, Vec<SplitPayout>), crate::error::AppError> {
    let id = crate::fields::id("transactionId", transaction_id)?;
    let tx = client.transactions().get(id).await?;
    let splits = client.split_payouts().list(id).await?.items;
    Ok((tx, splits))
}

/// The consequence's audit line for `m` on the live record; `None` when it cannot be read.
pub async fn audit_note(client: &Client, transaction_id: &str, m: &Move) -> Option<String> {
    let (tx, splits) = live(client, transaction_id).await.ok()?;
    Some(of_move(m, &tx, &splits).summary())
}

/// The audit line for registering debt of `amount` (text as in the request) on the live record.
pub async fn debt_audit_note(client: &Client, transaction_id: &str, amount: &str) -> Option<String> {
    let amount = parse(amount)?;
    let (tx, splits) = live(client, transaction_id).await.ok()?;
    Some(of_debt(amount, &tx, &splits).summary())
}
