//! `escrow trigger EVENT` and `escrow events list`: a sandbox's test event and its
//! deliveries, through the routes the app's Events page uses.

use super::ctx::Ctx;
use super::sandbox_control::SandboxControl;
use crate::args::webhook_tools::{Events, Trigger};
use crate::exit::Failure;
use crate::output::{self, Table};
use serde_json::{Value, json};

pub async fn trigger(ctx: &Ctx, control: &SandboxControl, a: Trigger, in_process: bool) -> Result<(), Failure> {
    control.require_sandbox("triggering an event").await?;
    let transaction = a.transaction.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let about = control.test_event(&a.event, transaction).await?;
    if ctx.json {
        return output::emit_json(&json!({ "eventName": a.event, "transactionId": about }));
    }
    output::emit(&format!("Queued {} about transaction {about}.\n", a.event))?;
    if in_process {
        eprintln!(
            "escrow: this built-in Sandbox runs only while a command does: the event is delivered when it next runs \
             (escrow events list shows its state)"
        );
    } else {
        eprintln!("escrow: the sandbox delivers it to the tenant's webhook URL (escrow events list shows how it went)");
    }
    Ok(())
}

pub async fn list(ctx: &Ctx, control: &SandboxControl, e: Events) -> Result<(), Failure> {
    let Events::List(a) = e;
    control.require_sandbox("listing deliveries").await?;
    let transaction = a.transaction.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let items = control.deliveries(transaction).await?;
    if ctx.json {
        return output::emit_json(&items);
    }
    let mut table = Table::new(&["QUEUED", "EVENT", "ABOUT", "STATE", "ATTEMPTS", "LAST OUTCOME", "WEBHOOK ID"]);
    for d in &items {
        let text = |v: &Value| v.as_str().map(output::clean).unwrap_or_default();
        let payload = &d["payload"];
        let about = payload.get("transactionId").or_else(|| payload.get("serviceAccountId")).unwrap_or(&Value::Null);
        table.row(vec![
            text(&d["created"]),
            text(&d["eventName"]),
            text(about),
            text(&d["state"]),
            d["attempts"].as_i64().map(|n| n.to_string()).unwrap_or_default(),
            last_outcome(&d["outcomes"]),
            text(&d["webhookId"]),
        ]);
    }
    let rows = table.render_if_any();
    let count = items.len();
    output::emit(&format!("{rows}{count} {}\n", if count == 1 { "delivery" } else { "deliveries" }))
}

/// The newest attempt: its HTTP status, or why nothing answered.
fn last_outcome(outcomes: &Value) -> String {
    let Some(last) = outcomes.as_array().and_then(|o| o.last()) else { return "not tried yet".into() };
    match (last.get("status").and_then(Value::as_u64), last.get("error").and_then(Value::as_str)) {
        (Some(status), _) => format!("HTTP {status}"),
        (None, Some(error)) => output::cut(&output::clean(error), 60),
        (None, None) => String::new(),
    }
}
