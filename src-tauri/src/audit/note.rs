//! An audit row's detail read back into its parts, so the UI can say it in the user's
//! language. The stored text is never changed (it is sealed by the row's hash and MAC); it is
//! parsed as it was written: the batch prefix ([`crate::journal::batch_detail`]), a money
//! move's consequence ([`crate::consequence::Consequence::summary`]), a failure in the
//! client's words (`escrow_api::Error`'s description), or a success note (`created <id>`,
//! `payment <id>`). Text that matches none of them (rows of older versions, notes of other
//! kinds) is kept as [`AuditNote::Text`], which the UI shows as stored.

use crate::error::ErrorCode;
use serde::Serialize;
use ts_rs::TS;

use crate::journal::BATCH_PREFIX;

/// A split payout named in a consequence, and what the move does to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NoteSplit {
    pub split_payout_id: String,
    /// A decimal string in the consequence's currency.
    pub amount: String,
    /// `released`, `kept`, `cancelled` or `planned`.
    pub effect: String,
}

/// What the detail says, in parts. Amounts are decimal strings in `currency`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum AuditNote {
    /// The consequence of a money move, as the dialog showed it before it was sent.
    Consequence {
        currency: String,
        payee_net: String,
        to_payer: String,
        payer_owes: String,
        reimbursable: String,
        splits: Vec<NoteSplit>,
        /// Why the service was expected to refuse it (`overReimbursable`, …), if so.
        refusal: Option<String>,
    },
    /// The service refused or failed: the kind, the HTTP status and the service's own words.
    Failure { code: ErrorCode, status: Option<u16>, service: Option<String> },
    /// A transaction the action created.
    Created { id: String },
    /// A payment the action created or initialized.
    Payment { id: String },
    /// Words the app cannot take apart: shown as stored.
    Text { text: String },
}

/// A row's detail: the bulk run it belongs to, and the rest in parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditDetail {
    pub batch: Option<String>,
    pub note: Option<AuditNote>,
}

/// Reads a stored detail (`None` and the empty string: no detail).
pub fn parse(detail: Option<&str>) -> AuditDetail {
    let text = detail.unwrap_or_default();
    let (batch, rest) = split_batch(text);
    let rest = rest.trim();
    let note = (!rest.is_empty()).then(|| note_of(rest));
    AuditDetail { batch, note }
}

/// `batch <uuid>` or `batch <uuid>: <rest>`.
fn split_batch(text: &str) -> (Option<String>, &str) {
    let Some(after) = text.strip_prefix(BATCH_PREFIX) else { return (None, text) };
    let (id, rest) = after.split_once(": ").unwrap_or((after, ""));
    if uuid::Uuid::parse_str(id).is_ok() { (Some(id.to_owned()), rest) } else { (None, text) }
}

fn note_of(text: &str) -> AuditNote {
    consequence(text)
        .or_else(|| failure(text))
        .or_else(|| named(text, "created ").map(|id| AuditNote::Created { id }))
        .or_else(|| named(text, "payment ").map(|id| AuditNote::Payment { id }))
        .unwrap_or_else(|| AuditNote::Text { text: text.to_owned() })
}

/// `<prefix><one word>`: the id a success note names.
fn named(text: &str, prefix: &str) -> Option<String> {
    let id = text.strip_prefix(prefix)?;
    (!id.is_empty() && !id.contains(char::is_whitespace)).then(|| id.to_owned())
}

/// `<decimal> <currency>`; the decimal and the currency.
fn money(text: &str) -> Option<(String, String)> {
    let (amount, currency) = text.trim().split_once(' ')?;
    let is_amount = amount.parse::<rust_decimal::Decimal>().is_ok();
    let is_currency = currency.len() == 3 && currency.chars().all(|c| c.is_ascii_uppercase());
    (is_amount && is_currency).then(|| (amount.to_owned(), currency.to_owned()))
}

fn consequence(text: &str) -> Option<AuditNote> {
    let mut parts = text.strip_prefix("consequence: ")?.split("; ");
    let mut field = |name: &str| money(parts.next()?.strip_prefix(name)?);
    let (payee_net, currency) = field("payee receives ")?;
    let (to_payer, _) = field("to payer ")?;
    let (payer_owes, _) = field("payer owes ")?;
    let (reimbursable, _) = field("reimbursable ")?;
    let (mut splits, mut refusal) = (Vec::new(), None);
    for part in parts {
        if let Some(reason) = part.strip_prefix("expected refusal: ") {
            refusal = Some(reason.to_owned());
        } else {
            // `split payout <id> <amount> <currency> <effect>`
            let words: Vec<&str> = part.strip_prefix("split payout ")?.split(' ').collect();
            let [id, amount, cur, effect] = words.as_slice() else { return None };
            money(&format!("{amount} {cur}"))?;
            let effect = (*effect).to_owned();
            splits.push(NoteSplit { split_payout_id: (*id).to_owned(), amount: (*amount).to_owned(), effect });
        }
    }
    Some(AuditNote::Consequence { currency, payee_net, to_payer, payer_owes, reimbursable, splits, refusal })
}

/// The client's description of a failure (`escrow_api::Error`): a fixed sentence per kind,
/// the status in brackets, then `: ` and the service's words when it sent any.
fn failure(text: &str) -> Option<AuditNote> {
    const KINDS: &[(&str, ErrorCode)] = &[
        ("the service refused the request", ErrorCode::BadRequest),
        ("the idempotency key was already used for a different request", ErrorCode::BadRequest),
        ("the service failed", ErrorCode::Server),
        ("the same request is still being processed", ErrorCode::Conflict),
        ("the API key was refused", ErrorCode::Unauthorized),
        ("not found", ErrorCode::NotFound),
        ("unreadable response", ErrorCode::UnreadableResponse),
        ("response too large", ErrorCode::UnreadableResponse),
        ("the service did not answer in time", ErrorCode::Timeout),
        ("could not connect to the service", ErrorCode::Network),
        ("network error", ErrorCode::Network),
    ];
    let (code, rest) = KINDS.iter().find_map(|(p, code)| text.strip_prefix(p).map(|rest| (*code, rest)))?;
    let (status, rest) = match rest.strip_prefix(" (").and_then(|r| r.split_once(')')) {
        Some((n, rest)) => (Some(n.parse::<u16>().ok()?), rest),
        None => (None, rest),
    };
    let service = match rest {
        "" => None,
        r => Some(r.strip_prefix(": ")?.to_owned()),
    };
    // The network kinds carry the client's own words, not the service's.
    let service = if matches!(code, ErrorCode::Network | ErrorCode::UnreadableResponse) { None } else { service };
    Some(AuditNote::Failure { code, status, service })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consequence::{Consequence, SplitEffect};

    fn consequence_of(splits: Vec<SplitEffect>, refusal: Option<&str>) -> Consequence {
        Consequence {
            kind: "payout".into(),
            currency: "DKK".into(),
            amount: "289500.00".into(),
            payee_fee: "495.00".into(),
            payer_fee: "0.00".into(),
            paid_in: "289500.00".into(),
            reimbursed: "0.00".into(),
            payee_net: "286510.00".into(),
            to_payer: "0.00".into(),
            payer_owes: "0.00".into(),
            max_reimbursable: "286510.00".into(),
            splits,
            blocked: refusal.map(|r| crate::consequence::Blocked { reason: r.into(), amount: None }),
        }
    }

    fn split(id: &str, effect: &str) -> SplitEffect {
        SplitEffect {
            split_payout_id: id.into(),
            amount: "2495.00".into(),
            recipient: "TENANT".into(),
            timing: "ON_CLOSE".into(),
            effect: effect.into(),
            debt_settlement: false,
            from_share: true,
        }
    }

    #[test]
    fn a_consequence_reads_back_with_its_numbers_splits_and_refusal() {
        let c = consequence_of(vec![split("sp-1", "released"), split("sp-2", "unchanged")], Some("overReimbursable"));
        let parsed = parse(Some(&c.summary()));
        assert_eq!(parsed.batch, None);
        let Some(AuditNote::Consequence { currency, payee_net, reimbursable, splits, refusal, .. }) = parsed.note
        else {
            panic!("not a consequence: {parsed:?}");
        };
        assert_eq!((currency.as_str(), payee_net.as_str(), reimbursable.as_str()), ("DKK", "286510.00", "286510.00"));
        let released =
            NoteSplit { split_payout_id: "sp-1".into(), amount: "2495.00".into(), effect: "released".into() };
        assert_eq!(splits, [released], "an unchanged split payout is not in the line");
        assert_eq!(refusal.as_deref(), Some("overReimbursable"));
    }

    #[test]
    fn a_batch_prefix_is_split_off() {
        let id = "3f1c2a9e-0000-4000-8000-000000000002";
        assert_eq!(parse(Some(&format!("batch {id}"))), AuditDetail { batch: Some(id.into()), note: None });
        let failed = parse(Some(&format!("batch {id}: the service failed (503)")));
        assert_eq!(failed.batch.as_deref(), Some(id));
        assert_eq!(failed.note, Some(AuditNote::Failure { code: ErrorCode::Server, status: Some(503), service: None }));
        let not_uuid = parse(Some("batch of cars"));
        assert_eq!(not_uuid.note, Some(AuditNote::Text { text: "batch of cars".into() }));
    }

    #[test]
    fn a_failure_reads_back_with_its_status_and_the_services_words() {
        let e = parse(Some("the service refused the request (400): Amount exceeds the reimbursable 286510.00 DKK"));
        let service = Some("Amount exceeds the reimbursable 286510.00 DKK".to_owned());
        assert_eq!(e.note, Some(AuditNote::Failure { code: ErrorCode::BadRequest, status: Some(400), service }));
        let timeout = parse(Some("the service did not answer in time"));
        assert_eq!(timeout.note, Some(AuditNote::Failure { code: ErrorCode::Timeout, status: None, service: None }));
        let net = parse(Some("could not connect to the service: connection refused"));
        assert_eq!(net.note, Some(AuditNote::Failure { code: ErrorCode::Network, status: None, service: None }));
    }

    /// The client's real description of a refusal (a service answering 400) reads back.
    #[tokio::test]
    async fn what_the_client_writes_is_what_the_parser_reads() {
        use axum::{Router, http::StatusCode, routing::get};
        let problem = r#"{"title":"Invalid amount","status":400,"detail":"too low"}"#;
        let router = Router::new().fallback(get(move || async move { (StatusCode::BAD_REQUEST, problem) }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        let client = escrow_api::Client::builder(url, "key").build().unwrap();
        let e = client.transactions().get("3f1c2a9e-0000-4000-8000-000000000002").await.unwrap_err();
        let service = Some("Invalid amount: too low".to_owned());
        let note = parse(Some(&e.to_string())).note;
        assert_eq!(note, Some(AuditNote::Failure { code: ErrorCode::BadRequest, status: Some(400), service }));
    }

    #[test]
    fn success_notes_and_unknown_text() {
        let id = "9b2d7c1e-0000-4000-8000-000000000042";
        assert_eq!(parse(Some(&format!("created {id}"))).note, Some(AuditNote::Created { id: id.into() }));
        assert_eq!(parse(Some("payment pay-7")).note, Some(AuditNote::Payment { id: "pay-7".into() }));
        let old = "consequence: payee gets 5 DKK";
        assert_eq!(parse(Some(old)).note, Some(AuditNote::Text { text: old.into() }), "an older line is kept");
        assert_eq!(parse(None), AuditDetail { batch: None, note: None });
        assert_eq!(parse(Some("")), AuditDetail { batch: None, note: None });
    }
}
