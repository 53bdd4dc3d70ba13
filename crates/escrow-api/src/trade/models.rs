//! Resources of the trade API (spec document 2, section 2), `camelCase` on the wire.
//!
//! Responses tolerate unknown fields and nulls. Money is [`Decimal`], read from a JSON
//! number or numeric string; this API's spec types amounts as "number", so they are
//! sent as JSON numbers (amounts rounded to 2 decimals, percentages as given). Names
//! carry a `Trade` prefix where the v2 models already use the plain name, so the
//! generated TypeScript declarations never collide.

use crate::{lenient, money};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

pub use super::status::{TradePartyStatus, TradePhase, TradePhases, TradeStatusAction, TradeTimelineEvent};

/// Writes a decimal as a JSON number: an integer when it is whole, else the shortest
/// float that reads back as the same decimal (exact for the magnitudes of this API).
fn write_number<S: Serializer>(v: Decimal, s: S) -> Result<S::Ok, S::Error> {
    let v = v.normalize();
    if v.scale() == 0
        && let Ok(i) = i64::try_from(v.mantissa())
    {
        return s.serialize_i64(i);
    }
    let f: f64 = v.to_string().parse().map_err(serde::ser::Error::custom)?;
    s.serialize_f64(f)
}

/// `#[serde(with = "amount")]`: an amount, rounded to 2 decimals, sent as a JSON number.
pub mod amount {
    use super::*;

    /// Rounds to 2 decimals and writes a JSON number.
    pub fn serialize<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        write_number(money::round(*v), s)
    }
    /// Reads a JSON number or numeric string, rounded to 2 decimals.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        money::amount::deserialize(d)
    }
}

/// `#[serde(with = "optional_amount")]`: an amount that may be null or absent.
pub mod optional_amount {
    use super::*;

    /// Like [`super::amount::serialize`]; `None` is null.
    pub fn serialize<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => write_number(money::round(*v), s),
            None => s.serialize_none(),
        }
    }
    /// Like [`super::amount::deserialize`]; null or absent is `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        money::optional::deserialize(d)
    }
}

/// `#[serde(with = "percent")]`: a percentage, sent and read exactly (not rounded).
pub mod percent {
    use super::*;

    /// Writes a JSON number, as given.
    pub fn serialize<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        write_number(*v, s)
    }
    /// Reads a JSON number or numeric string, as given.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        match Value::deserialize(d)? {
            Value::Number(n) => {
                let t = n.to_string();
                t.parse::<Decimal>().or_else(|_| Decimal::from_scientific(&t)).map_err(serde::de::Error::custom)
            }
            Value::String(s) => {
                money::parse(&s).and(s.parse::<Decimal>().map_err(|e| e.to_string())).map_err(serde::de::Error::custom)
            }
            _ => Err(serde::de::Error::custom("a percentage must be a number")),
        }
    }
}

/// `#[serde(with = "optional_percent")]`.
pub mod optional_percent {
    use super::*;

    /// Like [`super::percent::serialize`]; `None` is null.
    pub fn serialize<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => write_number(*v, s),
            None => s.serialize_none(),
        }
    }
    /// Like [`super::percent::deserialize`]; null or absent is `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        #[derive(Deserialize)]
        struct W(#[serde(with = "super::percent")] Decimal);
        Ok(Option::<W>::deserialize(d)?.map(|w| w.0))
    }
}

/// Reads a list of strings; objects are kept as their `url`/`name`/`id`/`type` member or
/// their JSON text, so an unexpected shape never fails the whole record (published
/// `images` are `[{url}]`).
pub(super) fn lenient_strings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let items = Option::<Vec<Value>>::deserialize(d)?.unwrap_or_default();
    Ok(items
        .into_iter()
        .filter(|v| !v.is_null())
        .map(|v| match v {
            Value::String(s) => s,
            Value::Object(ref o) => ["url", "name", "id", "type"]
                .iter()
                .find_map(|k| o.get(*k).and_then(Value::as_str).map(str::to_owned))
                .unwrap_or_else(|| v.to_string()),
            other => other.to_string(),
        })
        .collect())
}

/// Reads a boolean that may be null or absent (false).
pub(super) fn lenient_bool<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(false))
}

/// An address (spec: Address model). Required where used; its fields have no bounds
/// in the spec and are sent only when set.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
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
fn address_or_line<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TradeAddress>, D::Error> {
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

/// Returning to a native app after a hosted page (spec: appSwitch).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradeAppSwitch {
    /// The app's callback URI.
    pub app_switch_callback_uri: Option<String>,
    /// The app's platform: the spec observed "Android"; the published API sends an
    /// integer (read as its digits; see `dialect` for what is sent).
    #[serde(deserialize_with = "lenient::optional_text")]
    pub operating_system: Option<String>,
}

/// Shipping of a trade. The spec names the fields but not their types; nested shapes
/// (options, sender, receiver) are kept as JSON.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradeShipping {
    /// Expected maximum weight of the parcel (grams, as shipment purchases use).
    #[serde(deserialize_with = "lenient::optional_int32", skip_serializing_if = "Option::is_none")]
    pub expected_max_weight: Option<i32>,
    /// Who pays the delivery shipment (values not shown in the spec, e.g. "Payer"; the
    /// published API sends an integer, kept as its digits).
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "lenient::optional_text")]
    pub paid_by: Option<String>,
    /// Who pays a return shipment.
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "lenient::optional_text")]
    pub return_paid_by: Option<String>,
    /// Carriers and products offered, as JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub shipping_options: Option<Value>,
    /// The sender, as JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub sender: Option<Value>,
    /// The receiver, as JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub receiver: Option<Value>,
    /// Price of the shipping.
    #[serde(with = "optional_amount", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub price: Option<Decimal>,
}

/// Creates a trade (spec: trade creation request). Build with [`CreateTrade::new`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CreateTrade {
    /// 1 to 64 characters.
    pub title: String,
    /// 1 to 5000 characters.
    pub description: String,
    /// 5 to 10,000,000, rounded to 2 decimals.
    #[serde(with = "amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// Payer's percentage fee, 0 to 100; the agreed service fee is taken from it.
    #[serde(with = "percent")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub payer_fee: Decimal,
    /// Payer's fixed fee, 0 to 2147483647.
    #[serde(with = "amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub payer_fixed_fee: Decimal,
    /// Payee's percentage fee, 0 to 100, taken before payout.
    #[serde(with = "percent")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub payee_fee: Decimal,
    /// Payee's fixed fee, 0 to 2147483647.
    #[serde(with = "amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub payee_fixed_fee: Decimal,
    /// The buyer's marketplaceUserId, 1 to 64 characters.
    pub payer_marketplace_user_id: String,
    /// The seller's marketplaceUserId, 1 to 64; must already be connected.
    pub payee_marketplace_user_id: String,
    /// The tenant's own id, at most 64 characters.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub reference_id: Option<String>,
    /// Deprecated; use `checkout_uniqueness_key`. 1 to 64 characters.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub checkout_idempotency_key: Option<String>,
    /// At most one successful payment and checkout per key; 1 to 64 characters.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub checkout_uniqueness_key: Option<String>,
    /// The seller agreed to hand the item over in person.
    #[serde(default)]
    pub delivery_by_hand_allowed: bool,
    /// Shipping, if the item is shipped.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub shipping: Option<TradeShipping>,
    /// Return shipping.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub return_shipping: Option<TradeShipping>,
    /// Where users go after a successful payment; 1 to 2048 characters.
    pub success_url: String,
    /// Where users go after cancelling; 1 to 2048 characters.
    pub cancel_url: String,
    /// The spec observed "Marketplace".
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub checkout_type: Option<String>,
    /// Pictures of the item.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub image_urls: Option<Vec<String>>,
    /// Return to a native app after hosted pages.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub app_switch: Option<TradeAppSwitch>,
    /// Time for the payee to send or deliver after payment, 1 to 129600 minutes (90 days).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub allowed_time_for_item_delivery_in_minutes: Option<i32>,
    /// Payees paid first (shape not shown in the spec), as JSON.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown[] | null"))]
    pub prioritized_payees: Option<Vec<Value>>,
}

impl CreateTrade {
    /// A request with the required fields; fees zero, everything optional unset.
    pub fn new(
        title: impl Into<String>,
        description: impl Into<String>,
        amount: Decimal,
        payer: impl Into<String>,
        payee: impl Into<String>,
        success_url: impl Into<String>,
        cancel_url: impl Into<String>,
    ) -> Self {
        Self {
            title: title.into(),
            description: description.into(),
            amount,
            payer_marketplace_user_id: payer.into(),
            payee_marketplace_user_id: payee.into(),
            success_url: success_url.into(),
            cancel_url: cancel_url.into(),
            ..Self::default()
        }
    }
}

/// The answer to initiate trade.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct CreatedTrade {
    /// The new trade's id.
    pub trade_id: String,
    /// The published API also answers the payer's hosted page (`redirectUrl`).
    pub redirect_url: Option<String>,
}

/// A party's fee on a trade.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradePartyFees {
    /// The fixed part.
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub fixed_amount: Option<Decimal>,
    /// The percentage part, as an amount.
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub variable_amount: Option<Decimal>,
    /// The percentage.
    #[serde(with = "optional_percent")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub variable_percentage: Option<Decimal>,
    /// The whole fee.
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
}

/// The payer or payee of a trade, as that party is shown.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
pub struct TradeParty {
    /// The party's account; `None` while the party has not connected.
    pub service_user_id: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
    /// Name.
    pub name: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Postal code.
    pub postal_code: Option<String>,
    /// Full address.
    #[serde(deserialize_with = "address_or_line")]
    pub address: Option<TradeAddress>,
    /// The party's fee.
    pub fees: Option<TradePartyFees>,
    /// What the party should do now.
    pub status: Option<TradePartyStatus>,
    /// What happened so far, oldest first.
    #[serde(deserialize_with = "super::status::lenient_events")]
    pub timeline: Vec<TradeTimelineEvent>,
}
crate::dialect::tolerant_model!(TradeParty);

/// A trade record (spec: trade record).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct Trade {
    /// The trade's id.
    pub trade_id: String,
    /// The buyer.
    pub payer: Option<TradeParty>,
    /// The seller.
    pub payee: Option<TradeParty>,
    /// Who created the trade.
    pub created_by: Option<String>,
    /// The tenant's own id.
    pub reference_id: Option<String>,
    /// Title.
    pub title: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// The item's price (the trade amount).
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub price: Option<Decimal>,
    /// Payees paid first, as JSON.
    #[cfg_attr(feature = "ts", ts(type = "unknown[] | null"))]
    pub prioritized_payees: Option<Vec<Value>>,
    /// Where the trade is.
    pub phases: Option<TradePhases>,
    /// Pictures of the item.
    #[serde(deserialize_with = "lenient_strings")]
    pub images: Vec<String>,
}

/// Paging of [`TradePage`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradePagination {
    /// Page size used.
    #[serde(deserialize_with = "lenient::optional_int32")]
    pub page_size: Option<i32>,
    /// Page number (1-based in the sandbox).
    #[serde(deserialize_with = "lenient::optional_int32")]
    pub page: Option<i32>,
}

/// One page of a user's trades.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradePage {
    /// The trades, newest first.
    pub trades: Vec<Trade>,
    /// Which page this is.
    pub pagination: Option<TradePagination>,
}

/// Cancel request and response: the trade's state id, 1 to 64 characters.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradeState {
    /// The state id (the sandbox takes the trade id).
    pub state: String,
}

/// Asks for a status-page link.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TradeStatusLinkRequest {
    /// Where the page's "back" goes; 1 to 2048 characters.
    pub return_url: String,
    /// Return to a native app.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub app_switch: Option<TradeAppSwitch>,
}

/// A hosted page to send the user to (spec: link object; `{url}` in the sandbox's spec
/// dialect, `{redirectUrl}` in the published documentation: either is read).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
pub struct TradeLink {
    /// The page's address.
    pub url: String,
}
crate::dialect::tolerant_model!(TradeLink { "url" <- "redirectUrl" });

/// Reimburses the payer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TradeReimburse {
    /// More than 0, rounded to 2 decimals; the service also caps it at what was paid.
    #[serde(with = "amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
}

/// Starts connecting a user (spec: user connect request).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TradeConnectRequest {
    /// Where the user goes when connected; 1 to 2048 characters.
    pub success_url: String,
    /// Where the user goes on cancel; 1 to 2048 characters.
    pub cancel_url: String,
    /// Return to a native app.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub app_switch: Option<TradeAppSwitch>,
    /// The tenant's id of the user; 1 to 64 characters.
    pub marketplace_user_id: String,
    /// Identity check level, 1 or 2.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub required_kyc_level: Option<i32>,
}

/// Starts picking the payout account.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TradeSelectPayoutAccount {
    /// Where the user goes afterwards; at most 2048 characters.
    pub return_url: Option<String>,
    /// Return to a native app.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub app_switch: Option<TradeAppSwitch>,
}

/// A connected user (spec: user details response).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
pub struct TradeUserDetails {
    /// The user's account at the service.
    pub service_user_id: Option<String>,
    /// Where payouts go.
    pub bank_account: Option<TradeBankAccount>,
    /// Name.
    pub name: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
    /// Whether onboarding is done (the user can take part in trades).
    #[serde(deserialize_with = "lenient_bool")]
    pub has_completed_onboarding: bool,
}
crate::dialect::tolerant_model!(TradeUserDetails);

/// Starts paying a payment to escrow.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TradePaymentFlowRequest {
    /// Where the user goes after paying; 1 to 2048 characters.
    pub success_url: String,
    /// Where the user goes on cancel; 1 to 2048 characters.
    pub cancel_url: String,
    /// Return to a native app.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub app_switch: Option<TradeAppSwitch>,
}

string_enum! {
    /// State of a payment to escrow. The spec observed only `Pending`; `Paid` and
    /// `Cancelled` are the sandbox's.
    PaymentToEscrowState {
        /// Waiting for the user to pay.
        Pending = "Pending",
        /// Paid.
        Paid = "Paid",
        /// Will not be paid (the trade closed first).
        Cancelled = "Cancelled",
    }
}

/// A payment into escrow: the trade's own, or a shipment's.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentToEscrow {
    /// The payment's id (the `paymentId` of the payment flow).
    pub external_id: String,
    /// What is to be paid.
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Whether it has been paid.
    #[serde(deserialize_with = "lenient_bool")]
    pub is_paid: bool,
    /// Where the payment is.
    pub state: Option<PaymentToEscrowState>,
}

/// Buys a shipment label (spec: shipment purchase request).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShipmentPurchase {
    /// What the user pays for the label; not negative (0: already covered).
    #[serde(with = "amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub price: Decimal,
    /// The carrier: one of two supported identifiers (the sandbox's: `postnord`, `gls`).
    pub shipment_provider_id: String,
    /// Expected maximum weight in grams; more than 0.
    pub expected_max_weight_in_grams: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_goes_out_as_numbers_and_comes_back_as_decimals() {
        let mut t = CreateTrade::new("Cykel", "Brugt", "1250.505".parse().unwrap(), "b", "s", "https://a", "https://b");
        t.payer_fee = "2.375".parse().unwrap();
        t.payee_fixed_fee = "2147483647".parse().unwrap();
        let v = serde_json::to_value(&t).unwrap();
        assert_eq!(v["amount"], serde_json::json!(1250.51), "rounded half away from zero");
        assert_eq!(v["payerFee"], serde_json::json!(2.375), "percentages are not rounded");
        assert_eq!(v["payeeFixedFee"], serde_json::json!(2147483647));
        assert!(v.get("referenceId").is_none(), "unset optionals are not sent");
        let back: CreateTrade = serde_json::from_value(v).unwrap();
        assert_eq!(back.amount.to_string(), "1250.51");
        assert_eq!(back.payer_fee.to_string(), "2.375");
    }

    #[test]
    fn records_tolerate_nulls_unknown_fields_and_odd_shapes() {
        let t: Trade = serde_json::from_str(
            r#"{"tradeId":"t","price":"12.5","images":null,"extra":{"x":1},"phases":{"return":{"state":"Active"}},
                "payer":{"timeline":null,"status":{"actions":["Pay",{"name":"Abandon"}],"hasPendingAction":null,"deadline":"2026-01-01T10:00:00"}}}"#,
        )
        .unwrap();
        assert_eq!(t.price.unwrap().to_string(), "12.50");
        assert_eq!(t.phases.unwrap().return_phase.unwrap().state.as_deref(), Some("Active"));
        let status = t.payer.unwrap().status.unwrap();
        assert_eq!(status.actions.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), vec!["Pay", "Abandon"]);
        assert!(!status.has_pending_action);
        let p: PaymentToEscrow =
            serde_json::from_str(r#"{"externalId":"e","amount":10,"isPaid":false,"state":"OnHold"}"#).unwrap();
        assert_eq!(p.state, Some(PaymentToEscrowState::Unknown("OnHold".into())));
    }
}
