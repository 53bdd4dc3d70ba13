//! What changed in the team store, as every open desk hears it within a second: the
//! database notifies on channel `escrow_team` from its triggers (step 3), and a desk keeps
//! one extra connection listening (session mode: PgBouncer's transaction mode drops it).

use crate::connect::{TeamConfig, connect_with};
use crate::errors::from_postgres;
use desk_core::error::AppError;
use serde::Deserialize;
use tokio::sync::mpsc;
use tokio_postgres::Client;

/// The channel the triggers notify on.
pub const CHANNEL: &str = "escrow_team";

/// One change, as the trigger that saw it describes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// `intent` (recorded or moved on) or `decision` (approved or rejected).
    pub what: String,
    /// The action.
    pub id: String,
    pub environment_id: String,
    pub kind: String,
    pub target: String,
    /// The action's state after the change, or the decision.
    pub state: String,
    /// Who asked for the action.
    pub requested_by: String,
    /// Who made this change (the login the database saw).
    pub by: String,
}

/// A desk's listening connection; dropping it stops listening.
pub struct Listener {
    _client: Client,
    notices: mpsc::UnboundedReceiver<tokio_postgres::Notification>,
}

impl Listener {
    /// Connects as `config`'s staff member and listens.
    pub async fn start(config: &TeamConfig) -> Result<Self, AppError> {
        let (to, notices) = mpsc::unbounded_channel();
        let client = connect_with(config, Some(to)).await?;
        client.batch_execute(&format!("LISTEN {CHANNEL}")).await.map_err(from_postgres)?;
        Ok(Self { _client: client, notices })
    }

    /// The next change; `None` once the connection has ended (connect again). A payload
    /// this version cannot read is skipped.
    pub async fn next(&mut self) -> Option<Change> {
        loop {
            let n = self.notices.recv().await?;
            if n.channel() != CHANNEL {
                continue;
            }
            match serde_json::from_str(n.payload()) {
                Ok(change) => return Some(change),
                Err(e) => tracing::warn!(error = %e, "a team store change this version cannot read"),
            }
        }
    }
}
