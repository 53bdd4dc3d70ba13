//! The consequence of a money move on the live record (a fresh GET of the transaction and
//! its split payouts), for the dialog before Confirm.

use super::actions::TransactionAction;
use crate::consequence::{Consequence, Move, live, of_debt, of_move};
use crate::desk::Desk;
use crate::error::AppError;
use crate::payments::actions::PaymentAction;
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

impl Desk {
    /// What `action` would do, from the live record.
    pub async fn transaction_consequence(&self, action: &TransactionAction) -> Result<ConsequenceView, AppError> {
        self.move_consequence(action.money_move()).await
    }

    /// What a payment action would do (a new payment against what remains to pay).
    pub async fn payment_consequence(&self, action: &PaymentAction) -> Result<ConsequenceView, AppError> {
        self.move_consequence(action.money_move()).await
    }

    async fn move_consequence(&self, money_move: Option<(&str, Move)>) -> Result<ConsequenceView, AppError> {
        let (environment_id, client) = self.active_client()?;
        let consequence = match money_move {
            Some((target, m)) => {
                let (tx, splits) = live(&client, target).await?;
                Some(of_move(&m, &tx, &splits))
            }
            None => None,
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
