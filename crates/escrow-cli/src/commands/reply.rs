//! The few shapes most answers take: a link to send a person to, an action done, a keyed
//! operation's result. Each prints a line or two for people and JSON with `--json`.

use super::ctx::Ctx;
use super::keyed::Keyed;
use crate::exit::Failure;
use crate::output::{self, Fields};
use escrow_api::Response;
use serde::Serialize;
use serde_json::{Value, json};

/// A hosted page: `label:` and the address on its own line; `value` as is with `--json`.
pub fn link<T: Serialize>(ctx: &Ctx, label: &str, url: &str, value: &T) -> Result<(), Failure> {
    if ctx.json {
        return output::emit_json(value);
    }
    output::emit(&format!("{label}:\n{}\n", output::clean(url)))
}

/// An action without an answer body: `message`; with `--json`, `{"action", "done": true, ids…}`.
pub fn done(ctx: &Ctx, action: &str, ids: Value, message: &str) -> Result<(), Failure> {
    if ctx.json {
        let mut value = json!({ "action": action, "done": true });
        if let (Value::Object(out), Value::Object(ids)) = (&mut value, ids) {
            out.extend(ids);
        }
        return output::emit_json(&value);
    }
    output::emit(&format!("{}\n", output::clean(message)))
}

/// A keyed operation's answer: `render`'s lines and the key's; with `--json`, the key's fields
/// and the answer under `result`.
pub fn keyed<T: Serialize>(
    ctx: &Ctx,
    keyed: &Keyed,
    result: escrow_api::Result<Response<T>>,
    render: impl FnOnce(&T) -> Fields,
) -> Result<(), Failure> {
    let response = result.map_err(|e| keyed.failure(e))?;
    if ctx.json {
        let value = serde_json::to_value(&response.value).unwrap_or(Value::Null);
        return output::emit_json(&keyed.json(&response.meta, value));
    }
    let text = render(&response.value).render();
    output::emit(&format!("{text}{}", keyed.fields(&response.meta).render()))
}
