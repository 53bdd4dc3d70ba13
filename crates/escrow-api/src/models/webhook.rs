//! Webhook payloads (spec section 6) and a parser that tolerates event names it does
//! not know: an unknown event is kept as raw JSON, never an error.

use crate::lenient;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

string_enum! {
    /// Names of user events.
    UserEventName {
        BankAccountConnected = "user.bankaccount.connected",
        BankAccountMissing = "user.bankaccount.missing",
    }
}

string_enum! {
    /// Names of transaction events.
    TransactionEventName {
        Created = "transaction.created",
        PaymentPaid = "transaction.payment.paid",
        PaymentFailed = "transaction.payment.failed",
        Succeeded = "transaction.succeeded",
        Cancelled = "transaction.cancelled",
    }
}

/// A `{referenceId, connected}` link between a tenant's user id and an account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ConnectionLink {
    #[serde(default)]
    pub reference_id: Option<String>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub connected: Option<DateTime<Utc>>,
}

/// A party reference in a transaction event.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct PartyRef {
    pub service_account_id: Option<String>,
    pub reference_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct UserEvent {
    pub event_name: UserEventName,
    #[serde(deserialize_with = "lenient::datetime")]
    pub event_date: DateTime<Utc>,
    pub webhook_id: String,
    pub service_account_id: String,
    #[serde(default)]
    pub connections: Vec<ConnectionLink>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TransactionEvent {
    pub event_name: TransactionEventName,
    #[serde(deserialize_with = "lenient::datetime")]
    pub event_date: DateTime<Utc>,
    pub webhook_id: String,
    pub transaction_id: String,
    /// Set only for payment events.
    #[serde(default)]
    pub payment_id: Option<String>,
    #[serde(default)]
    pub reference_id: Option<String>,
    #[serde(default)]
    pub payee: Option<PartyRef>,
    #[serde(default)]
    pub payer: Option<PartyRef>,
}

/// Any webhook delivery.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum WebhookEvent {
    User(UserEvent),
    Transaction(TransactionEvent),
    /// An event this client does not know (kept whole).
    Unknown { event_name: String, payload: serde_json::Value },
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
        if name.starts_with("user.") && value.get("serviceAccountId").is_some() {
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
pub struct WebhookExamples {
    pub user: Vec<UserEvent>,
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
        let x = br#"{"eventName":"trade.shipped","id":1}"#;
        assert!(matches!(WebhookEvent::parse(x).unwrap(), WebhookEvent::Unknown { .. }));
        assert!(WebhookEvent::parse(b"[]").is_err());
        assert!(WebhookEvent::parse(b"{\"eventName\":\"transaction.created\",\"transactionId\":5}").is_err());
    }
}
