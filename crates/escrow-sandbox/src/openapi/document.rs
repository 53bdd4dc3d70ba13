//! The OpenAPI 3.1 document of everything the sandbox serves, made from the route table
//! ([`super::Routes`]) of the dialect being served, so it lists exactly the routes that
//! answer: the published dialect's document has its routes and field names.

use super::op::{Auth, Body, Op, Reply};
use super::schemas;
use super::table::{Api, Operation};
use crate::dialect::Dialect;
use serde_json::{Map, Value, json};

/// What `info.description` says the document covers, and how much it summarises.
const DESCRIPTION: &str = "Every route the escrow sandbox serves in this dialect: the v2 API (`/v2`), the business-user \
and trade API (`/v1/marketplace`), the hosted pages a person's browser opens (`/hosted`, the token in the path is \
the credential), and the sandbox's own control and inspection API (`/_sandbox`). The route list is made from the \
same table that builds the router, and a test calls every documented route. Summarised: the main resources \
(transactions, payments, users, documents, trades, business-user and control bodies) have schemas; other JSON \
bodies are typed as any JSON; query parameters are listed as optional strings without their validation rules; \
errors are given once per operation as `default` (v2 and control: problem details or an empty 404; trade API: its \
problem object). Behaviour and rules are described in the project README and the specs.";

/// The document for `table` (with the `apis` its routes belong to) served in `dialect`;
/// `server` is the base URL clients use.
pub fn document(table: &[Operation], apis: &[Api], dialect: Dialect, server: &str) -> Value {
    let mut paths = Map::new();
    for route in table {
        let item = paths.entry(route.path.clone()).or_insert_with(|| json!({}));
        let api = apis.iter().find(|api| route.path.starts_with(api.prefix));
        item[route.method.as_str().to_ascii_lowercase()] = operation(route, api);
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": format!("Escrow sandbox ({dialect} dialect)"),
            "version": env!("CARGO_PKG_VERSION"),
            "description": DESCRIPTION,
        },
        "servers": [{ "url": server }],
        "paths": paths,
        "components": {
            "schemas": schemas::components(dialect),
            "securitySchemes": { "tenantKey": { "type": "http", "scheme": "bearer", "description": "A tenant's API key (--tenant NAME=KEY)." } },
        },
    })
}

fn operation(route: &Operation, api: Option<&Api>) -> Value {
    let op = &route.op;
    let mut out = json!({
        "tags": [route.tag],
        "summary": op.summary,
        "operationId": operation_id(route),
        "parameters": parameters(route, api.is_some()),
        "responses": responses(route, api.map_or("Problem", |api| api.problem)),
    });
    out["security"] = match op.auth {
        Auth::Key => json!([{ "tenantKey": [] }]),
        Auth::Token | Auth::Open => json!([]),
    };
    if let Some(body) = request_body(op) {
        out["requestBody"] = body;
    }
    out
}

/// `post_v2_transactions_transaction_id_cancel`: unique, as (method, path) is.
fn operation_id(route: &Operation) -> String {
    let path: String = route.path.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let words: Vec<&str> = path.split('_').filter(|w| !w.is_empty()).collect();
    format!("{}_{}", route.method.as_str().to_ascii_lowercase(), words.join("_"))
}

/// The `{names}` of a path template.
pub fn path_params(path: &str) -> Vec<&str> {
    path.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect()
}

/// `correlated`: the route is one of an API's, which reads `X-Correlation-Id`.
fn parameters(route: &Operation, correlated: bool) -> Value {
    let mut params: Vec<Value> = path_params(&route.path)
        .into_iter()
        .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } }))
        .collect();
    params.extend(
        route.op.query.iter().map(|name| json!({ "name": name, "in": "query", "schema": { "type": "string" } })),
    );
    if route.op.keyed {
        params.push(json!({
            "name": "Idempotency-Key", "in": "header", "schema": { "type": "string" },
            "description": "The same key replays the stored answer (Idempotency-Replayed: true) instead of running twice.",
        }));
    }
    if correlated {
        params.push(json!({
            "name": "X-Correlation-Id", "in": "header", "schema": { "type": "string", "minLength": 20, "maxLength": 64 },
            "description": "Optional; v2: 20 to 64 characters; trade API: a UUID, echoed as the problem's traceId.",
        }));
    }
    Value::Array(params)
}

fn schema_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn json_content(schema: Option<&str>) -> Value {
    json!({ "application/json": { "schema": schema.map_or_else(|| json!({}), schema_ref) } })
}

fn request_body(op: &Op) -> Option<Value> {
    let content = match op.body {
        Body::Empty => return None,
        Body::Json(schema) => json_content(schema),
        Body::Form => json!({ "application/x-www-form-urlencoded": { "schema": { "type": "object" } } }),
        Body::Upload(schema) => {
            let schema = schema.map_or_else(|| json!({ "type": "object" }), schema_ref);
            json!({
                "multipart/form-data": { "schema": schema },
                "application/x-www-form-urlencoded": { "schema": schema },
            })
        }
    };
    Some(json!({ "required": true, "content": content }))
}

/// `problem`: the schema of the route's refusals.
fn responses(route: &Operation, problem: &str) -> Value {
    let ok = match route.op.reply {
        Reply::Json(schema) => json!({ "200": { "description": "OK", "content": json_content(schema) } }),
        Reply::Html => json!({ "200": { "description": "The page", "content": { "text/html": {} } } }),
        Reply::HtmlOrRedirect => json!({
            "200": { "description": "The page again, saying what to fix", "content": { "text/html": {} } },
            "303": { "description": "Done: on to the flow's next page or return URL" },
        }),
        Reply::File => json!({ "200": { "description": "The file", "content": { "application/octet-stream": {} } } }),
        Reply::Empty => json!({ "200": { "description": "Done (no body)" } }),
    };
    let mut responses = ok;
    responses["default"] = json!({
        "description": "Refused (400, 401 without a valid key, 404, 409/422 on Idempotency-Key misuse)",
        "content": { "application/problem+json": { "schema": schema_ref(problem) } },
    });
    responses
}
