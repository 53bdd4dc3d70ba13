//! What a journaled action is: the trait each domain's actions implement.

use desk_core::error::AppError;
use escrow_api::{Client, IdempotencyKey};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::future::Future;

/// What one send returned: the correlation id (when the client reports one) and the
/// answer the caller needs right away (a created id, a link, a record).
#[derive(Debug, Clone, Default)]
pub struct Sent<T> {
    pub correlation_id: Option<String>,
    pub answer: T,
}

/// An action whose fields have all been checked ([`check`]): the only form the journal
/// records or sends, so no road to the service skips the check or runs it twice.
pub struct Checked<'a, A>(&'a A);

impl<A> Checked<'_, A> {
    pub fn action(&self) -> &A {
        self.0
    }
}

/// Checks every field of `action`, its target first (an id as the service takes it),
/// before anything is read, written or sent.
pub fn check<A: Action>(action: &A) -> Result<Checked<'_, A>, AppError> {
    desk_core::fields::id(action.target_field(), action.target())?;
    action.validate()?;
    Ok(Checked(action))
}

/// A kind of staff action. Its JSON (with a `kind` tag) is what the journal stores, so
/// the encoding of an action must stay readable by later versions.
pub trait Action: Serialize + DeserializeOwned + Clone + Send + Sync {
    /// What a successful send answers besides its correlation id.
    type Answer: Send;

    /// The stored `kind` (also the audit log's).
    fn kind(&self) -> &'static str;
    /// What the action is about: a transaction, user, document or trade id (`new` before
    /// the service names a created one).
    fn target(&self) -> &str;
    /// The target's field as the service names it (`transactionId`, `serviceAccountId`,
    /// `tradeId`, …), for the message when the target is not a valid id.
    fn target_field(&self) -> &'static str;
    /// The amount the action moves or sets, for confirmation and the audit log.
    fn amount(&self) -> Option<&str>;
    /// Moves money (a payout, cancel, reimbursement, refund, capture): a team's store keeps
    /// one open intent of such a kind per environment and target at a time.
    fn moves_money(&self) -> bool;
    /// The action's own fields checked (the target is checked by [`check`], which calls this).
    fn validate(&self) -> Result<(), AppError>;
    /// Sends the action once with `key`, the same on every attempt.
    fn send(
        &self,
        client: &Client,
        key: &IdempotencyKey,
    ) -> impl Future<Output = Result<Sent<Self::Answer>, AppError>> + Send;
    /// Before resending an action whose outcome is unknown: `Some(true)` when its effect is
    /// already visible on the service (no resend), `None` when a GET cannot tell (the
    /// resend with the same key is safe).
    fn reconcile(&self, client: &Client) -> impl Future<Output = Result<Option<bool>, AppError>> + Send;
    /// A note for the audit row of a success (e.g. which transaction a create made).
    fn note(&self, answer: &Self::Answer) -> Option<String>;
    /// A note for the audit row of the intent, read before anything is written: what a
    /// money move will do, with the numbers the person confirmed. None by default.
    fn intent_note(&self, client: &Client) -> impl Future<Output = Option<String>> + Send {
        let _ = client;
        std::future::ready(None)
    }
    /// What the desk reads from the live record before an intent is written, in one read:
    /// the consequence in words ([`Action::intent_note`]) and what the move is worth (amount,
    /// currency) for a team's approval rules (`None`: every rule for its kind applies). By
    /// default the note alone; a money move overrides it to read the record once for both.
    fn read_live(&self, client: &Client) -> impl Future<Output = (Option<String>, Option<(String, String)>)> + Send {
        async move { (self.intent_note(client).await, None) }
    }
}
