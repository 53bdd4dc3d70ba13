//! `escrow webhooks verify FILE`: parses a delivery body in either dialect and prints it as
//! JSON with the specs' field names. Offline: no service, no key. And `escrow webhooks
//! examples`: the service's example of each event.

use super::ctx::Ctx;
use crate::args::WebhookFile;
use crate::exit::Failure;
use crate::output::{self, Table};
use escrow_api::{Client, WebhookEvent};
use serde_json::{Value, json};
use std::io::Read;

/// Larger than any webhook; a bigger file is not one.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// `escrow webhooks examples`: a table of the events (name, ids), or them all as JSON.
pub async fn examples(client: &Client, ctx: &Ctx) -> Result<(), Failure> {
    let examples = client.webhooks().examples().await?;
    if ctx.json {
        return output::emit_json(&examples);
    }
    let mut table = Table::new(&["EVENT", "WEBHOOK ID", "ABOUT"]);
    for e in &examples.user {
        table.row(vec![e.event_name.to_string(), e.webhook_id.clone(), e.service_account_id.clone()]);
    }
    for e in &examples.transaction {
        table.row(vec![e.event_name.to_string(), e.webhook_id.clone(), e.transaction_id.clone()]);
    }
    let count = examples.user.len() + examples.transaction.len();
    let rows = table.render_if_any();
    output::emit(&format!("{rows}{count} example events\n"))
}

pub fn verify(ctx: &Ctx, a: WebhookFile) -> Result<(), Failure> {
    let name = a.file.display().to_string();
    let mut bytes = Vec::new();
    let read = if name == "-" {
        std::io::stdin().lock().take(MAX_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(&a.file).and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| Failure::usage(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(Failure::Payload(format!("{name} is not a webhook payload: larger than {MAX_BYTES} bytes")));
    }
    let not_webhook = |e: &dyn std::fmt::Display| Failure::Payload(format!("{name} is not a webhook payload: {e}"));
    let (kind, event) = parse(&bytes).map_err(|e| not_webhook(&e))?;
    if !ctx.json {
        let what = event.get("eventName").and_then(Value::as_str).unwrap_or_default();
        eprintln!("escrow: {name}: a valid {kind} ({what})");
    }
    output::emit_json(&event)
}

/// The kind [`parse`] gives an event whose name the specs do not have.
pub const UNKNOWN_KIND: &str = "event of a kind this client does not know";

/// What kind of event the body is, and the event with the specs' field names.
pub fn parse(body: &[u8]) -> Result<(&'static str, Value), String> {
    let mut value: Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
    normalize(&mut value);
    let normalized = serde_json::to_vec(&value).map_err(|e| e.to_string())?;
    let encode = |v: Result<Value, serde_json::Error>| v.map_err(|e| e.to_string());
    match WebhookEvent::parse(&normalized).map_err(|e| e.to_string())? {
        WebhookEvent::User(e) => Ok(("user event", encode(serde_json::to_value(e))?)),
        WebhookEvent::Transaction(e) => Ok(("transaction event", encode(serde_json::to_value(e))?)),
        _ => Ok((UNKNOWN_KIND, value)),
    }
}

/// Published names to the specs' at the top level (nested parties are read by the models
/// themselves): `safepayAccountId`/`symblepayAccountId` → `serviceAccountId`, `id` →
/// `webhookId`, and a user event's single `referenceId` → `connections[]`.
fn normalize(value: &mut Value) {
    escrow_api::dialect::accept_published(value, &[("webhookId", "id")]);
    let Value::Object(map) = value else { return };
    let user = map.get("eventName").and_then(Value::as_str).is_some_and(|n| n.starts_with("user."));
    if user
        && map.get("connections").is_none_or(Value::is_null)
        && let Some(reference) = map.get("referenceId").filter(|r| r.is_string()).cloned()
    {
        map.insert("connections".into(), json!([{ "referenceId": reference, "connected": null }]));
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde_json::json;

    #[test]
    fn both_dialects_read_the_same() {
        let spec = json!({"eventName": "user.bankaccount.connected", "eventDate": "2026-01-01T10:00:00+01:00",
                          "webhookId": "w", "serviceAccountId": "a", "connections": []});
        let mut published = spec.clone();
        published["safepayAccountId"] = published["serviceAccountId"].take();
        published.as_object_mut().unwrap().remove("serviceAccountId");
        let bytes = |v: &serde_json::Value| v.to_string().into_bytes();
        assert_eq!(parse(&bytes(&spec)).unwrap(), parse(&bytes(&published)).unwrap());
        assert_eq!(parse(&bytes(&published)).unwrap().0, "user event");
        let trade = json!({"id": "w", "referenceId": "r", "eventName": "user.connected",
                           "eventDate": "2025-05-13T19:30:12+02:00", "symblepayAccountId": "a"});
        let (kind, v) = parse(&bytes(&trade)).unwrap();
        assert_eq!(kind, "user event");
        assert_eq!((v["serviceAccountId"].as_str(), v["webhookId"].as_str()), (Some("a"), Some("w")));
        assert_eq!(v["connections"][0]["referenceId"], "r");
        assert!(parse(b"[1]").is_err());
        assert!(parse(br#"{"eventName":"transaction.created","transactionId":"t"}"#).is_err());
    }
}
