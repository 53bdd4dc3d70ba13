//! The consequence of a money move on the live record (a fresh GET of the transaction and
//! its split payouts), for the dialog before Confirm.

use super::Transactions;
use super::actions::TransactionAction;
use crate::consequence::{ConsequenceView, live, of_debt, view_of};
use crate::error::AppError;

impl Transactions {
    /// What `action` would do, from the live record.
    pub async fn transaction_consequence(&self, action: &TransactionAction) -> Result<ConsequenceView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        view_of(environment_id, &client, action.money_move(), self.desk.journal().as_ref()).await
    }

    /// What registering debt of `amount` would do to the payee's share.
    pub async fn debt_consequence(&self, transaction_id: &str, amount: &str) -> Result<ConsequenceView, AppError> {
        let amount = crate::shared::fields::positive("amount", amount)?;
        let (environment_id, client) = self.desk.active_client()?;
        let read_at = self.desk.journal().mark().await.ok().flatten();
        let (tx, splits) = live(&client, transaction_id).await?;
        Ok(ConsequenceView { environment_id, consequence: Some(of_debt(amount, &tx, &splits)), read_at })
    }
}
