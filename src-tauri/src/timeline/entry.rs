//! One line of a timeline: what happened, when, from which source, and the ids that lead
//! to more (the audit row, the payment, the document, the correlation id).

use chrono::{DateTime, Utc};
use serde::Serialize;
use ts_rs::TS;

/// What a line is about; the UI filters by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum TimelineKind {
    Created,
    Payment,
    Payout,
    SplitPayout,
    Document,
    BillOfSale,
    Debt,
    Change,
    Cancel,
    Reimbursement,
    Webhook,
    Other,
}

/// Where a line comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum TimelineSource {
    /// The service's record of the transaction (and its split payouts and documents).
    Record,
    /// A staff action recorded in this app's audit log.
    Audit,
    /// A webhook the built-in Sandbox queued.
    Webhook,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    /// When it happened; `None` when the source gives no time (listed last).
    pub at: Option<DateTime<Utc>>,
    pub kind: TimelineKind,
    pub source: TimelineSource,
    /// What happened, as a key the UI words (`payment.authorized`, `staff.payout`,
    /// `webhook.transaction.cancelled`, ...).
    pub event: String,
    /// A decimal string (never a float), with its currency.
    pub amount: Option<String>,
    pub currency: Option<String>,
    /// The state the source reports (payment status, action outcome, delivery state).
    pub status: Option<String>,
    /// Who did it (staff name, OS user and host) for audit lines.
    pub actor: Option<String>,
    pub correlation_id: Option<String>,
    /// The audit row to open (the action's last row).
    #[ts(type = "number | null")]
    pub audit_seq: Option<i64>,
    /// The id of the object concerned (payment, split payout, document, webhook).
    pub object_id: Option<String>,
    /// Free text from the source: a cancel reason, a signer, a payout's statement text, a
    /// split payout's description, a document's title.
    pub detail: Option<String>,
    /// The payment method (`PSD2`, `BANK`, …) of a payment line, for the UI to word.
    pub method: Option<String>,
    /// The recipient (`PAYEE`, `PAYER`, `TENANT`, or `DEBT_SETTLEMENT`: the lender an Auto
    /// deal's debt is settled to) of a split payout line, for the UI to word.
    pub recipient: Option<String>,
    /// An audit line's detail in parts (the consequence, the failure, what was created).
    pub note: Option<crate::audit::AuditNote>,
}

impl TimelineEntry {
    pub fn new(at: Option<DateTime<Utc>>, kind: TimelineKind, source: TimelineSource, event: &str) -> Self {
        Self {
            at,
            kind,
            source,
            event: event.to_owned(),
            amount: None,
            currency: None,
            status: None,
            actor: None,
            correlation_id: None,
            audit_seq: None,
            object_id: None,
            detail: None,
            method: None,
            recipient: None,
            note: None,
        }
    }

    pub fn amount(mut self, amount: Option<rust_decimal::Decimal>, currency: Option<String>) -> Self {
        self.amount = amount.map(|a| a.to_string());
        self.currency = currency;
        self
    }

    pub fn status(mut self, status: Option<String>) -> Self {
        self.status = status;
        self
    }

    pub fn object(mut self, id: Option<String>) -> Self {
        self.object_id = id;
        self
    }

    pub fn method(mut self, method: Option<String>) -> Self {
        self.method = method;
        self
    }

    pub fn recipient(mut self, recipient: Option<String>) -> Self {
        self.recipient = recipient;
        self
    }

    pub fn detail(mut self, detail: Option<String>) -> Self {
        self.detail = detail.filter(|d| !d.trim().is_empty());
        self
    }
}

/// Reads an RFC 3339 time a source gave as text.
pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text.trim()).ok().map(|t| t.with_timezone(&Utc))
}
