//! Where a trade stands: each party's status, timeline and the trade's phases.
//!
//! The spec names these records but few of their fields; the published documentation
//! shows richer ones (numeric `iconId`/`state`/action `type`, `{type, text}` actions,
//! timeline titles and details, phase dates with `""` for "not yet"). Every documented
//! field is kept, numbers arrive as their digits where the spec reads text, and the
//! sandbox's spec-dialect names (`time`/`text`, action names) still read the same.

use super::models::lenient_bool;
use crate::lenient;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// An action open to a party: a name (spec dialect) or a `{type, text}` pair (published).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradeStatusAction {
    /// The action's name as the service gives it; for a published `{type, text}` action,
    /// its `type` as digits.
    pub name: String,
    /// The service's own label for it, when it sends one.
    pub text: Option<String>,
}

fn lenient_actions<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<TradeStatusAction>, D::Error> {
    let items = Option::<Vec<Value>>::deserialize(d)?.unwrap_or_default();
    Ok(items
        .into_iter()
        .filter_map(|v| match v {
            Value::Null => None,
            Value::String(name) => Some(TradeStatusAction { name, text: None }),
            Value::Object(o) => {
                let text = |k: &str| o.get(k).and_then(|v| if v.is_null() { None } else { Some(v.as_str().map_or_else(|| v.to_string(), str::to_owned)) });
                let name = text("name").or_else(|| text("type")).unwrap_or_default();
                Some(TradeStatusAction { name, text: text("text") })
            }
            other => Some(TradeStatusAction { name: other.to_string(), text: None }),
        })
        .collect())
}

/// What a party should do now, and by when.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradePartyStatus {
    /// When the current step must be done; `None` when nothing is due.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub deadline: Option<DateTime<Utc>>,
    /// What the deadline is for.
    pub deadline_description: Option<String>,
    /// Short headline, e.g. "Send the item".
    pub title: Option<String>,
    /// A sentence for the party.
    pub description: Option<String>,
    /// Which icon to show (a number in the published API, kept as its digits).
    #[serde(deserialize_with = "lenient::optional_text")]
    pub icon_id: Option<String>,
    /// The actions open to the party now, in the service's order.
    #[serde(deserialize_with = "lenient_actions")]
    pub actions: Vec<TradeStatusAction>,
    /// Whether it is this party's move.
    #[serde(deserialize_with = "lenient_bool")]
    pub has_pending_action: bool,
}

/// One line of a party's timeline. The sandbox's spec dialect sends `{time, text}`; the
/// published API `{id, title, description, iconId, state, date, details…}`: `time` and
/// `text` fall back to `date` and `title`, so either reads as a line.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
pub struct TradeTimelineEvent {
    /// When it happened.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub time: Option<DateTime<Utc>>,
    /// What happened, for the party.
    pub text: Option<String>,
    /// The entry's id (published: a number, kept as its digits).
    #[serde(deserialize_with = "lenient::optional_text")]
    pub id: Option<String>,
    /// A longer sentence (published).
    pub description: Option<String>,
    /// Which icon to show (published: a number).
    #[serde(deserialize_with = "lenient::optional_text")]
    pub icon_id: Option<String>,
    /// The entry's state (published: a number).
    #[serde(deserialize_with = "lenient::optional_text")]
    pub state: Option<String>,
    /// Heading of the entry's details (published).
    pub details_title: Option<String>,
    /// What a deadline in the details is for (published).
    pub details_deadline_description: Option<String>,
    /// The details' text (published).
    pub details_description: Option<String>,
}
crate::dialect::tolerant_model!(TradeTimelineEvent { "time" <- "date", "text" <- "title" });

pub(crate) fn lenient_events<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<TradeTimelineEvent>, D::Error> {
    Ok(Option::<Vec<TradeTimelineEvent>>::deserialize(d)?.unwrap_or_default())
}

/// One phase of a trade. The spec shows no fields: `state`/`completed`/`outcome` are the
/// sandbox's (`state`: Pending, Active, Completed, Skipped, Cancelled, Rejected); the
/// dates and amounts the published API shows are named here, and anything else it sends
/// is kept in `other`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradePhase {
    /// Where the phase is.
    #[serde(deserialize_with = "lenient::optional_text")]
    pub state: Option<String>,
    /// When it started.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub started: Option<DateTime<Utc>>,
    /// When it ended.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub completed: Option<DateTime<Utc>>,
    /// For the finished phase: how the trade ended.
    pub outcome: Option<String>,
    /// Contract and delivery: when the payment arrived (published).
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub paid: Option<DateTime<Utc>>,
    /// Contract: when the payer accepted the invitation (published).
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub invitation_accepted: Option<DateTime<Utc>>,
    /// Contract: when the payer rejected it (published).
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub invitation_rejected: Option<DateTime<Utc>>,
    /// Delivery and return: when the item was sent (published).
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub sent: Option<DateTime<Utc>>,
    /// Delivery and return: when it arrived (published).
    #[serde(deserialize_with = "lenient::optional_datetime")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub delivered: Option<DateTime<Utc>>,
    /// Contract: the amount paid or due (published).
    #[serde(with = "super::models::optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Every other field the service sends (the published delivery phase has more:
    /// `lost`, `approved`, `rejected`, label prices…), as JSON.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub other: Map<String, Value>,
}

/// The phases of a trade.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TradePhases {
    /// Invitation and payment.
    pub contract: Option<TradePhase>,
    /// Sending and checking the item.
    pub delivery: Option<TradePhase>,
    /// Sending a rejected item back.
    #[serde(rename = "return")]
    pub return_phase: Option<TradePhase>,
    /// The end of the trade.
    pub finished: Option<TradePhase>,
}
