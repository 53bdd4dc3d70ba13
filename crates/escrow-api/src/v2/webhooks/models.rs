//! Webhook payloads (spec section 6) and a parser that tolerates event names it does
//! not know: an unknown event is kept as raw JSON, never an error.

use crate::lenient;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

string_enum! {
    /// Names of user events.
    UserEventName {
        /// A new bank account was connected to the user's account.
        BankAccountConnected = "user.bankaccount.connected",
        /// A payout to the user failed for lack of a bank account; repeated every payout run
        /// until one is added. Start the bank-account flow on it.
        BankAccountMissing = "user.bankaccount.missing",
        /// Published (trade API pages): the user connected their account to the tenant.
        Connected = "user.connected",
        /// Published (trade API pages) name of a newly connected bank account; the spec's
        /// is [`UserEventName::BankAccountConnected`].
        BankAccountConnectedAsPublished = "user.bank-account-connected",
    }
}

string_enum! {
    /// Names of transaction events.
    TransactionEventName {
        /// The transaction was created.
        Created = "transaction.created",
        /// A payment into escrow was authorized (also when a manual transfer was matched).
        PaymentPaid = "transaction.payment.paid",
        /// A payment from the payer failed.
        PaymentFailed = "transaction.payment.failed",
        /// Completed: the money was released to the payee (after payout).
        Succeeded = "transaction.succeeded",
        /// Cancelled: payments go back to the payer.
        Cancelled = "transaction.cancelled",
    }
}

/// A `{referenceId, connected}` link between a tenant's user id and an account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ConnectionLink {
    /// The tenant's own user id linked to the account.
    #[serde(default)]
    pub reference_id: Option<String>,
    /// When the link was made.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub connected: Option<DateTime<Utc>>,
}

/// A party reference in a transaction event.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct PartyRef {
    /// The party's account.
    pub service_account_id: Option<String>,
    /// The tenant's own user id of the party.
    pub reference_id: Option<String>,
}
crate::dialect::tolerant_model!(PartyRef);

/// Something happened to one of the tenant's accounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct UserEvent {
    /// Which event; an unknown name is kept as sent.
    pub event_name: UserEventName,
    /// When it happened (sent with an offset, held in UTC).
    #[serde(deserialize_with = "lenient::datetime")]
    pub event_date: DateTime<Utc>,
    /// The event's id; a delivery seen before has the same one.
    pub webhook_id: String,
    /// The account concerned.
    pub service_account_id: String,
    /// The tenant's referenceIds linked to the account.
    #[serde(default)]
    pub connections: Vec<ConnectionLink>,
    /// The one tenant user id the published payload carries in place of `connections`.
    #[serde(default)]
    pub reference_id: Option<String>,
}
crate::dialect::tolerant_model!(UserEvent { "webhookId" <- "id" });

impl UserEventName {
    /// A bank account was connected, under either name (spec or published).
    pub fn is_bank_account_connected(&self) -> bool {
        matches!(self, Self::BankAccountConnected | Self::BankAccountConnectedAsPublished)
    }
}

/// Something happened to one of the tenant's transactions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct TransactionEvent {
    /// Which event; an unknown name is kept as sent.
    pub event_name: TransactionEventName,
    /// When it happened (sent with an offset, held in UTC).
    #[serde(deserialize_with = "lenient::datetime")]
    pub event_date: DateTime<Utc>,
    /// The event's id; a delivery seen before has the same one.
    pub webhook_id: String,
    /// The transaction concerned.
    pub transaction_id: String,
    /// Set only for payment events.
    #[serde(default)]
    pub payment_id: Option<String>,
    /// The transaction's referenceId (the tenant's own id).
    #[serde(default)]
    pub reference_id: Option<String>,
    /// The payee's ids; `None` when there is no payee.
    #[serde(default)]
    pub payee: Option<PartyRef>,
    /// The payer's ids; `None` when there is no payer.
    #[serde(default)]
    pub payer: Option<PartyRef>,
}
crate::dialect::tolerant_model!(TransactionEvent { "webhookId" <- "id" });

/// Any webhook delivery.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum WebhookEvent {
    /// A user event (`user.*`).
    User(UserEvent),
    /// A transaction event (`transaction.*`).
    Transaction(TransactionEvent),
    /// An event this client does not know (kept whole).
    Unknown {
        /// The `eventName` as sent.
        event_name: String,
        /// The whole body.
        payload: serde_json::Value,
    },
}

impl WebhookEvent {
    /// Parses a delivery body. Errors only when the body is not a JSON object with an
    /// `eventName`, or a known event lacks its required fields.
    pub fn parse(body: &[u8]) -> Result<Self, serde_json::Error> {
        let value: serde_json::Value = serde_json::from_slice(body)?;
        let name = value
            .get("eventName")
            .and_then(|n| n.as_str())
            .ok_or_else(|| serde::de::Error::custom("webhook without eventName"))?
            .to_owned();
        let account = ["serviceAccountId", "safepayAccountId", "symblepayAccountId"];
        if name.starts_with("user.") && account.iter().any(|k| value.get(*k).is_some()) {
            return serde_json::from_value(value).map(Self::User);
        }
        if name.starts_with("transaction.") && value.get("transactionId").is_some() {
            return serde_json::from_value(value).map(Self::Transaction);
        }
        Ok(Self::Unknown { event_name: name, payload: value })
    }
}

/// Examples of every webhook, as `GET` webhook examples returns them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct WebhookExamples {
    /// One example of each user event.
    pub user: Vec<UserEvent>,
    /// One example of each transaction event.
    pub transaction: Vec<TransactionEvent>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_known_and_unknown_events() {
        let t = br#"{"eventName":"transaction.payment.paid","eventDate":"2026-01-01T10:00:00+01:00","webhookId":"w","transactionId":"t","paymentId":"p","referenceId":null,"payee":{"serviceAccountId":"a","referenceId":"r"},"payer":null}"#;
        match WebhookEvent::parse(t).unwrap() {
            WebhookEvent::Transaction(e) => {
                assert_eq!(e.event_name, TransactionEventName::PaymentPaid);
                assert_eq!(e.payment_id.as_deref(), Some("p"));
            }
            other => panic!("{other:?}"),
        }
        let u = br#"{"eventName":"user.kyc.updated","eventDate":"2026-01-01T10:00:00Z","webhookId":"w","serviceAccountId":"s","connections":[]}"#;
        match WebhookEvent::parse(u).unwrap() {
            WebhookEvent::User(e) => assert_eq!(e.event_name, UserEventName::Unknown("user.kyc.updated".into())),
            other => panic!("{other:?}"),
        }
        let p = br#"{"id":"w9","referenceId":"shop-user-7","eventName":"user.bank-account-connected","eventDate":"2026-01-01T10:00:00Z","symblepayAccountId":"s"}"#;
        match WebhookEvent::parse(p).unwrap() {
            WebhookEvent::User(e) => {
                assert!(e.event_name.is_bank_account_connected());
                assert_eq!((e.webhook_id.as_str(), e.service_account_id.as_str()), ("w9", "s"));
                assert_eq!(e.reference_id.as_deref(), Some("shop-user-7"));
            }
            other => panic!("{other:?}"),
        }
        let c =
            br#"{"id":"w1","eventName":"user.connected","eventDate":"2026-01-01T10:00:00Z","safepayAccountId":"s"}"#;
        assert!(matches!(
            WebhookEvent::parse(c).unwrap(),
            WebhookEvent::User(UserEvent { event_name: UserEventName::Connected, .. })
        ));
        let t = br#"{"eventName":"transaction.succeeded","eventDate":"2026-01-01T10:00:00Z","id":"w2","transactionId":"t"}"#;
        match WebhookEvent::parse(t).unwrap() {
            WebhookEvent::Transaction(e) => assert_eq!(e.webhook_id, "w2"),
            other => panic!("{other:?}"),
        }
        let x = br#"{"eventName":"trade.shipped","id":1}"#;
        assert!(matches!(WebhookEvent::parse(x).unwrap(), WebhookEvent::Unknown { .. }));
        assert!(WebhookEvent::parse(b"[]").is_err());
        assert!(WebhookEvent::parse(b"{\"eventName\":\"transaction.created\",\"transactionId\":5}").is_err());
    }
}
