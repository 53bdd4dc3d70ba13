//! Trades: creation, the record with its parties, pages, links and reimbursement.

use super::business_user::{TradeAddress, address_or_line};
use super::status::{TradePartyStatus, TradePhases, TradeTimelineEvent, lenient_events};
use super::wire::{amount, lenient_strings, optional_amount, optional_percent, percent};
use crate::lenient;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
#[non_exhaustive]
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
#[non_exhaustive]
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
#[non_exhaustive]
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
    #[serde(deserialize_with = "lenient_events")]
    pub timeline: Vec<TradeTimelineEvent>,
}
crate::dialect::tolerant_model!(TradeParty);

/// A trade record (spec: trade record).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
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
#[non_exhaustive]
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
#[non_exhaustive]
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
#[non_exhaustive]
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
#[non_exhaustive]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trade::models::payment::{PaymentToEscrow, PaymentToEscrowState};

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
