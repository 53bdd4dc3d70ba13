//! Documents on a transaction and the Auto modules (bill of sale, debt information).
//!
//! Files cross IPC as base64 and are checked here before anything is written or sent:
//! not empty, at most 10 MiB, and a file named as a known type (`.pdf`, `.png`, …) must
//! be that type by its content (magic bytes). Upload, sign and delete of documents and
//! both Auto operations are journaled and audited ([`ActionRequest`]); the journal keeps
//! the exact request, file included, so a retry after a crash sends the same file.

use crate::actions::{ActionRecord, ActionRequest, parse_amount};
use crate::desk::Desk;
use crate::desk_users::{ActionOutcome, HostedUrlView, Sent, id, text};
use crate::error::AppError;
use base64::Engine;
use escrow_api::Client;
use escrow_api::documents::{UploadDocument, content_type_for};
use escrow_api::validate::{self, BILL_OF_SALE_FILE_TYPES, DEBT_FILE_TYPES, FileType, MAX_FILE_BYTES};
use escrow_api::{BillOfSale, DebtInformation, Document, RequiredSigner, SignRequest, Upload};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

/// File bytes; base64 in JSON (IPC and the journal).
#[derive(Clone, PartialEq, Eq, Default)]
pub struct FileData(pub Vec<u8>);

impl std::fmt::Debug for FileData {
    /// The size only: file contents never end up in logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FileData({} bytes)", self.0.len())
    }
}

impl Serialize for FileData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for FileData {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        // base64 of 10 MiB is about 14 MB; refuse far larger input before decoding it.
        if text.len() > (MAX_FILE_BYTES / 3 + 2) * 4 + 1024 {
            return Err(serde::de::Error::custom("the file is larger than 10 MB"));
        }
        let text = text.strip_prefix("data:").and_then(|t| t.split_once(",").map(|(_, b)| b)).unwrap_or(&text);
        base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map(FileData)
            .map_err(|_| serde::de::Error::custom("the file is not valid base64"))
    }
}

/// A file chosen in the UI: its name and its bytes (base64 over IPC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileUpload {
    pub file_name: String,
    /// Base64 of the file's bytes.
    #[ts(type = "string")]
    pub data: FileData,
}

impl FileUpload {
    fn name(&self) -> &str {
        self.file_name.rsplit(['/', '\\']).next().unwrap_or("").trim()
    }
}

/// Documents of one transaction. `filtered` is false when the service does not say which
/// transaction a document belongs to (the spec shows no fields for list items): then all
/// of the tenant's documents are listed.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentsView {
    pub environment_id: String,
    pub documents: Vec<Document>,
    pub filtered: bool,
}

/// The upload form.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInput {
    pub transaction_id: String,
    pub title: String,
    pub signers_required: Option<i32>,
    pub file: FileUpload,
}

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

/// Not empty, at most 10 MiB, and a known type by name must be that type by content.
fn check_document_file(file: &FileUpload) -> Result<(), AppError> {
    let name = file.name();
    if name.is_empty() || name.chars().count() > 200 || name.chars().any(char::is_control) {
        return Err(AppError::validation("The file needs a name of at most 200 characters."));
    }
    let bytes = &file.data.0;
    if bytes.is_empty() {
        return Err(AppError::validation(format!("{name} is empty.")));
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Err(AppError::validation(format!("{name} is larger than 10 MB ({MAX_FILE_BYTES} bytes).")));
    }
    if let Some(named) = FileType::from_file_name(name) {
        match FileType::sniff(bytes) {
            Some(actual) if actual == named => {}
            _ => {
                return Err(AppError::validation(format!(
                    "{name} is not a {} file (its content does not match its name).",
                    named.label()
                )));
            }
        }
    }
    Ok(())
}

fn upload_of(file: &FileUpload) -> Upload {
    Upload::new(file.name(), file.data.0.clone())
}

fn positive(field: &str, t: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, t)?;
    if d <= Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must be greater than zero.")));
    }
    Ok(d)
}

fn signers_of(list: &Option<Vec<String>>) -> Option<Vec<RequiredSigner>> {
    list.as_ref()
        .map(|l| l.iter().map(|s| RequiredSigner::from(s.trim())).filter(|s| *s != RequiredSigner::None).collect())
}

fn bill_of(req: &ActionRequest) -> Result<Option<BillOfSale>, AppError> {
    let ActionRequest::SetBillOfSale { enable, file, amount, additional_terms, required_signers, .. } = req else {
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

fn debt_of(req: &ActionRequest) -> Result<Option<DebtInformation>, AppError> {
    let ActionRequest::AddDebtInformation { file, amount, fik_code, bank_account, bank_account_text, .. } = req else {
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
pub(crate) fn validate(req: &ActionRequest) -> Result<(), AppError> {
    match req {
        ActionRequest::UploadDocument { transaction_id, title, signers_required, file } => {
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
        ActionRequest::SignDocument { document_id, service_account_id, return_url } => {
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
        ActionRequest::DeleteDocument { document_id } => id("documentId", document_id).map(drop),
        ActionRequest::SetBillOfSale { transaction_id, enable, file, amount, additional_terms, required_signers } => {
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
        ActionRequest::AddDebtInformation {
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
        _ => Ok(()),
    }
}

fn f_name(f: &FileUpload) -> &str {
    f.name()
}

/// Sends one document or Auto action; called by [`crate::actions::send`] too (retries).
pub(crate) async fn send(client: &Client, req: &ActionRequest) -> Result<Sent, AppError> {
    Ok(match req {
        ActionRequest::UploadDocument { transaction_id, title, signers_required, file } => {
            let name = file.name();
            let mut upload = UploadDocument::new(title.trim(), file.data.0.clone(), name, content_type_for(name));
            upload.signers_required = *signers_required;
            upload.transaction_id = Some(transaction_id.trim().to_owned());
            Sent { correlation_id: None, value: Some(client.documents().upload(&upload).await?.document_id) }
        }
        ActionRequest::SignDocument { document_id, service_account_id, return_url } => {
            let mut sign = SignRequest::new(service_account_id.trim());
            sign.return_url = text(return_url);
            Sent { correlation_id: None, value: Some(client.documents().sign(document_id.trim(), &sign).await?.url) }
        }
        ActionRequest::DeleteDocument { document_id } => {
            client.documents().delete(document_id.trim()).await?;
            Sent { correlation_id: None, value: None }
        }
        ActionRequest::SetBillOfSale { transaction_id, .. } => {
            let bill = bill_of(req)?.ok_or_else(|| AppError::validation("not a bill of sale"))?;
            let meta = client.auto().set_bill_of_sale(transaction_id.trim(), &bill).await?.meta;
            Sent { correlation_id: Some(meta.correlation_id), value: None }
        }
        ActionRequest::AddDebtInformation { transaction_id, .. } => {
            let debt = debt_of(req)?.ok_or_else(|| AppError::validation("not debt information"))?;
            let meta = client.auto().add_debt_information(transaction_id.trim(), &debt).await?.meta;
            Sent { correlation_id: Some(meta.correlation_id), value: None }
        }
        _ => return Err(AppError::validation("not a document action")),
    })
}

/// The record as the UI gets it: without the file's bytes (it sent them; the journal keeps them).
pub fn without_file_bytes(mut record: ActionRecord) -> ActionRecord {
    match &mut record.request {
        ActionRequest::UploadDocument { file, .. } | ActionRequest::AddDebtInformation { file, .. } => {
            file.data = FileData::default()
        }
        ActionRequest::SetBillOfSale { file: Some(file), .. } => file.data = FileData::default(),
        _ => {}
    }
    record
}

impl Desk {
    /// Documents of `transaction_id` (the client lists all; filtered here when the
    /// service says which transaction each belongs to).
    pub async fn list_documents(&self, transaction_id: &str) -> Result<DocumentsView, AppError> {
        let tid = id("transactionId", transaction_id)?;
        let (environment_id, client) = self.active_client()?;
        let all = client.documents().list().await?.documents;
        let filtered = all.iter().any(|d| d.transaction_id.is_some());
        let documents =
            if filtered { all.into_iter().filter(|d| d.transaction_id.as_deref() == Some(tid)).collect() } else { all };
        Ok(DocumentsView { environment_id, documents, filtered })
    }

    /// Journaled; `value` is the new documentId.
    pub async fn upload_document(&self, input: &DocumentInput) -> Result<ActionOutcome, AppError> {
        let request = ActionRequest::UploadDocument {
            transaction_id: input.transaction_id.trim().into(),
            title: input.title.trim().into(),
            signers_required: input.signers_required,
            file: input.file.clone(),
        };
        request.validate()?;
        self.run_action(&request).await
    }

    /// Journaled; `value` is the signer's unique signing URL.
    pub async fn sign_document(
        &self,
        document_id: &str,
        service_account_id: &str,
        return_url: Option<&str>,
    ) -> Result<ActionOutcome, AppError> {
        let request = ActionRequest::SignDocument {
            document_id: document_id.trim().into(),
            service_account_id: service_account_id.trim().into(),
            return_url: return_url.map(str::trim).filter(|u| !u.is_empty()).map(Into::into),
        };
        request.validate()?;
        self.run_action(&request).await
    }

    /// A link to the signed version if signed, else the original.
    pub async fn download_document(&self, document_id: &str) -> Result<HostedUrlView, AppError> {
        let did = id("documentId", document_id)?;
        let (environment_id, client) = self.active_client()?;
        let url = client.documents().download(did).await?.url;
        Ok(HostedUrlView { environment_id, url })
    }

    /// Journaled; also deletes the signed versions.
    pub async fn delete_document(&self, document_id: &str) -> Result<ActionOutcome, AppError> {
        let request = ActionRequest::DeleteDocument { document_id: document_id.trim().into() };
        request.validate()?;
        self.run_action(&request).await
    }

    /// Journaled. Without a file the service generates the bill of sale.
    pub async fn set_bill_of_sale(&self, input: &BillOfSaleInput) -> Result<ActionOutcome, AppError> {
        let request = ActionRequest::SetBillOfSale {
            transaction_id: input.transaction_id.trim().into(),
            enable: input.enable,
            file: input.file.clone(),
            amount: text(&input.amount),
            additional_terms: text(&input.additional_terms),
            required_signers: input.required_signers.clone(),
        };
        request.validate()?;
        self.run_action(&request).await
    }

    /// Journaled. Plans the debt-settlement split payout (sandbox).
    pub async fn add_debt_information(&self, input: &DebtInput) -> Result<ActionOutcome, AppError> {
        let request = ActionRequest::AddDebtInformation {
            transaction_id: input.transaction_id.trim().into(),
            file: input.file.clone(),
            amount: input.amount.trim().into(),
            fik_code: text(&input.fik_code),
            bank_account: text(&input.bank_account),
            bank_account_text: text(&input.bank_account_text),
        };
        request.validate()?;
        self.run_action(&request).await
    }

    /// A link to the debt documentation, valid 5 minutes.
    pub async fn debt_download_link(&self, transaction_id: &str) -> Result<HostedUrlView, AppError> {
        let tid = id("transactionId", transaction_id)?;
        let (environment_id, client) = self.active_client()?;
        let url = client.auto().debt_information_download(tid).await?.url;
        Ok(HostedUrlView { environment_id, url })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, bytes: &[u8]) -> FileUpload {
        FileUpload { file_name: name.into(), data: FileData(bytes.to_vec()) }
    }

    #[test]
    fn file_data_is_base64_both_ways() {
        let f = file("a.pdf", b"%PDF-1.4");
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(json, r#"{"fileName":"a.pdf","data":"JVBERi0xLjQ="}"#);
        assert_eq!(serde_json::from_str::<FileUpload>(&json).unwrap(), f);
        let url: FileUpload =
            serde_json::from_str(r#"{"fileName":"a.pdf","data":"data:application/pdf;base64,JVBERi0xLjQ="}"#).unwrap();
        assert_eq!(url, f);
        assert!(serde_json::from_str::<FileUpload>(r#"{"fileName":"a","data":"***"}"#).is_err());
        assert_eq!(format!("{:?}", f.data), "FileData(8 bytes)");
    }

    #[test]
    fn document_files_are_checked_by_name_and_content() {
        assert!(check_document_file(&file("a.pdf", b"%PDF-1.7 x")).is_ok());
        assert!(check_document_file(&file("notes.txt", b"hello")).is_ok());
        assert!(check_document_file(&file("fake.pdf", b"hello")).unwrap_err().message.contains("not a PDF"));
        assert!(check_document_file(&file("fake.png", b"%PDF-1.7")).is_err());
        assert!(check_document_file(&file("empty.txt", b"")).unwrap_err().message.contains("empty"));
        assert!(
            check_document_file(&file("big.txt", &vec![b'a'; MAX_FILE_BYTES + 1]))
                .unwrap_err()
                .message
                .contains("10 MB")
        );
        assert!(check_document_file(&file("max.txt", &vec![b'a'; MAX_FILE_BYTES])).is_ok());
        assert!(check_document_file(&file(" ", b"x")).is_err());
    }
}
