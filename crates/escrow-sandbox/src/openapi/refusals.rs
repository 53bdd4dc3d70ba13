//! The refusals of one operation, documented as they are answered: v2 and the control API
//! in problem details (`application/problem+json`) and a 404 without a body; update and
//! reimburse-payer also a plain JSON string 400; an API with its own problem object (the
//! trade API) that object (a keyed operation's stored refusal comes back as
//! `application/json`, the others as `application/problem+json`) and v2's 401; hosted pages
//! an HTML 404.

use super::op::{Auth, Body, NotFound};
use super::table::{Api, Operation};
use crate::error::Problem;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{Map, Value, json};

const PROBLEM: &str = "application/problem+json";
const JSON: &str = "application/json";

fn schema<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    generator.subschema_for::<T>().to_value()
}

/// A response with `description` and one schema under each of `kinds`.
fn answer(description: &str, kinds: &[&str], schema: Value) -> Value {
    let content: Map<String, Value> = kinds.iter().map(|k| ((*k).to_owned(), json!({ "schema": schema }))).collect();
    json!({ "description": description, "content": content })
}

/// The refusal responses of `route` (`api`: the API its path belongs to), by status.
pub fn responses(route: &Operation, api: Option<&Api>, generator: &mut SchemaGenerator) -> Value {
    let op = &route.op;
    let mut out = Map::new();
    let has_path_params = route.path.contains('{');
    let problem = schema::<Problem>(generator);
    let own = api.and_then(|api| api.problem);
    let trade = own.is_some();
    // A keyed trade refusal is stored and replayed as `application/json`; the trade API's
    // checks before the key (path, X-Correlation-Id, the key itself) answer problem+json.
    let trade_kinds: &[&str] = if op.keyed { &[PROBLEM, JSON] } else { &[PROBLEM] };
    let reads_input = !matches!(op.body, Body::Empty) || !op.query.is_empty() || has_path_params;
    if let (Some(own), Auth::Key) = (own, op.auth) {
        let schema = own(generator).to_value();
        out.insert("400".into(), answer("Refused: the trade API's problem object", trade_kinds, schema.clone()));
        if has_path_params {
            out.insert("404".into(), answer("Not found (or another tenant's)", trade_kinds, schema));
        }
    } else if op.auth != Auth::Token && (api.is_some() || reads_input || op.keyed) {
        let mut bad = answer("Refused: problem details", &[PROBLEM], problem.clone());
        if op.plain_400 {
            let text = schema::<String>(generator);
            bad["content"][JSON] = json!({ "schema": text });
            bad["description"] = json!("Refused: a plain JSON string (spec §7), or problem details");
        }
        out.insert("400".into(), bad);
    }
    if op.auth == Auth::Token && matches!(op.body, Body::Form) {
        out.insert(
            "400".into(),
            json!({ "description": "The page again, saying what to fix", "content": { "text/html": {} } }),
        );
    }
    if op.auth == Auth::Key {
        out.insert("401".into(), answer("No valid key (problem details, in every API)", &[PROBLEM], problem.clone()));
    }
    match op.not_found {
        NotFound::Bare => {
            out.insert("404".into(), json!({ "description": "Not found (no body)" }));
        }
        NotFound::BareOrTitled => {
            // No content: a response whose body may be absent cannot list one (a checker
            // would require it); the description says what may come.
            let say = "Not found: no body, or problem details (application/problem+json) naming what is missing";
            out.insert("404".into(), json!({ "description": say }));
        }
        NotFound::Usual if op.auth == Auth::Token && has_path_params => {
            out.insert("404".into(), json!({ "description": "Link not found", "content": { "text/html": {} } }));
        }
        NotFound::Usual if !trade && has_path_params => {
            out.insert("404".into(), json!({ "description": "Not found, or another tenant's (no body)" }));
        }
        NotFound::Usual => {}
    }
    if op.keyed {
        out.insert(
            "409".into(),
            answer("The same Idempotency-Key is still being processed", &[PROBLEM], problem.clone()),
        );
        out.insert("422".into(), answer("The Idempotency-Key was used for another request", &[PROBLEM], problem));
    }
    Value::Object(out)
}
