//! Everything the spec states about debt information and a bill of sale, checked and
//! normalized before sending, so a refused call sends nothing.

use super::models::{BillOfSale, DebtInformation, RequiredSigner, Upload};
use crate::error::{Error, Result};
use crate::money;
use crate::validate::{self, BILL_OF_SALE_FILE_TYPES, DEBT_FILE_TYPES, FileType};
use reqwest::multipart::Part;
use rust_decimal::Decimal;

/// A file checked for sending.
#[derive(Debug, Clone)]
pub(super) struct CheckedFile {
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
    pub(super) fn part(&self) -> Part {
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
pub(super) struct DebtForm {
    pub(super) file: CheckedFile,
    pub(super) amount: String,
    pub(super) fik_code: Option<String>,
    pub(super) bank_account: Option<String>,
    pub(super) bank_account_text: Option<String>,
}

/// Checks debt information against the spec (and this client's one-destination rule)
/// and returns what will be sent.
pub(super) fn check_debt(debt: &DebtInformation) -> Result<DebtForm> {
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
pub(super) struct BillOfSaleForm {
    pub(super) enable: bool,
    pub(super) file: Option<CheckedFile>,
    pub(super) additional_terms: Option<String>,
    pub(super) amount: Option<String>,
    /// `None`: not sent (server default, both). `Some(vec![])`: sent as `None`.
    pub(super) signers: Option<Vec<&'static str>>,
}

pub(super) fn check_bill_of_sale(bill: &BillOfSale) -> Result<BillOfSaleForm> {
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
