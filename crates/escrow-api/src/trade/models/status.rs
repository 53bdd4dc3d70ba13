//! Where a trade stands: each party's status, timeline and the trade's phases.
//!
//! The spec names these records but few of their fields; the published documentation
//! shows richer ones (numeric `iconId`/`state`/action `type`, `{type, text}` actions,
//! timeline titles and details, phase dates with `""` for "not yet"). Every documented
//! field is kept, numbers arrive as their digits where the spec reads text, and the
//! sandbox's spec-dialect names (`time`/`text`, action names) still read the same.

use super::wire::{lenient_bool, optional_amount};
use crate::lenient;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// An action open to a party: a name (spec dialect) or a `{type, text}` pair (published).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct TradeStatusAction {
    /// The action's name as the service gives it; for a published `{type, text}` action,
    /// its `type` as digits.
    pub name: String,
    /// The service's own label for it, when it sends one.
    pub text: Option<String>,
    /// The published numeric `type` as digits, once named from
    /// [`super::TradeActionCodes`]; `None` for actions the service sent by name.
    pub code: Option<String>,
}

fn lenient_actions<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<TradeStatusAction>, D::Error> {
    let items = Option::<Vec<Value>>::deserialize(d)?.unwrap_or_default();
    Ok(items
        .into_iter()
        .filter_map(|v| match v {
            Value::Null => None,
            Value::String(name) => Some(TradeStatusAction { name, text: None, code: None }),
            Value::Object(o) => {
                let text = |k: &str| {
                    o.get(k).and_then(|v| {
                        if v.is_null() { None } else { Some(v.as_str().map_or_else(|| v.to_string(), str::to_owned)) }
                    })
                };
                let name = text("name").or_else(|| text("type")).unwrap_or_default();
                Some(TradeStatusAction { name, text: text("text"), code: None })
            }
            other => Some(TradeStatusAction { name: other.to_string(), text: None, code: None }),
        })
        .collect())
}

/// What a party should do now, and by when.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
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
#[non_exhaustive]
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
/// is kept in `other`. The published finished phase's `date` reads as `completed`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
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
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Every other field the service sends (the published delivery phase has more:
    /// `lost`, `approved`, `rejected`, label prices…), as JSON.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub other: Map<String, Value>,
}

crate::dialect::tolerant_model!(TradePhase { "completed" <- "date" });

impl TradePhase {
    /// A published date field kept in `other` (`""` and absent read as not yet).
    fn other_date(&self, name: &str) -> bool {
        self.other.get(name).and_then(Value::as_str).is_some_and(|d| !d.trim().is_empty())
    }
}

/// The phases of a trade. The published API sends dates but no `state`; where no phase
/// has one, each phase's state is read from its dates (see [`TradePhases::fill_states`]),
/// so a screen shows the same Pending/Active/Completed in either dialect.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
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

impl serde::Serialize for TradePhases {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TradePhases::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for TradePhases {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut phases = TradePhases::deserialize(d)?;
        phases.fill_states();
        Ok(phases)
    }
}

impl TradePhases {
    /// Reads each phase's state from its published dates, unless the service sent
    /// states (then nothing changes): a phase is Pending until it starts, Active until
    /// its closing event (contract: paid, or Rejected when the invitation was; delivery:
    /// the item approved or rejected; return: the item back), then Completed. The
    /// finished phase is Completed once it has a date or an outcome; phases a finished
    /// trade never started are Skipped.
    pub fn fill_states(&mut self) {
        let phases = [&self.contract, &self.delivery, &self.return_phase, &self.finished];
        if phases.iter().any(|p| p.as_ref().is_some_and(|p| p.state.is_some())) {
            return;
        }
        let state = |started: bool, done: bool| {
            if done {
                "Completed"
            } else if started {
                "Active"
            } else {
                "Pending"
            }
        };
        if let Some(p) = self.contract.as_mut() {
            let s =
                if p.invitation_rejected.is_some() { "Rejected" } else { state(p.started.is_some(), p.paid.is_some()) };
            p.state = Some(s.to_owned());
        }
        if let Some(p) = self.delivery.as_mut() {
            let done = p.other_date("approved") || p.other_date("rejected");
            p.state = Some(state(p.started.is_some(), done).to_owned());
        }
        if let Some(p) = self.return_phase.as_mut() {
            p.state = Some(state(p.started.is_some(), p.delivered.is_some()).to_owned());
        }
        if let Some(p) = self.finished.as_mut() {
            let done = p.completed.is_some() || p.outcome.as_deref().is_some_and(|o| !o.is_empty());
            p.state = Some(state(false, done).to_owned());
            if p.outcome.as_deref() == Some("") {
                p.outcome = None;
            }
        }
        // A finished trade never enters the phases it did not start.
        if self.finished.as_ref().is_some_and(|p| p.state.as_deref() == Some("Completed")) {
            for p in [&mut self.contract, &mut self.delivery, &mut self.return_phase].into_iter().flatten() {
                if p.state.as_deref() == Some("Pending") {
                    p.state = Some("Skipped".to_owned());
                }
            }
        }
    }
}

#[cfg(test)]
mod phase_tests {
    use super::*;

    #[test]
    fn published_phases_get_states_from_their_dates() {
        let phases: TradePhases = serde_json::from_value(serde_json::json!({
            "contract": {"started": "2026-03-01T10:00:00Z", "paid": "2026-03-01T11:00:00Z", "invitationAccepted": "", "invitationRejected": "", "amount": 100},
            "delivery": {"started": "2026-03-01T11:00:00Z", "sent": "", "approved": "", "rejected": ""},
            "return": {"started": "", "delivered": ""},
            "finished": {"date": "", "outcome": ""},
        }))
        .unwrap();
        let state = |p: &Option<TradePhase>| p.as_ref().and_then(|p| p.state.clone()).unwrap_or_default();
        assert_eq!(state(&phases.contract), "Completed");
        assert_eq!(state(&phases.delivery), "Active");
        assert_eq!(state(&phases.return_phase), "Pending");
        assert_eq!(state(&phases.finished), "Pending");
        assert_eq!(phases.finished.as_ref().unwrap().outcome, None);

        let done: TradePhases = serde_json::from_value(serde_json::json!({
            "delivery": {"started": "2026-03-01T11:00:00Z", "approved": "2026-03-02T11:00:00Z"},
            "finished": {"date": "2026-03-02T11:00:00Z", "outcome": "Completed"},
        }))
        .unwrap();
        assert_eq!(state(&done.delivery), "Completed");
        assert_eq!(state(&done.return_phase), "", "absent stays absent");
        let skipped: TradePhases = serde_json::from_value(
            serde_json::json!({"return": {"started": ""}, "finished": {"outcome": "Completed"}}),
        )
        .unwrap();
        assert_eq!(state(&skipped.return_phase), "Skipped");
        let finished = done.finished.unwrap();
        assert_eq!((finished.state.as_deref(), finished.outcome.as_deref()), (Some("Completed"), Some("Completed")));
        assert!(finished.completed.is_some(), "the finished date reads as completed");
    }

    #[test]
    fn states_the_service_sends_are_kept() {
        let phases: TradePhases = serde_json::from_value(serde_json::json!({
            "contract": {"state": "Active"}, "delivery": {"started": "2026-03-01T11:00:00Z"}
        }))
        .unwrap();
        assert_eq!(phases.contract.unwrap().state.as_deref(), Some("Active"));
        assert_eq!(phases.delivery.unwrap().state, None);
    }
}
