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
    /// The part of the transaction's money to pay out, in its currency. Greater than zero;
    /// rounded to 2 decimals.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// PAYEE, PAYER (back to the payer's bank account) or TENANT (the tenant's default
    /// account).
    pub recipient: Recipient,
    /// NEXT_PAYOUT (with the next payout batch, whatever happens to the transaction) or
    /// ON_CLOSE (on release, out of the payee's share; not paid if the money is returned).
    /// `None` leaves the service's default, ON_CLOSE.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timing: Option<Timing>,
}

/// Answer to create split payout.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct CreatedSplitPayout {
    /// The new split payout's id; needed to cancel it while it is PENDING.
    pub split_payout_id: String,
}

/// One split payout as listed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct SplitPayout {
    /// The split payout's id; needed to cancel it while it is PENDING.
    pub split_payout_id: String,
    /// Amount to pay out, in `currency`.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// Currency of `amount`; `None` when the service omits it (then the transaction's).
    #[serde(default)]
    pub currency: Option<Currency>,
    /// PAYEE, PAYER or TENANT.
    pub recipient: Recipient,
    /// The receiving user's account; `None` when the tenant receives it.
    #[serde(default)]
    pub service_account_id: Option<String>,
    /// NEXT_PAYOUT or ON_CLOSE; `None` when the service omits it.
    #[serde(default)]
    pub timing: Option<Timing>,
    /// Text describing the split payout, as the service shows it.
    #[serde(default)]
    pub description: Option<String>,
    /// The receiving account, as the service shows it.
    #[serde(default)]
    pub destination: Option<String>,
    /// PENDING (not yet in a payout batch; can be cancelled), PAID, CANCELLED, or a newer
    /// value kept as sent.
    pub status: SplitPayoutStatus,
    /// When the split payout was created.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
}
crate::dialect::tolerant_model!(SplitPayout);

/// Answer to list split payouts.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct SplitPayoutList {
    /// Those created explicitly and those planned at transaction creation.
    pub items: Vec<SplitPayout>,
}
