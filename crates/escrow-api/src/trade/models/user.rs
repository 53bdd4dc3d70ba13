//! Connecting users and reading them.

use super::business_user::TradeBankAccount;
use super::trade::TradeAppSwitch;
use super::wire::lenient_bool;
use serde::{Deserialize, Serialize};

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
#[non_exhaustive]
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
