//! The consequence of a money move on the live record (a fresh GET of the transaction and
//! its split payouts), for the dialog before Confirm and for the intent's audit row.

use super::actions::TransactionAction;
use super::consequence::{Consequence, of_action, of_debt};
use crate::desk::{Desk, valid_id};
use crate::error::AppError;
use escrow_api::Client;
use serde::Serialize;
use ts_rs::TS;

/// A consequence, tagged with the environment it was computed in; `None` when the action
/// moves no money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConsequenceView {
    pub environment_id: String,
    pub consequence: Option<Consequence>,
}

/// Reads the transaction and its split payouts.
async fn live(
    client: &Client,
    transaction_id: &str,
) -> Result<(escrow_api::Transaction, Vec<escrow_api::SplitPayout>), AppError> {
    let id = valid_id(transaction_id)?;
    let tx = client.transactions().get(id).await?;
    let splits = client.split_payouts().list(id).await?.items;
    Ok((tx, splits))
}

/// The consequence of `action` computed with `client` (for the audit row of its intent);
/// `None` when it moves no money or the record cannot be read.
pub(crate) async fn note_for(action: &TransactionAction, client: &Client) -> Option<String> {
    let target = match action {
        TransactionAction::CreateTransaction { .. } => return None,
        TransactionAction::Payout { transaction_id, .. }
        | TransactionAction::Cancel { transaction_id, .. }
        | TransactionAction::Reimburse { transaction_id, .. }
        | TransactionAction::CreateSplitPayout { transaction_id, .. }
        | TransactionAction::CancelSplitPayout { transaction_id, .. }
        | TransactionAction::ChangeAmount { transaction_id, .. } => transaction_id,
        _ => return None,
    };
    let (tx, splits) = live(client, target).await.ok()?;
    of_action(action, &tx, &splits).map(|c| c.summary())
}

impl Desk {
    /// What `action` would do, from the live record.
    pub async fn transaction_consequence(&self, action: &TransactionAction) -> Result<ConsequenceView, AppError> {
        let (environment_id, client) = self.active_client()?;
        let consequence = match action {
            TransactionAction::CreateTransaction { .. } => None,
            _ => {
                let (tx, splits) = live(&client, action_target(action)).await?;
                of_action(action, &tx, &splits)
            }
        };
        Ok(ConsequenceView { environment_id, consequence })
    }

    /// What registering debt of `amount` would do to the payee's share.
    pub async fn debt_consequence(&self, transaction_id: &str, amount: &str) -> Result<ConsequenceView, AppError> {
        let amount = crate::fields::positive("amount", amount)?;
        let (environment_id, client) = self.active_client()?;
        let (tx, splits) = live(&client, transaction_id).await?;
        Ok(ConsequenceView { environment_id, consequence: Some(of_debt(amount, &tx, &splits)) })
    }
}

fn action_target(action: &TransactionAction) -> &str {
    use crate::journal::Action;
    action.target()
}
