//! The attention queue worked together, on this desk: what the team decided about each item
//! of an environment (who has it, its snooze for the whole team, its notes) and the moves on
//! an item (take, release, hand over, snooze, note). The team store stamps who did each and
//! refuses to take an item a colleague has; the desk's attention page lays this over its own
//! queue (computed from its mirror).

use super::mapped::team_name_of;
use super::state::Team;
use crate::error::AppError;
use desk_team::queue::{self, Item};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An attention item: a deal and the rule that raised it, in one of this desk's environments.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QueueItemRef {
    pub environment_id: String,
    pub transaction_id: String,
    /// The attention rule (`debt_missing`, `paid_not_paid_out`, …).
    pub rule: String,
}

/// A move on an item.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum QueueMove {
    /// "Mine": refused while a colleague has it.
    Take,
    Release,
    /// To a colleague's login.
    HandOver {
        to: String,
    },
    /// For the whole team, `hours` from now by the store's clock (0: wakes it).
    Snooze {
        hours: u32,
    },
    Note {
        text: String,
    },
}

/// What the team decided about the items of one environment.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamQueueView {
    /// This staff member's login ("mine" is what they have).
    pub me: String,
    pub items: Vec<TeamItemView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamItemView {
    pub transaction_id: String,
    pub rule: String,
    pub taken_by: Option<String>,
    /// RFC 3339; a past one no longer holds.
    pub snoozed_until: Option<String>,
    pub snoozed_by: Option<String>,
    pub notes: Vec<TeamNoteView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamNoteView {
    pub written_by: String,
    pub written: String,
    pub text: String,
}

impl Team {
    /// What the team decided about the items of this desk's environment `environment_id`.
    pub async fn team_queue(&self, environment_id: &str) -> Result<TeamQueueView, AppError> {
        let conn = self.connection()?;
        let service = self.service_of(environment_id)?;
        let items = queue::items(&conn, &service).await?;
        Ok(TeamQueueView {
            me: conn.user().to_owned(),
            items: items
                .into_iter()
                .map(|i| TeamItemView {
                    transaction_id: i.transaction_id,
                    rule: i.reason,
                    taken_by: i.taken_by,
                    snoozed_until: i.snoozed_until.as_deref().map(rfc3339),
                    snoozed_by: i.snoozed_by,
                    notes: i
                        .notes
                        .into_iter()
                        .map(|n| TeamNoteView { written_by: n.written_by, written: rfc3339(&n.written), text: n.text })
                        .collect(),
                })
                .collect(),
        })
    }

    /// Makes `what` on the items (one, or those picked), then answers the environment's queue.
    pub async fn queue_move(&self, items: &[QueueItemRef], what: &QueueMove) -> Result<TeamQueueView, AppError> {
        let Some(first) = items.first() else { return Err(AppError::validation("No item was named.")) };
        if items.iter().any(|i| i.environment_id != first.environment_id) {
            return Err(AppError::validation("The items are of one environment at a time."));
        }
        let conn = self.connection()?;
        let service = self.service_of(&first.environment_id)?;
        for i in items {
            let item = Item { environment_id: &service, transaction_id: &i.transaction_id, reason: &i.rule };
            match what {
                QueueMove::Take => queue::take(&conn, item).await?,
                QueueMove::Release => queue::release(&conn, item).await?,
                QueueMove::HandOver { to } => queue::hand_over(&conn, item, to.trim()).await?,
                QueueMove::Snooze { hours } => queue::snooze(&conn, item, *hours).await?,
                QueueMove::Note { text } => queue::note(&conn, item, text).await?,
            }
        }
        self.team_queue(&first.environment_id).await
    }

    /// The team's name of this desk's environment `id` (its service's address).
    fn service_of(&self, id: &str) -> Result<String, AppError> {
        team_name_of(&self.desk.base_urls()?, id).map_err(|e| AppError::validation(e.message))
    }
}

/// A time as PostgreSQL prints it (`2026-11-27 10:02:00.123+00`) as RFC 3339, for the UI's
/// date formatting; kept as it is when it cannot be read.
fn rfc3339(text: &str) -> String {
    chrono::DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%#z")
        .map(|t| t.with_timezone(&chrono::Utc).to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_stores_times_become_rfc3339() {
        assert_eq!(super::rfc3339("2026-11-27 10:02:00.123+00"), "2026-11-27T10:02:00.123Z");
        assert_eq!(super::rfc3339("2026-11-27 12:02:00+02"), "2026-11-27T10:02:00.000Z");
        assert_eq!(super::rfc3339("not a time"), "not a time");
    }
}
