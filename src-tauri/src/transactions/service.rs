//! A transaction's detail and split payouts, the CSV export, and creating one (the list
//! is in [`super::list`]).

use super::Transactions;
use super::actions::TransactionAction;
use super::create::NewTransactionInput;
use crate::consequence::{DealMoney, money_of};
use crate::desk::valid_id;
use crate::error::AppError;
use crate::journal::Outcome;
use escrow_api::Transaction;
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionView {
    pub environment_id: String,
    pub transaction: Transaction,
    /// Where the deal's money is, from this record and its split payouts (see
    /// [`crate::consequence::money_of`]): every money figure the detail shows.
    pub money: DealMoney,
}

/// Split payouts of a transaction, tagged with their environment.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SplitPayoutsView {
    pub environment_id: String,
    pub items: Vec<escrow_api::SplitPayout>,
}

impl Transactions {
    /// Starts a CSV export of every transaction matching the search and filters, to a new
    /// file in the export folder (tests and the CLI; the window saves through the dialog).
    pub fn start_export(
        &self,
        request: &crate::transactions::export::ExportRequest,
    ) -> Result<crate::transactions::export::ExportStatus, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        let path = crate::transactions::export::target(self.save_as.export_dir(), &environment_id);
        self.exports.start(client, environment_id, request, path, self.export_notice())
    }

    /// [`Transactions::start_export`] to the file chosen in the save dialog, named by its token
    /// (refused when unknown, used, too old, or chosen for the audit log).
    pub fn start_saved_export(
        &self,
        request: &crate::transactions::export::ExportRequest,
        save_token: &str,
    ) -> Result<crate::transactions::export::ExportStatus, AppError> {
        let path = self.save_as.tokens().redeem(save_token, crate::save_as::kind::ExportKind::Transactions)?;
        let (environment_id, client) = self.desk.active_client()?;
        self.exports.start(client, environment_id, request, path, self.export_notice())
    }

    /// Announces a long export that ends while the window is away.
    fn export_notice(&self) -> impl FnOnce(&crate::transactions::export::ExportStatus, std::time::Duration) + use<> {
        let notices = self.notices.clone();
        move |done, took| {
            notices.when_away(super::export_note::export_finished(
                took,
                done.state,
                done.written,
                crate::shared::lang::danish(),
            ));
        }
    }

    pub fn export_status(&self, id: &str) -> Result<crate::transactions::export::ExportStatus, AppError> {
        self.exports.status(id)
    }

    pub fn cancel_export(&self, id: &str) -> Result<crate::transactions::export::ExportStatus, AppError> {
        self.exports.cancel(id)
    }

    pub async fn get_transaction(&self, id: &str) -> Result<TransactionView, AppError> {
        let id = id.trim();
        if id.is_empty() || id.len() > 100 {
            return Err(AppError::validation("A transaction id is 1 to 100 characters."));
        }
        let (environment_id, client) = self.desk.active_client()?;
        let (transactions, split_payouts) = (client.transactions(), client.split_payouts());
        let (transaction, splits) = futures::join!(transactions.get(id), split_payouts.list(id));
        let transaction = match transaction {
            Ok(transaction) => transaction,
            Err(e) => {
                // Unreachable: the page then asks for the mirror's copy (`offline_transaction`).
                let e = AppError::from(e);
                self.note_unreachable(&environment_id, &e).await;
                return Err(e);
            }
        };
        // Without its split payouts the money is still told, less what they decide.
        let splits = splits
            .map(|page| page.items)
            .inspect_err(|e| tracing::debug!(transaction = %id, "split payouts not read for the money figures: {e}"))
            .ok();
        let money = money_of(&transaction, splits.as_deref());
        Ok(TransactionView { environment_id, transaction, money })
    }

    pub async fn list_split_payouts(&self, transaction_id: &str) -> Result<SplitPayoutsView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        let items = client.split_payouts().list(valid_id(transaction_id)?).await?.items;
        Ok(SplitPayoutsView { environment_id, items })
    }
}

impl Transactions {
    /// Journaled like every money-moving action; `value` is the new transaction's id.
    pub async fn create_transaction(
        &self,
        input: &NewTransactionInput,
    ) -> Result<Outcome<TransactionAction>, AppError> {
        self.desk.run_with_value(&TransactionAction::CreateTransaction { input: Box::new(input.clone()) }).await
    }
}
