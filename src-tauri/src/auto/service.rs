//! The Auto modules of a vehicle deal: the bill of sale and the debt information
//! (journaled, see [`super::actions`]) and the debt documentation's download link.

use super::Auto;
use super::actions::{AutoAction, without_file_bytes};
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::fields::{id, text};
use crate::shared::files::FileUpload;
use crate::shared::views::HostedUrlView;
use serde::Deserialize;
use ts_rs::TS;

/// The bill-of-sale form: `file` null generates the PDF; `requiredSigners` null leaves
/// the default (both), an empty list means nobody signs.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BillOfSaleInput {
    pub transaction_id: String,
    pub enable: bool,
    pub file: Option<FileUpload>,
    pub amount: Option<String>,
    pub additional_terms: Option<String>,
    pub required_signers: Option<Vec<String>>,
}

/// The debt form: documentation, amount, and a FIK code or a bank account.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DebtInput {
    pub transaction_id: String,
    pub file: FileUpload,
    pub amount: String,
    pub fik_code: Option<String>,
    pub bank_account: Option<String>,
    pub bank_account_text: Option<String>,
}

impl Auto {
    /// Journaled. Without a file the service generates the bill of sale.
    pub async fn set_bill_of_sale(&self, input: &BillOfSaleInput) -> Result<Outcome<AutoAction>, AppError> {
        let request = AutoAction::SetBillOfSale {
            transaction_id: input.transaction_id.trim().into(),
            enable: input.enable,
            file: input.file.clone(),
            amount: text(&input.amount),
            additional_terms: text(&input.additional_terms),
            required_signers: input.required_signers.clone(),
        };
        self.run_auto(&request).await
    }

    /// Journaled. Plans the debt-settlement split payout (sandbox).
    pub async fn add_debt_information(&self, input: &DebtInput) -> Result<Outcome<AutoAction>, AppError> {
        let request = AutoAction::AddDebtInformation {
            transaction_id: input.transaction_id.trim().into(),
            file: input.file.clone(),
            amount: input.amount.trim().into(),
            fik_code: text(&input.fik_code),
            bank_account: text(&input.bank_account),
            bank_account_text: text(&input.bank_account_text),
        };
        self.run_auto(&request).await
    }

    /// A link to the debt documentation, valid 5 minutes.
    pub async fn debt_download_link(&self, transaction_id: &str) -> Result<HostedUrlView, AppError> {
        let tid = id("transactionId", transaction_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let url = client.auto().debt_information_download(tid).await?.url;
        Ok(HostedUrlView { environment_id, url })
    }

    /// Runs an Auto action; the record comes back without the file's bytes.
    async fn run_auto(&self, request: &AutoAction) -> Result<Outcome<AutoAction>, AppError> {
        let mut outcome = self.desk.run_with_value(request).await?;
        outcome.record = without_file_bytes(outcome.record);
        Ok(outcome)
    }
}
