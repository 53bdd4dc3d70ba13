//! What a bulk run is made of, as the UI sends and polls it.

use crate::error::AppError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The action a bulk run applies to each selected transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum BulkKind {
    /// Release the money of each PAID transaction to its payee.
    Payout,
    /// Cancel each open transaction with one reason; payments go back to the payer.
    Cancel,
    /// Create a payment on each unpaid transaction, for its hosted payment link.
    PaymentLink,
}

/// What the UI asks to prepare: the selected ids (at most [`MAX_ROWS`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkPrepareRequest {
    pub kind: BulkKind,
    pub ids: Vec<String>,
    /// The one reason of a bulk cancel.
    #[ts(optional)]
    pub reason: Option<String>,
}

/// The most transactions one run takes (each is read live before the confirmation).
pub const MAX_ROWS: usize = 500;

/// An amount in one currency (decimal string, never a float).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyTotal {
    pub currency: String,
    pub amount: String,
}

/// The confirmation: the typed total of every currency of a prepared run.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkStartRequest {
    pub batch_id: String,
    pub typed_totals: Vec<CurrencyTotal>,
}

/// Where one row of a run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RowState {
    /// Read live and eligible; waiting for its turn.
    Queued,
    Running,
    Done,
    /// The service refused it (nothing happened) or it was not sent; `message` says why.
    Failed,
    /// No clear answer: it may have happened. A retry checks, then resends with the same key.
    Unknown,
    /// Not eligible when read live (`message` says why); never sent.
    Skipped,
    /// Recorded, not sent: the team's rules ask a second person to approve it, whose desk
    /// sends it then (Approvals).
    AwaitingApproval,
    /// The run was cancelled before this row was sent.
    Cancelled,
}

impl RowState {
    /// What "retry what failed" picks up.
    pub fn retryable(self) -> bool {
        matches!(self, Self::Failed | Self::Unknown | Self::Cancelled)
    }
}

/// Why a transaction is left out of a run, as the UI words it in the chosen language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum SkipWhy {
    /// Its status does not allow the action (`Skip::status` names it).
    Status,
    /// A payment link needs the payer's account, and it has none yet.
    NoPayerAccount,
    /// Payout and cancel act as a party's account, and neither has one yet.
    NoAccount,
}

/// Why a transaction is left out of a run: the reason and, for [`SkipWhy::Status`], the
/// transaction's status as the service names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Skip {
    pub why: SkipWhy,
    pub status: Option<String>,
}

impl Skip {
    /// The reason in English, for the log and the message kept on the row.
    pub fn message(&self) -> String {
        match self.why {
            SkipWhy::Status => {
                format!("Not possible while the transaction is {}.", self.status.as_deref().unwrap_or_default())
            }
            SkipWhy::NoPayerAccount => "The payer has no account yet.".to_owned(),
            SkipWhy::NoAccount => "Neither party has an account yet.".to_owned(),
        }
    }
}

/// One selected transaction in a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkRow {
    pub transaction_id: String,
    pub title: Option<String>,
    /// The amount confirmed (the live record's), decimal string; empty when skipped.
    pub amount: String,
    pub currency: String,
    /// The acting account sent with payout and cancel, the payer's for a payment.
    #[serde(skip)]
    pub account: String,
    pub state: RowState,
    /// The journaled action of the latest attempt (its key is reused for an unclear outcome).
    pub action_id: Option<String>,
    pub message: Option<String>,
    /// Why the row was skipped (`message` says it in English).
    pub skip: Option<Skip>,
    pub error: Option<AppError>,
    /// The payment link a payment-link run answered.
    pub link: Option<String>,
    /// What this row moves, computed like its single dialog's consequence on the live
    /// record (payout: what the payee receives; cancel: what goes back to the payer).
    pub moves: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum BatchState {
    /// Prepared; waits for the typed confirmation.
    Prepared,
    Running,
    /// Every row has an end (done, failed, unknown, skipped or cancelled).
    Finished,
}

/// A run as the UI polls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BatchStatus {
    pub batch_id: String,
    pub environment_id: String,
    pub kind: BulkKind,
    pub state: BatchState,
    /// The one reason of a cancel run.
    pub reason: Option<String>,
    /// Asked to stop: rows not yet sent end as cancelled.
    pub cancelling: bool,
    /// Of the eligible rows, per currency: what the confirmation asks to type.
    pub totals: Vec<CurrencyTotal>,
    /// Of the eligible rows, per currency: the sum of their `moves` (what the payees receive
    /// or what goes back to the payers). Empty for payment links.
    pub moves: Vec<CurrencyTotal>,
    pub rows: Vec<BulkRow>,
}

impl BatchStatus {
    /// Rows in `state`.
    pub fn count(&self, state: RowState) -> usize {
        self.rows.iter().filter(|r| r.state == state).count()
    }
}
