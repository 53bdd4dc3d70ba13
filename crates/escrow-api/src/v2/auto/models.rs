//! The Auto modules: debt information and the bill of sale (requests), and what a transaction's `autoInformation.billOfSale`
//! and `.debt` hold.
//!
//! The spec does not show the fields of `billOfSale` and `debt`; [`BillOfSaleRecord`]
//! and [`DebtRecord`] read the fields the sandbox records, all optional, and
//! [`BillOfSaleRecord::of`] / [`DebtRecord::of`] give `None` for anything else, so a
//! different shape from the service never breaks reading a transaction.

use crate::enums::Currency;
use crate::error::{Error, Result};
use crate::v2::transactions::models::AutoInformation;
use crate::{lenient, money};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A file to upload: its bytes and the name it is sent under. The name's extension
/// and the bytes' signature must agree (checked before sending).
#[derive(Clone, PartialEq, Eq)]
pub struct Upload {
    /// The file name as the user chose it; its extension must agree with the content.
    pub file_name: String,
    /// The file content (shared, not copied, across retries).
    pub bytes: Bytes,
}

impl Upload {
    /// A file from bytes in memory.
    pub fn new(file_name: impl Into<String>, bytes: impl Into<Bytes>) -> Self {
        Self { file_name: file_name.into(), bytes: bytes.into() }
    }

    /// Reads a file from disk, named after its last path component. Files over the
    /// upload limit are refused without reading them whole.
    pub fn from_path(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| Error::validation("file", format!("{} has no usable file name", path.display())))?;
        let size = std::fs::metadata(path)
            .map_err(|e| Error::validation("file", format!("cannot read {}: {e}", path.display())))?
            .len();
        if size > crate::validate::MAX_FILE_BYTES as u64 {
            return Err(Error::validation("file", format!("{name} is {size} bytes; at most 10 MB is accepted")));
        }
        let bytes = std::fs::read(path)
            .map_err(|e| Error::validation("file", format!("cannot read {}: {e}", path.display())))?;
        Ok(Self::new(name, bytes))
    }
}

impl std::fmt::Debug for Upload {
    /// Name and size only: file contents never end up in logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Upload").field("file_name", &self.file_name).field("len", &self.bytes.len()).finish()
    }
}

/// `POST /v2/transactions/{transactionId}/debt-information`: the vehicle's outstanding
/// debt, settled out of the payee's share through FIK (+71) or a bank account.
///
/// Give exactly one of `fik_code` and `bank_account` (this client's rule, shared with
/// the sandbox: a debt needs one place to be paid to).
#[derive(Debug, Clone, PartialEq)]
pub struct DebtInformation {
    /// Proof of the debt: PDF, JPG, JPEG, PNG, GIF, BMP or WEBP, at most 10 MB.
    pub documentation: Upload,
    /// Greater than zero; sent rounded to 2 decimals.
    pub amount: Decimal,
    /// FIK code of card type +71; spaces and `<` marks optional.
    pub fik_code: Option<String>,
    /// 14-digit BBAN or 18-character Danish IBAN; spaces and dashes are removed.
    pub bank_account: Option<String>,
    /// Reference text for the transfer to the bank account.
    pub bank_account_text: Option<String>,
}

impl DebtInformation {
    /// Debt of `amount` documented by `documentation`; set the FIK code or bank account.
    pub fn new(documentation: Upload, amount: Decimal) -> Self {
        Self { documentation, amount, fik_code: None, bank_account: None, bank_account_text: None }
    }
}

/// Who must sign a bill of sale. Unknown values read from the service are kept;
/// sending one is refused.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(type = "string"))]
pub enum RequiredSigner {
    /// The payer (buyer) signs.
    Payer,
    /// The payee (seller) signs.
    Payee,
    /// Nobody: the document counts as signed.
    None,
    /// A value this client does not know yet, kept as sent.
    Unknown(String),
}

impl RequiredSigner {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Payer => "Payer",
            Self::Payee => "Payee",
            Self::None => "None",
            Self::Unknown(other) => other,
        }
    }
}

impl From<&str> for RequiredSigner {
    fn from(value: &str) -> Self {
        match value {
            v if v.eq_ignore_ascii_case("Payer") => Self::Payer,
            v if v.eq_ignore_ascii_case("Payee") => Self::Payee,
            v if v.eq_ignore_ascii_case("None") => Self::None,
            other => Self::Unknown(other.to_owned()),
        }
    }
}

impl Serialize for RequiredSigner {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RequiredSigner {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Ok(Self::from(text.as_ref()))
    }
}

/// `POST /v2/transactions/{transactionId}/bill-of-sale`: turn the bill of sale on (with
/// a PDF, or generated by the service from the transaction's data) or off.
#[derive(Debug, Clone, PartialEq)]
pub struct BillOfSale {
    /// Turn the bill of sale on, or off (then nothing else may be sent).
    pub enable: bool,
    /// A PDF of at most 10 MB; `None` lets the service generate one.
    pub document: Option<Upload>,
    /// Extra terms printed on the bill of sale.
    pub additional_terms: Option<String>,
    /// `None`: the transaction amount.
    pub amount: Option<Decimal>,
    /// `None`: both Payee and Payer. An empty list (or `[None]`): nobody, and the
    /// document counts as signed.
    pub required_signers: Option<Vec<RequiredSigner>>,
}

impl BillOfSale {
    /// A bill of sale generated by the service, with the defaults.
    pub fn generated() -> Self {
        Self { enable: true, document: None, additional_terms: None, amount: None, required_signers: None }
    }

    /// A bill of sale from your own PDF, with the defaults.
    pub fn from_document(document: Upload) -> Self {
        Self { document: Some(document), ..Self::generated() }
    }

    /// Turns the bill of sale off.
    pub fn disabled() -> Self {
        Self { enable: false, ..Self::generated() }
    }
}

/// `autoInformation.billOfSale` as the sandbox records it (the spec shows no fields).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct BillOfSaleRecord {
    /// Whether a bill of sale is active for the deal.
    pub enabled: Option<bool>,
    /// The sandbox's id of the stored PDF.
    pub file_id: Option<String>,
    /// The PDF's file name.
    pub file_name: Option<String>,
    /// Generated by the service (no document was uploaded).
    pub generated: Option<bool>,
    /// The PDF's size in bytes.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub size: Option<u64>,
    /// The price on the bill of sale (defaults to the transaction amount).
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Currency of `amount`.
    pub currency: Option<Currency>,
    /// Extra terms printed on the bill of sale.
    pub additional_terms: Option<String>,
    /// Who must sign; empty means the document counts as signed.
    pub required_signers: Option<Vec<RequiredSigner>>,
    /// True when nobody has to sign (or, with a signing flow, all have signed).
    pub signed: Option<bool>,
    /// When the bill of sale was set.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
}

impl BillOfSaleRecord {
    /// The bill of sale recorded on a transaction, if it has this shape.
    pub fn of(auto: &AutoInformation) -> Option<Self> {
        auto.bill_of_sale.as_ref().filter(|v| v.is_object()).and_then(|v| serde_json::from_value(v.clone()).ok())
    }
}

/// `autoInformation.debt` as the sandbox records it (the spec shows no fields).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct DebtRecord {
    /// The debt to settle out of the payee's share at release.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Currency of `amount`.
    pub currency: Option<Currency>,
    /// FIK (+71) code the debt is paid to, if paid by FIK.
    pub fik_code: Option<String>,
    /// 14-digit BBAN or Danish IBAN the debt is paid to, if paid by transfer.
    pub bank_account: Option<String>,
    /// Reference text for the creditor's bank transfer.
    pub bank_account_text: Option<String>,
    /// The sandbox's id of the stored documentation.
    pub file_id: Option<String>,
    /// The documentation's file name.
    pub file_name: Option<String>,
    /// The documentation's content type (from its bytes).
    pub content_type: Option<String>,
    /// The documentation's size in bytes.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub size: Option<u64>,
    /// The debt-settlement split payout planned from it.
    pub split_payout_id: Option<String>,
    /// When the debt information was registered.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
}

impl DebtRecord {
    /// The debt recorded on a transaction, if it has this shape.
    pub fn of(auto: &AutoInformation) -> Option<Self> {
        auto.debt.as_ref().filter(|v| v.is_object()).and_then(|v| serde_json::from_value(v.clone()).ok())
    }
}
