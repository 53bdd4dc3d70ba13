//! Business users: registration, edits and the record the service answers.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// An address (spec: Address model). Required where used; its fields have no bounds
/// in the spec and are sent only when set.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct TradeAddress {
    /// Street name, e.g. "Vestergade".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub street_name: Option<String>,
    /// House number, e.g. "12B".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_number: Option<String>,
    /// City, e.g. "Aarhus C".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// Postal code, e.g. "8000".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub post_number: Option<String>,
    /// Municipality, e.g. "Aarhus Kommune".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub municipality_name: Option<String>,
    /// Floor, e.g. "2".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub floor: Option<String>,
    /// Side or door, e.g. "tv".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side_door: Option<String>,
    /// The whole address on one line, as the published trade record gives a party's
    /// address (a string, not the address model). Never sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub line: Option<String>,
}

/// An address as the address model or, as the published trade record has it, one string.
pub(crate) fn address_or_line<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TradeAddress>, D::Error> {
    Ok(match Option::<Value>::deserialize(d)? {
        None | Some(Value::Null) => None,
        Some(Value::String(line)) => Some(TradeAddress { line: Some(line), ..TradeAddress::default() }),
        Some(other) => Some(TradeAddress::deserialize(other).map_err(serde::de::Error::custom)?),
    })
}

/// A bank account as this API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct TradeBankAccount {
    /// The bank's name.
    pub bank: Option<String>,
    /// The account number (BBAN) payouts go to.
    pub account_number: Option<String>,
    /// The account's name or holder.
    pub name: Option<String>,
}

/// Registers a business user (spec: business user create request).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CreateBusinessUser {
    /// Company registry number (CVR), 1 to 64 characters; the service allows only
    /// whitelisted numbers.
    pub business_id: String,
    /// Production unit number (P-number), 1 to 64 characters.
    pub business_location_id: String,
    /// 2 to 200 characters.
    pub name: String,
    /// Required, not empty.
    pub phone_number: String,
    /// Required.
    pub address: TradeAddress,
    /// A 14-digit BBAN or a Danish IBAN; spaces and dashes are removed before sending.
    pub payouts_account_number: String,
}

/// Changes a business user (spec: business user edit request).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct EditBusinessUser {
    /// 2 to 200 characters.
    pub name: String,
    /// Always sent; `None` is sent as null (the spec: required, string or null).
    pub phone_number: Option<String>,
    /// Required.
    pub address: TradeAddress,
    /// A 14-digit BBAN or a Danish IBAN.
    pub payouts_account_number: String,
}

/// A business user as the service answers (`userId` only on create).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct BusinessUser {
    /// The business's account at the service.
    pub service_user_id: Option<String>,
    /// Company registry number.
    pub business_id: Option<String>,
    /// Production unit number.
    pub business_location_id: Option<String>,
    /// The user id made for it; answered on create only.
    pub user_id: Option<String>,
    /// Where payouts go.
    pub bank_account: Option<TradeBankAccount>,
    /// The business's address.
    pub address: Option<TradeAddress>,
}
crate::dialect::tolerant_model!(BusinessUser);
