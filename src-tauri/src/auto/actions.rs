//! Auto actions: the bill of sale and the debt information of a vehicle deal, checked
//! with the client's validators before anything is written; the journal keeps the exact
//! request, file included, so a retry sends the same file.

use crate::error::AppError;
use crate::journal::{Action, Record, Sent};
use crate::shared::fields::{id, positive, text};
use crate::shared::files::{FileData, FileUpload, upload_of};
use escrow_api::validate::{self, BILL_OF_SALE_FILE_TYPES, DEBT_FILE_TYPES};
use escrow_api::{BillOfSale, Client, DebtInformation, IdempotencyKey, RequiredSigner};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An Auto action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum AutoAction {
    SetBillOfSale {
        transaction_id: String,
        enable: bool,
        file: Option<FileUpload>,
        amount: Option<String>,
        additional_terms: Option<String>,
        required_signers: Option<Vec<String>>,
    },
    AddDebtInformation {
        transaction_id: String,
        file: FileUpload,
        amount: String,
        fik_code: Option<String>,
        bank_account: Option<String>,
        bank_account_text: Option<String>,
    },
}

impl Action for AutoAction {
    type Answer = Option<String>;

    fn kind(&self) -> &'static str {
        match self {
            Self::SetBillOfSale { .. } => "setBillOfSale",
            Self::AddDebtInformation { .. } => "addDebtInformation",
        }
    }

    fn target(&self) -> &str {
        match self {
            Self::SetBillOfSale { transaction_id, .. } | Self::AddDebtInformation { transaction_id, .. } => {
                transaction_id
            }
        }
    }

    fn target_field(&self) -> &'static str {
        "transactionId"
    }

    fn amount(&self) -> Option<&str> {
        match self {
            Self::SetBillOfSale { amount, .. } => amount.as_deref(),
            Self::AddDebtInformation { amount, .. } => Some(amount),
        }
    }

    /// Debt information and a bill of sale describe the deal; no money moves.
    fn moves_money(&self) -> bool {
        false
    }

    fn validate(&self) -> Result<(), AppError> {
        validate(self)
    }

    async fn send(&self, client: &Client, _key: &IdempotencyKey) -> Result<Sent<Option<String>>, AppError> {
        send(client, self).await
    }

    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // the service replaces the bill of sale or debt information on a resend
    }

    /// Registering debt plans a split payout: its consequence goes in the intent's audit row.
    async fn intent_note(&self, client: &escrow_api::Client) -> Option<String> {
        match self {
            Self::AddDebtInformation { transaction_id, amount, .. } => {
                crate::consequence::debt_audit_note(client, transaction_id, amount).await
            }
            Self::SetBillOfSale { .. } => None,
        }
    }
    fn note(&self, _answer: &Option<String>) -> Option<String> {
        None
    }
}

fn signers_of(list: &Option<Vec<String>>) -> Option<Vec<RequiredSigner>> {
    list.as_ref()
        .map(|l| l.iter().map(|s| RequiredSigner::from(s.trim())).filter(|s| *s != RequiredSigner::None).collect())
}

fn bill_of(req: &AutoAction) -> Result<Option<BillOfSale>, AppError> {
    let AutoAction::SetBillOfSale { enable, file, amount, additional_terms, required_signers, .. } = req else {
        return Ok(None);
    };
    if !*enable {
        return Ok(Some(BillOfSale::disabled()));
    }
    Ok(Some(BillOfSale {
        enable: true,
        document: file.as_ref().map(upload_of),
        additional_terms: text(additional_terms),
        amount: text(amount).map(|a| positive("amount", &a)).transpose()?,
        required_signers: signers_of(required_signers),
    }))
}

fn debt_of(req: &AutoAction) -> Result<Option<DebtInformation>, AppError> {
    let AutoAction::AddDebtInformation { file, amount, fik_code, bank_account, bank_account_text, .. } = req else {
        return Ok(None);
    };
    let mut debt = DebtInformation::new(upload_of(file), positive("amount", amount)?);
    debt.fik_code = text(fik_code);
    debt.bank_account = text(bank_account);
    debt.bank_account_text = text(bank_account_text);
    Ok(Some(debt))
}

/// Field checks, with the client's validators, before anything is written or sent.
fn validate(req: &AutoAction) -> Result<(), AppError> {
    match req {
        AutoAction::SetBillOfSale { transaction_id, enable, file, amount, additional_terms, required_signers } => {
            id("transactionId", transaction_id)?;
            if text(additional_terms).is_some_and(|t| t.chars().count() > 4000) {
                return Err(AppError::validation("The additional terms are at most 4000 characters."));
            }
            if let Some(list) = required_signers {
                for s in list {
                    if !matches!(
                        RequiredSigner::from(s.trim()),
                        RequiredSigner::Payer | RequiredSigner::Payee | RequiredSigner::None
                    ) {
                        return Err(AppError::validation(format!("{s:?} is not Payer or Payee.")));
                    }
                }
            }
            if !*enable
                && (file.is_some()
                    || text(amount).is_some()
                    || text(additional_terms).is_some()
                    || required_signers.is_some())
            {
                return Err(AppError::validation(
                    "A disabled bill of sale takes no document, amount, terms or signers.",
                ));
            }
            if let Some(f) = file {
                validate::file("document", f.name(), &f.data.0, BILL_OF_SALE_FILE_TYPES)?;
            }
            bill_of(req).map(drop)
        }
        AutoAction::AddDebtInformation { transaction_id, file, fik_code, bank_account, bank_account_text, .. } => {
            id("transactionId", transaction_id)?;
            validate::file("documentation", f_name(file), &file.data.0, DEBT_FILE_TYPES)?;
            let fik = text(fik_code).map(|f| validate::fik("fikCode", &f)).transpose()?;
            let account = text(bank_account).map(|b| validate::bank_account("bankAccount", &b)).transpose()?;
            match (fik, account) {
                (None, None) => {
                    return Err(AppError::validation("Give a FIK code or a bank account to pay the debt to."));
                }
                (Some(_), Some(_)) => {
                    return Err(AppError::validation("Give either a FIK code or a bank account, not both."));
                }
                _ => {}
            }
            if text(bank_account_text).is_some_and(|t| t.chars().count() > 200) {
                return Err(AppError::validation("The transfer text is at most 200 characters."));
            }
            debt_of(req).map(drop)
        }
    }
}

fn f_name(f: &FileUpload) -> &str {
    f.name()
}

/// Sends one Auto action (first attempt and retries alike).
async fn send(client: &Client, req: &AutoAction) -> Result<Sent<Option<String>>, AppError> {
    Ok(match req {
        AutoAction::SetBillOfSale { transaction_id, .. } => {
            let bill = bill_of(req)?.ok_or_else(|| AppError::validation("not a bill of sale"))?;
            let meta = client.auto().set_bill_of_sale(transaction_id.trim(), &bill).await?.meta;
            Sent { correlation_id: Some(meta.correlation_id), answer: None }
        }
        AutoAction::AddDebtInformation { transaction_id, .. } => {
            let debt = debt_of(req)?.ok_or_else(|| AppError::validation("not debt information"))?;
            let meta = client.auto().add_debt_information(transaction_id.trim(), &debt).await?.meta;
            Sent { correlation_id: Some(meta.correlation_id), answer: None }
        }
    })
}

/// The record as the UI gets it: without the file's bytes (it sent them; the journal keeps them).
pub fn without_file_bytes(mut record: Record<AutoAction>) -> Record<AutoAction> {
    match &mut record.request {
        AutoAction::AddDebtInformation { file, .. } | AutoAction::SetBillOfSale { file: Some(file), .. } => {
            file.data = FileData::default()
        }
        AutoAction::SetBillOfSale { file: None, .. } => {}
    }
    record
}
