//! Split payouts: part of a transaction's money paid to another account.

use crate::enums::{Currency, Recipient, SplitPayoutStatus, Timing};
use crate::{lenient, money};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Body of create split payout. `timing` defaults to ON_CLOSE on the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CreateSplitPayout {
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    pub recipient: Recipient,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timing: Option<Timing>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct CreatedSplitPayout {
    pub split_payout_id: String,
}

/// One split payout as listed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SplitPayout {
    pub split_payout_id: String,
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(default)]
    pub currency: Option<Currency>,
    pub recipient: Recipient,
    #[serde(default)]
    pub service_account_id: Option<String>,
    #[serde(default)]
    pub timing: Option<Timing>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub destination: Option<String>,
    pub status: SplitPayoutStatus,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct SplitPayoutList {
    pub items: Vec<SplitPayout>,
}
