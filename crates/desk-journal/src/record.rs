//! A journaled action as stored and as the UI shows it.

use desk_core::error::AppError;
use serde::Serialize;
use ts_rs::TS;

/// State of an action in the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ActionState {
    /// Written, not yet answered (or the app stopped before the answer was recorded).
    Pending,
    Succeeded,
    /// The service refused it; nothing happened.
    Failed,
    /// No clear answer: it may or may not have happened. Retry with the same key.
    Unknown,
    /// Left alone by the staff member.
    Dismissed,
    /// A team's rule asks a second person to approve it before it is sent (four-eyes).
    AwaitingApproval,
    /// The second person said no; nothing was sent.
    Rejected,
    /// The approval no longer held when it was to be sent (it expired, or the deal changed
    /// since): nothing was sent.
    Lapsed,
}

impl ActionState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Unknown => "unknown",
            Self::Dismissed => "dismissed",
            Self::AwaitingApproval => "awaiting_approval",
            Self::Rejected => "rejected",
            Self::Lapsed => "lapsed",
        }
    }

    pub fn parse(s: &str) -> Self {
        match s {
            "succeeded" => Self::Succeeded,
            "failed" => Self::Failed,
            "unknown" => Self::Unknown,
            "dismissed" => Self::Dismissed,
            "awaiting_approval" => Self::AwaitingApproval,
            "rejected" => Self::Rejected,
            "lapsed" => Self::Lapsed,
            _ => Self::Pending,
        }
    }

    /// Still open: the staff member may retry or dismiss it.
    pub fn is_open(self) -> bool {
        matches!(self, Self::Pending | Self::Unknown)
    }
}

/// Stands for the app's union of every domain's actions in the TypeScript declaration
/// of [`Record`] (the journal itself knows no domain; the shell declares the union).
#[derive(TS)]
#[ts(rename = "ActionRequest")]
pub struct AnyAction;

/// An action as the UI shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ActionRecord", concrete(A = AnyAction))]
pub struct Record<A> {
    pub id: String,
    pub environment_id: String,
    pub request: A,
    pub state: ActionState,
    pub idempotency_key: String,
    pub correlation_id: Option<String>,
    /// The outcome in words (the service's problem title and detail on failure).
    pub message: Option<String>,
    /// Set when the failure came from the service, so the UI can show its code.
    pub error: Option<AppError>,
    #[ts(type = "number")]
    pub attempts: i64,
    pub created: String,
    pub updated: String,
    /// The bulk run this action was started in (every audit row of it names the batch).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub batch_id: Option<String>,
}

impl<A> Record<A> {
    /// The same record with its request turned into another type (a domain's action into
    /// the app's union, or a copy without file bytes).
    pub fn map<B>(self, f: impl FnOnce(A) -> B) -> Record<B> {
        Record {
            id: self.id,
            environment_id: self.environment_id,
            request: f(self.request),
            state: self.state,
            idempotency_key: self.idempotency_key,
            correlation_id: self.correlation_id,
            message: self.message,
            error: self.error,
            attempts: self.attempts,
            created: self.created,
            updated: self.updated,
            batch_id: self.batch_id,
        }
    }
}

/// A journaled action and what the service answered that the UI needs at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ActionOutcome", concrete(A = AnyAction))]
pub struct Outcome<A> {
    pub environment_id: String,
    pub record: Record<A>,
    /// The new serviceAccountId (guest), documentId (upload), signing URL (sign),
    /// transactionId (create) or paymentId (payments).
    pub value: Option<String>,
    /// The hosted page the answer named (payments), to copy or open in the browser.
    pub link: Option<String>,
}
