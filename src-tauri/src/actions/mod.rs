//! Every staff action the app journals, as one union of the domains' own actions: what
//! the journal reads back for the pending actions page (retry, dismiss) and what the
//! transaction dialog sends. A stored action is its domain's JSON (tagged by `kind`),
//! so a journal written before the domains had their own enums reads the same.

pub mod commands;
pub mod service;

use crate::auto::actions::AutoAction;
use crate::documents::actions::DocumentAction;
use crate::error::AppError;
use crate::journal::{Action, Sent};
use crate::payments::actions::PaymentAction;
use crate::trades::actions::TradeAction;
use crate::transactions::actions::TransactionAction;
use crate::users::actions::UserAction;
use escrow_api::{Client, IdempotencyKey};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Any journaled action, by domain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum ActionRequest {
    Transaction(TransactionAction),
    Payment(PaymentAction),
    User(UserAction),
    Document(DocumentAction),
    Auto(AutoAction),
    Trade(TradeAction),
}

impl ActionRequest {
    /// The transaction and money move the action is, for its consequence (`None` when it
    /// moves no money, or its domain shows no consequence panel).
    pub fn money_move(&self) -> Option<(&str, desk_money::Move)> {
        match self {
            Self::Transaction(a) => a.money_move(),
            Self::Payment(a) => a.money_move(),
            _ => None,
        }
    }
}

/// A journaled action as the UI shows it.
pub type ActionRecord = crate::journal::Record<ActionRequest>;

/// Calls `$body` with the domain action inside `$self`, whichever domain it is.
macro_rules! each_domain {
    ($self:expr, $a:ident => $body:expr) => {
        match $self {
            ActionRequest::Transaction($a) => $body,
            ActionRequest::Payment($a) => $body,
            ActionRequest::User($a) => $body,
            ActionRequest::Document($a) => $body,
            ActionRequest::Auto($a) => $body,
            ActionRequest::Trade($a) => $body,
        }
    };
}

/// Sends a domain action and forgets its typed answer (the pending page shows the
/// record only).
async fn send_any<A: Action>(a: &A, client: &Client, key: &IdempotencyKey) -> Result<Sent<()>, AppError> {
    let sent = a.send(client, key).await?;
    Ok(Sent { correlation_id: sent.correlation_id, answer: () })
}

impl Action for ActionRequest {
    type Answer = ();

    fn kind(&self) -> &'static str {
        each_domain!(self, a => a.kind())
    }
    fn target(&self) -> &str {
        each_domain!(self, a => a.target())
    }
    fn target_field(&self) -> &'static str {
        each_domain!(self, a => a.target_field())
    }
    fn amount(&self) -> Option<&str> {
        each_domain!(self, a => a.amount())
    }
    fn moves_money(&self) -> bool {
        each_domain!(self, a => a.moves_money())
    }
    fn validate(&self) -> Result<(), AppError> {
        each_domain!(self, a => a.validate())
    }
    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<()>, AppError> {
        each_domain!(self, a => send_any(a, client, key).await)
    }
    async fn reconcile(&self, client: &Client) -> Result<Option<bool>, AppError> {
        each_domain!(self, a => a.reconcile(client).await)
    }
    async fn intent_note(&self, client: &Client) -> Option<String> {
        each_domain!(self, a => a.intent_note(client).await)
    }
    async fn read_live(&self, client: &Client) -> (Option<String>, Option<(String, String)>) {
        each_domain!(self, a => a.read_live(client).await)
    }
    fn note(&self, _answer: &()) -> Option<String> {
        None
    }
}

macro_rules! from_domain {
    ($($variant:ident($ty:ty)),+) => {$(
        impl From<$ty> for ActionRequest {
            fn from(a: $ty) -> Self {
                ActionRequest::$variant(a)
            }
        }
    )+};
}
from_domain!(
    Transaction(TransactionAction),
    Payment(PaymentAction),
    User(UserAction),
    Document(DocumentAction),
    Auto(AutoAction),
    Trade(TradeAction)
);
mod state;

pub use state::Actions;
