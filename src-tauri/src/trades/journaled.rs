//! A trade action as a journal action: kind, target and amount from [`super::actions`],
//! checks from [`super::checks`], the request from [`super::requests`].

use super::actions::{TradeAction, amount, kind, target, target_field};
use super::checks::validate;
use super::requests::{TradeSent, send};
use crate::error::AppError;
use crate::journal::{Action, Sent};
use escrow_api::{CallOptions, Client, IdempotencyKey};

impl Action for TradeAction {
    type Answer = TradeSent;

    fn kind(&self) -> &'static str {
        kind(self)
    }
    fn target(&self) -> &str {
        target(self)
    }
    fn target_field(&self) -> &'static str {
        target_field(self)
    }
    fn amount(&self) -> Option<&str> {
        amount(self)
    }
    /// Accept-and-pay pays the trade; the rest change who agreed to what.
    fn moves_money(&self) -> bool {
        matches!(self, TradeAction::TradeAcceptAndPay { .. })
    }
    fn validate(&self) -> Result<(), AppError> {
        validate(self)
    }
    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<TradeSent>, AppError> {
        let sent = send(client, self, &CallOptions::with_idempotency_key(key.clone())).await?;
        Ok(Sent { correlation_id: Some(sent.correlation_id.clone()), answer: sent })
    }
    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // no v2 transaction to look at; keyed trade calls are replayed by the service
    }
    fn note(&self, _answer: &TradeSent) -> Option<String> {
        None
    }
}
