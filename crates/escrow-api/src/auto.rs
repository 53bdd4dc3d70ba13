//! The Auto modules (spec section 4, Transactions): debt information and the bill of
//! sale of an Auto transaction. Both need the tenant's module enabled.
//!
//! Everything the spec states is checked before sending (files by extension and
//! content, size, amounts, FIK, bank account), so a refused call sends nothing. The
//! forms are multipart, rebuilt for every attempt.

use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::{Error, Result};
use crate::models::{BillOfSale, DebtInformation, HostedUrl, RequiredSigner, Upload};
use crate::money;
use crate::routes::V2Route;
use crate::transactions::non_empty;
use crate::validate::{self, BILL_OF_SALE_FILE_TYPES, DEBT_FILE_TYPES, FileType};
use reqwest::multipart::{Form, Part};
use rust_decimal::Decimal;
use std::sync::Arc;

/// A file checked for sending.
#[derive(Debug, Clone)]
struct CheckedFile {
    name: String,
    kind: FileType,
    bytes: bytes::Bytes,
}

impl CheckedFile {
    fn new(field: &str, upload: &Upload, allowed: &[FileType]) -> Result<Self> {
        let kind = validate::file(field, &upload.file_name, &upload.bytes, allowed)?;
        let name = upload.file_name.rsplit(['/', '\\']).next().unwrap_or("").trim().to_owned();
        Ok(Self { name, kind, bytes: upload.bytes.clone() })
    }

    /// A streamed part over the shared bytes (no copy per attempt).
    fn part(&self) -> Part {
        let make = || {
            Part::stream_with_length(reqwest::Body::from(self.bytes.clone()), self.bytes.len() as u64)
                .file_name(self.name.clone())
        };
        make().mime_str(self.kind.mime()).unwrap_or_else(|_| make())
    }
}

fn positive_amount(field: &str, amount: Decimal) -> Result<String> {
    let rounded = money::round(amount);
    if rounded <= Decimal::ZERO {
        return Err(Error::validation(field, "must be greater than zero"));
    }
    Ok(rounded.to_string())
}

fn text(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// Debt information checked and normalized for the wire.
#[derive(Debug, Clone)]
struct DebtForm {
    file: CheckedFile,
    amount: String,
    fik_code: Option<String>,
    bank_account: Option<String>,
    bank_account_text: Option<String>,
}

/// Checks debt information against the spec (and this client's one-destination rule)
/// and returns what will be sent.
fn check_debt(debt: &DebtInformation) -> Result<DebtForm> {
    let file = CheckedFile::new("documentation", &debt.documentation, DEBT_FILE_TYPES)?;
    let amount = positive_amount("amount", debt.amount)?;
    let fik_code = text(&debt.fik_code).map(|f| validate::fik("fikCode", &f)).transpose()?.map(|f| f.to_string());
    let bank_account = text(&debt.bank_account).map(|b| validate::bank_account("bankAccount", &b)).transpose()?;
    match (&fik_code, &bank_account) {
        (None, None) => {
            return Err(Error::validation("bankAccount", "give a FIK code or a bank account to pay the debt to"));
        }
        (Some(_), Some(_)) => {
            return Err(Error::validation("bankAccount", "give either a FIK code or a bank account, not both"));
        }
        _ => {}
    }
    Ok(DebtForm { file, amount, fik_code, bank_account, bank_account_text: text(&debt.bank_account_text) })
}

/// A bill of sale checked and normalized for the wire.
#[derive(Debug, Clone)]
struct BillOfSaleForm {
    enable: bool,
    file: Option<CheckedFile>,
    additional_terms: Option<String>,
    amount: Option<String>,
    /// `None`: not sent (server default, both). `Some(vec![])`: sent as `None`.
    signers: Option<Vec<&'static str>>,
}

fn check_bill_of_sale(bill: &BillOfSale) -> Result<BillOfSaleForm> {
    if !bill.enable {
        let extra = bill.document.is_some()
            || text(&bill.additional_terms).is_some()
            || bill.amount.is_some()
            || bill.required_signers.is_some();
        if extra {
            return Err(Error::validation(
                "enable",
                "a disabled bill of sale takes no document, terms, amount or signers",
            ));
        }
        return Ok(BillOfSaleForm { enable: false, file: None, additional_terms: None, amount: None, signers: None });
    }
    let file = bill.document.as_ref().map(|d| CheckedFile::new("document", d, BILL_OF_SALE_FILE_TYPES)).transpose()?;
    let amount = bill.amount.map(|a| positive_amount("amount", a)).transpose()?;
    let signers = match &bill.required_signers {
        None => None,
        Some(list) => {
            let (mut payee, mut payer, mut none) = (false, false, false);
            for signer in list {
                match signer {
                    RequiredSigner::Payee => payee = true,
                    RequiredSigner::Payer => payer = true,
                    RequiredSigner::None => none = true,
                    RequiredSigner::Unknown(other) => {
                        return Err(Error::validation(
                            "requiredSigners",
                            format!("{other:?} is not Payer, Payee or None"),
                        ));
                    }
                }
            }
            if none && (payee || payer) {
                return Err(Error::validation("requiredSigners", "None cannot be combined with Payer or Payee"));
            }
            let mut out = Vec::new();
            if payee {
                out.push("Payee");
            }
            if payer {
                out.push("Payer");
            }
            Some(out)
        }
    };
    Ok(BillOfSaleForm { enable: true, file, additional_terms: text(&bill.additional_terms), amount, signers })
}

impl Client {
    /// `POST /v2/transactions/{transactionId}/debt-information` (Auto, debt module).
    ///
    /// Not retried once sent (the operation takes no Idempotency-Key); sending it again
    /// replaces the debt information.
    pub async fn add_debt_information(&self, transaction_id: &str, debt: &DebtInformation) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let form = Arc::new(check_debt(debt)?);
        let make = move || {
            let f = &*form;
            let mut out = Form::new().text("amount", f.amount.clone());
            if let Some(fik) = &f.fik_code {
                out = out.text("fikCode", fik.clone());
            }
            if let Some(account) = &f.bank_account {
                out = out.text("bankAccount", account.clone());
            }
            if let Some(text) = &f.bank_account_text {
                out = out.text("bankAccountText", text.clone());
            }
            out.part("documentation", f.file.part())
        };
        let req = Request::post(self.path(V2Route::RegisterDebt, &[("transactionId", id)]), Body::Form(Arc::new(make)));
        self.send(req, &CallOptions::default()).await
    }

    /// `GET /v2/transactions/{transactionId}/debt-information/download`: an address of
    /// the debt documentation, valid for 5 minutes (ask again when it has expired).
    pub async fn debt_information_download(&self, transaction_id: &str) -> Result<HostedUrl> {
        let id = non_empty("transactionId", transaction_id)?;
        let req = Request::get(self.path(V2Route::DownloadDebt, &[("transactionId", id)]));
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/transactions/{transactionId}/bill-of-sale` (Auto, bill-of-sale module).
    ///
    /// Without a document the service generates the PDF from the transaction's data.
    pub async fn set_bill_of_sale(&self, transaction_id: &str, bill: &BillOfSale) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let form = Arc::new(check_bill_of_sale(bill)?);
        let make = move || {
            let f = &*form;
            let mut out = Form::new().text("enable", if f.enable { "true" } else { "false" });
            if let Some(amount) = &f.amount {
                out = out.text("amount", amount.clone());
            }
            if let Some(terms) = &f.additional_terms {
                out = out.text("additionalTerms", terms.clone());
            }
            match &f.signers {
                None => {}
                // A form cannot carry an empty list; the spec makes None mean the same.
                Some(list) if list.is_empty() => out = out.text("requiredSigners", "None"),
                Some(list) => {
                    for signer in list {
                        out = out.text("requiredSigners", *signer);
                    }
                }
            }
            if let Some(file) = &f.file {
                out = out.part("document", file.part());
            }
            out
        };
        let req =
            Request::post(self.path(V2Route::SetBillOfSale, &[("transactionId", id)]), Body::Form(Arc::new(make)));
        self.send(req, &CallOptions::default()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    const PDF: &[u8] = b"%PDF-1.4\n%%EOF\n";

    fn debt() -> DebtInformation {
        let mut d = DebtInformation::new(Upload::new("loan.pdf", PDF), Decimal::from_str("1000.005").unwrap());
        d.bank_account = Some("DK50 0040 0440 1162 43".into());
        d
    }

    #[test]
    fn debt_is_normalized_for_the_wire() {
        let f = check_debt(&debt()).unwrap();
        assert_eq!(f.amount, "1000.01");
        assert_eq!(f.bank_account.as_deref(), Some("DK5000400440116243"));
        let mut d = debt();
        d.bank_account = None;
        d.fik_code = Some("+71 123456789012345 +12345678".into());
        assert_eq!(check_debt(&d).unwrap().fik_code.as_deref(), Some("+71<123456789012345+12345678<"));
        d.bank_account = Some("00400440116243".into());
        assert!(check_debt(&d).is_err(), "both");
        d.fik_code = Some("  ".into());
        assert!(check_debt(&d).is_ok(), "blank FIK is no FIK");
    }

    #[test]
    fn signers_are_deduplicated_and_ordered() {
        let mut b = BillOfSale::generated();
        b.required_signers = Some(vec![RequiredSigner::Payer, RequiredSigner::Payee, RequiredSigner::Payer]);
        assert_eq!(check_bill_of_sale(&b).unwrap().signers, Some(vec!["Payee", "Payer"]));
        b.required_signers = Some(vec![RequiredSigner::None]);
        assert_eq!(check_bill_of_sale(&b).unwrap().signers, Some(vec![]));
        b.required_signers = Some(vec![RequiredSigner::None, RequiredSigner::Payer]);
        assert!(check_bill_of_sale(&b).is_err());
        b.required_signers = Some(vec![RequiredSigner::from("Notary")]);
        assert!(check_bill_of_sale(&b).is_err());
        let mut off = BillOfSale::disabled();
        assert!(check_bill_of_sale(&off).is_ok());
        off.amount = Some(Decimal::ONE);
        assert!(check_bill_of_sale(&off).is_err());
    }
}
