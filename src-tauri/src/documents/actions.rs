//! Document and Auto actions: upload, sign and delete a document; the bill of sale and
//! the debt information. Checked with the client's validators before anything is written;
//! the journal keeps the exact request, file included, so a retry sends the same file.

use super::files::{FileData, FileUpload, check_document_file, upload_of};
use crate::error::AppError;
use crate::fields::{id, positive, text};
use crate::journal::{Action, Record, Sent};
use escrow_api::documents::{UploadDocument, content_type_for};
use escrow_api::validate::{self, BILL_OF_SALE_FILE_TYPES, DEBT_FILE_TYPES};
use escrow_api::{BillOfSale, DebtInformation, RequiredSigner, SignRequest};
use escrow_api::{Client, IdempotencyKey};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A document action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum DocumentAction {
    UploadDocument {
        transaction_id: String,
        title: String,
        signers_required: Option<i32>,
        file: super::files::FileUpload,
    },
    SignDocument {
        document_id: String,
        service_account_id: String,
        return_url: Option<String>,
    },
    DeleteDocument {
        document_id: String,
    },
    SetBillOfSale {
        transaction_id: String,
        enable: bool,
        file: Option<crate::documents::files::FileUpload>,
        amount: Option<String>,
        additional_terms: Option<String>,
        required_signers: Option<Vec<String>>,
    },
    AddDebtInformation {
        transaction_id: String,
        file: super::files::FileUpload,
        amount: String,
        fik_code: Option<String>,
        bank_account: Option<String>,
        bank_account_text: Option<String>,
    },
}

impl Action for DocumentAction {
    /// The new documentId (upload) or the signing URL (sign).
    type Answer = Option<String>;

    fn kind(&self) -> &'static str {
        match self {
            Self::UploadDocument { .. } => "uploadDocument",
            Self::SignDocument { .. } => "signDocument",
            Self::DeleteDocument { .. } => "deleteDocument",
            Self::SetBillOfSale { .. } => "setBillOfSale",
            Self::AddDebtInformation { .. } => "addDebtInformation",
        }
    }

    fn target(&self) -> &str {
        match self {
            Self::SignDocument { document_id, .. } | Self::DeleteDocument { document_id } => document_id,
            Self::UploadDocument { transaction_id, .. }
            | Self::SetBillOfSale { transaction_id, .. }
            | Self::AddDebtInformation { transaction_id, .. } => transaction_id,
        }
    }

    fn amount(&self) -> Option<&str> {
        match self {
            Self::SetBillOfSale { amount, .. } => amount.as_deref(),
            Self::AddDebtInformation { amount, .. } => Some(amount),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), AppError> {
        id("transactionId", self.target())?;
        validate(self)
    }

    async fn send(&self, client: &Client, _key: &IdempotencyKey) -> Result<Sent<Option<String>>, AppError> {
        send(client, self).await
    }

    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // a transaction's GET does not show documents; the resend is the safe way
    }

    fn note(&self, _answer: &Option<String>) -> Option<String> {
        None
    }
}

fn signers_of(list: &Option<Vec<String>>) -> Option<Vec<RequiredSigner>> {
    list.as_ref()
        .map(|l| l.iter().map(|s| RequiredSigner::from(s.trim())).filter(|s| *s != RequiredSigner::None).collect())
}

fn bill_of(req: &DocumentAction) -> Result<Option<BillOfSale>, AppError> {
    let DocumentAction::SetBillOfSale { enable, file, amount, additional_terms, required_signers, .. } = req else {
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

fn debt_of(req: &DocumentAction) -> Result<Option<DebtInformation>, AppError> {
    let DocumentAction::AddDebtInformation { file, amount, fik_code, bank_account, bank_account_text, .. } = req else {
        return Ok(None);
    };
    let mut debt = DebtInformation::new(upload_of(file), positive("amount", amount)?);
    debt.fik_code = text(fik_code);
    debt.bank_account = text(bank_account);
    debt.bank_account_text = text(bank_account_text);
    Ok(Some(debt))
}

/// Field checks of the document and Auto actions, with the client's validators
/// (`escrow_api::validate`), before anything is written or sent.
fn validate(req: &DocumentAction) -> Result<(), AppError> {
    match req {
        DocumentAction::UploadDocument { transaction_id, title, signers_required, file } => {
            id("transactionId", transaction_id)?;
            let t = title.trim();
            if t.is_empty() || t.chars().count() > 200 {
                return Err(AppError::validation("A title is 1 to 200 characters."));
            }
            if signers_required.is_some_and(|n| !(1..=20).contains(&n)) {
                return Err(AppError::validation("Signers required is 1 to 20 (or empty)."));
            }
            check_document_file(file)
        }
        DocumentAction::SignDocument { document_id, service_account_id, return_url } => {
            id("documentId", document_id)?;
            id("serviceAccountId", service_account_id)?;
            if let Some(u) = text(return_url) {
                match url::Url::parse(&u) {
                    Ok(p) if matches!(p.scheme(), "http" | "https") && p.host().is_some() => {}
                    _ => return Err(AppError::validation("The return URL must be an absolute http or https URL.")),
                }
            }
            Ok(())
        }
        DocumentAction::DeleteDocument { document_id } => id("documentId", document_id).map(drop),
        DocumentAction::SetBillOfSale { transaction_id, enable, file, amount, additional_terms, required_signers } => {
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
        DocumentAction::AddDebtInformation {
            transaction_id, file, fik_code, bank_account, bank_account_text, ..
        } => {
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

/// Sends one document or Auto action (first attempt and retries alike).
async fn send(client: &Client, req: &DocumentAction) -> Result<Sent<Option<String>>, AppError> {
    Ok(match req {
        DocumentAction::UploadDocument { transaction_id, title, signers_required, file } => {
            let name = file.name();
            let mut upload = UploadDocument::new(title.trim(), file.data.0.clone(), name, content_type_for(name));
            upload.signers_required = *signers_required;
            upload.transaction_id = Some(transaction_id.trim().to_owned());
            Sent { correlation_id: None, answer: Some(client.documents().upload(&upload).await?.document_id) }
        }
        DocumentAction::SignDocument { document_id, service_account_id, return_url } => {
            let mut sign = SignRequest::new(service_account_id.trim());
            sign.return_url = text(return_url);
            Sent { correlation_id: None, answer: Some(client.documents().sign(document_id.trim(), &sign).await?.url) }
        }
        DocumentAction::DeleteDocument { document_id } => {
            client.documents().delete(document_id.trim()).await?;
            Sent { correlation_id: None, answer: None }
        }
        DocumentAction::SetBillOfSale { transaction_id, .. } => {
            let bill = bill_of(req)?.ok_or_else(|| AppError::validation("not a bill of sale"))?;
            let meta = client.auto().set_bill_of_sale(transaction_id.trim(), &bill).await?.meta;
            Sent { correlation_id: Some(meta.correlation_id), answer: None }
        }
        DocumentAction::AddDebtInformation { transaction_id, .. } => {
            let debt = debt_of(req)?.ok_or_else(|| AppError::validation("not debt information"))?;
            let meta = client.auto().add_debt_information(transaction_id.trim(), &debt).await?.meta;
            Sent { correlation_id: Some(meta.correlation_id), answer: None }
        }
    })
}

/// The record as the UI gets it: without the file's bytes (it sent them; the journal keeps them).
pub fn without_file_bytes(mut record: Record<DocumentAction>) -> Record<DocumentAction> {
    match &mut record.request {
        DocumentAction::UploadDocument { file, .. } | DocumentAction::AddDebtInformation { file, .. } => {
            file.data = FileData::default()
        }
        DocumentAction::SetBillOfSale { file: Some(file), .. } => file.data = FileData::default(),
        DocumentAction::SetBillOfSale { file: None, .. }
        | DocumentAction::SignDocument { .. }
        | DocumentAction::DeleteDocument { .. } => {}
    }
    record
}
