//! The parameters of one operation with the spec's rules as schema constraints: path
//! parameters, the query parameters it reads, `Idempotency-Key` (1 to 200 visible ASCII
//! characters) and `X-Correlation-Id` (v2: 20 to 64 characters; trade API: a UUID).

use super::table::{Api, Operation};
use serde_json::{Value, json};

/// Visible ASCII, neither starting nor ending with a space (the sandbox trims a header).
const VISIBLE: &str = "^[!-~]([ -~]*[!-~])?$";

/// The forms `uuid` reads (simple, hyphenated, braced, URN), as the trade API accepts them.
const UUID: &str = "^([0-9a-fA-F]{32}|\\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\}?|\
urn:uuid:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$";

/// The largest `Skip` and `Take` read (a 32-bit integer, as ASP.NET binds it).
const INT32_MAX: i64 = i32::MAX as i64;

/// A query parameter's schema, by the name the handlers read.
fn query_schema(name: &str) -> Value {
    match name {
        "Skip" => json!({ "type": "integer", "minimum": 0, "maximum": INT32_MAX }),
        "Take" => json!({ "type": "integer", "minimum": 1, "maximum": INT32_MAX,
                          "description": "At most 100 items are answered" }),
        "page" | "pageSize" => json!({ "type": "integer", "minimum": 1, "maximum": INT32_MAX }),
        "forceOnboarding" | "Public" => json!({ "type": "boolean" }),
        _ => json!({ "type": "string" }),
    }
}

/// A path parameter's schema: trade API ids are 1 to 64 characters, a business id digits only.
fn path_schema(name: &str, trade: bool) -> Value {
    match name {
        "business_id" => json!({ "type": "string", "pattern": "^[0-9]{1,64}$" }),
        _ if trade => json!({ "type": "string", "minLength": 1, "maxLength": 64 }),
        _ => json!({ "type": "string", "minLength": 1 }),
    }
}

/// The `{names}` of a path template.
pub fn path_params(path: &str) -> Vec<&str> {
    path.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect()
}

/// Every parameter of `route`; `api`: the API its path belongs to, which reads `X-Correlation-Id`.
pub fn parameters(route: &Operation, api: Option<&Api>) -> Value {
    // The API with its own problem object (the trade API) checks ids of 1 to 64 characters.
    let trade = api.is_some_and(|api| api.problem.is_some());
    let mut params: Vec<Value> = path_params(&route.path)
        .into_iter()
        .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": path_schema(name, trade) }))
        .collect();
    params
        .extend(route.op.query.iter().map(|name| json!({ "name": name, "in": "query", "schema": query_schema(name) })));
    if route.op.keyed {
        params.push(json!({
            "name": "Idempotency-Key", "in": "header",
            "schema": { "type": "string", "minLength": 1, "maxLength": 200, "pattern": VISIBLE },
            "description": "The same key replays the stored answer (Idempotency-Replayed: true) instead of running twice.",
        }));
    }
    if let Some(api) = api {
        let schema = if api.uuid_correlation {
            json!({ "type": "string", "minLength": 20, "maxLength": 64, "format": "uuid", "pattern": UUID })
        } else {
            json!({ "type": "string", "minLength": 20, "maxLength": 64, "pattern": VISIBLE })
        };
        params.push(json!({
            "name": "X-Correlation-Id", "in": "header", "schema": schema,
            "description": "Optional; v2: 20 to 64 characters; trade API: a UUID, echoed as the problem's traceId.",
        }));
    }
    Value::Array(params)
}
