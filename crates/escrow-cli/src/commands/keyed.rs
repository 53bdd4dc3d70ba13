//! Operations sent with an Idempotency-Key (the money moves of both APIs): the key from
//! `--idempotency-key` or a fresh one shown before anything is sent, what to do when the
//! outcome is unknown, and the key's lines in the answer.

use super::ctx::Ctx;
use crate::exit::Failure;
use crate::output::Fields;
use escrow_api::{CallOptions, ErrorKind, IdempotencyKey, Meta};
use serde_json::{Value, json};

/// The key of one keyed operation named `action` (`payout`, `trades create`, …).
pub struct Keyed {
    pub action: &'static str,
    pub key: IdempotencyKey,
}

impl Keyed {
    /// `--idempotency-key`, or a fresh key printed on stderr before anything is sent, so the
    /// operation can be retried exactly once whatever happens next.
    pub fn new(ctx: &Ctx, action: &'static str) -> Result<Self, Failure> {
        let key = match &ctx.idempotency_key {
            Some(k) => IdempotencyKey::new(k.clone()).map_err(|e| Failure::usage(format!("--idempotency-key: {e}")))?,
            None => {
                let key = IdempotencyKey::generate();
                eprintln!(
                    "escrow: Idempotency-Key {k} (to retry this {action}, run the same command with --idempotency-key {k})",
                    k = key.as_str()
                );
                key
            }
        };
        Ok(Self { action, key })
    }

    /// The call options carrying the key.
    pub fn options(&self) -> CallOptions {
        CallOptions::with_idempotency_key(self.key.clone())
    }

    /// A failed call, with a hint to retry with the same key when that is what to do.
    pub fn failure(&self, error: escrow_api::Error) -> Failure {
        let (k, action) = (self.key.as_str(), self.action);
        let hint = if matches!(error.kind, ErrorKind::Connect(_)) {
            Some(format!("nothing was sent: run the same command again with --idempotency-key {k}"))
        } else if error.outcome_unknown() {
            Some(format!(
                "the {action} may or may not have happened: run the same command again with --idempotency-key {k} \
                 to finish it exactly once"
            ))
        } else {
            None
        };
        Failure::Api { error: Box::new(error), hint }
    }

    /// The key, correlation id and whether the service replayed an earlier answer.
    pub fn fields(&self, meta: &Meta) -> Fields {
        let mut f = Fields::new();
        f.add("Idempotency-Key", self.key.as_str()).add("Correlation id", meta.correlation_id.as_str());
        if meta.replayed {
            f.add("Replayed", "yes: the service had already done this with this key; nothing new happened");
        }
        f
    }

    /// The same as JSON, with the operation's own `result` (`null` when it answers nothing).
    pub fn json(&self, meta: &Meta, result: Value) -> Value {
        json!({
            "action": self.action,
            "idempotencyKey": self.key.as_str(),
            "replayed": meta.replayed,
            "correlationId": meta.correlation_id,
            "attempts": meta.attempts,
            "result": result,
        })
    }
}
