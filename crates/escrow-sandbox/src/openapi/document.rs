//! The OpenAPI 3.1 document of everything the sandbox serves, made from the route table
//! ([`super::Routes`]) of the dialect being served, so it lists exactly the routes that
//! answer. Bodies and answers are the JSON Schemas of the handlers' own types
//! ([`super::op::SchemaFn`]); every refusal is documented as it is answered
//! ([`super::refusals`]); in `published` the API schemas take the published field names
//! ([`super::published`]).

use super::op::{Auth, Body, Op, Reply};
use super::table::{Api, Operation};
use super::{params, published, refusals};
use crate::dialect::Dialect;
use schemars::SchemaGenerator;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value, json};

/// What `info.description` says the document covers.
const DESCRIPTION: &str = "Every route the escrow sandbox serves in this dialect: the v2 API (`/v2`), the business-user \
and trade API (`/v1/marketplace`), the hosted pages a person's browser opens (`/hosted`, the token in the path is \
the credential), and the sandbox's own control and inspection API (`/_sandbox`). The route list is made from the \
same table that builds the router, and the body and answer schemas are generated from the types the handlers read \
and write; bodies a handler reads field by field are typed as a JSON object. Every refusal is listed as answered: \
problem details, the plain JSON string 400 of update and reimburse-payer, the trade API's problem object, 404s with \
no body, HTML for hosted pages. `servers` is relative (`/`): the document is the same whatever address the sandbox \
listens on; resolve it against the URL the document was fetched from.";

/// The generator of every schema in the document: JSON Schema 2020-12 (OpenAPI 3.1's
/// dialect) with named types under `#/components/schemas`.
fn generator() -> SchemaGenerator {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "/components/schemas".into();
    settings.meta_schema = None;
    settings.into_generator()
}

/// The document for `table` (with the `apis` its routes belong to) served in `dialect`.
pub fn document(table: &[Operation], apis: &[Api], dialect: Dialect) -> Value {
    let mut generator = generator();
    let mut paths = Map::new();
    for route in table {
        let item = paths.entry(route.path.clone()).or_insert_with(|| json!({}));
        let api = apis.iter().find(|api| route.path.starts_with(api.prefix));
        item[route.method.as_str().to_ascii_lowercase()] = operation(route, api, &mut generator);
    }
    let mut schemas: Map<String, Value> = generator.take_definitions(true).into_iter().collect();
    let mut paths = Value::Object(paths);
    if dialect == Dialect::Published {
        let renamed = |path: &str| apis.iter().any(|api| api.renamed && path.starts_with(api.prefix));
        published::rename(&mut paths, &mut schemas, renamed);
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": format!("Escrow sandbox ({dialect} dialect)"),
            "version": env!("CARGO_PKG_VERSION"),
            "description": DESCRIPTION,
        },
        "servers": [{ "url": "/", "description": "The sandbox this document was fetched from" }],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": { "tenantKey": { "type": "http", "scheme": "bearer", "description": "A tenant's API key (--tenant NAME=KEY)." } },
        },
    })
}

fn operation(route: &Operation, api: Option<&Api>, generator: &mut SchemaGenerator) -> Value {
    let op = &route.op;
    let mut out = json!({
        "tags": [route.tag],
        "summary": op.summary,
        "operationId": operation_id(route),
        "parameters": params::parameters(route, api),
        "responses": responses(route, api, generator),
    });
    out["security"] = match op.auth {
        Auth::Key => json!([{ "tenantKey": [] }]),
        Auth::Token | Auth::Open => json!([]),
    };
    if let Some(body) = request_body(op, generator) {
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

fn request_body(op: &Op, generator: &mut SchemaGenerator) -> Option<Value> {
    let object = || json!({ "type": "object" });
    let content = match op.body {
        Body::Empty => return None,
        Body::Json(schema) => {
            let schema = schema.map_or_else(object, |f| f(generator).to_value());
            json!({ "application/json": { "schema": schema } })
        }
        Body::Form => json!({ "application/x-www-form-urlencoded": { "schema": object() } }),
        Body::Upload(schema) => {
            let schema = schema.map_or_else(object, |f| f(generator).to_value());
            json!({
                "multipart/form-data": { "schema": schema },
                "application/x-www-form-urlencoded": { "schema": schema },
            })
        }
    };
    // An empty body reads as `{}` (a JSON object body may be left out; the fields it then
    // lacks are refused as missing, like any other).
    Some(json!({ "required": !op.body.may_be_empty(), "content": content }))
}

fn responses(route: &Operation, api: Option<&Api>, generator: &mut SchemaGenerator) -> Value {
    let mut responses = match route.op.reply {
        Reply::Json(schema) => {
            let schema = schema.map_or_else(|| json!({}), |f| f(generator).to_value());
            json!({ "200": { "description": "OK", "content": { "application/json": { "schema": schema } } } })
        }
        Reply::Html => json!({ "200": { "description": "The page", "content": { "text/html": {} } } }),
        Reply::HtmlOrRedirect => json!({
            "200": { "description": "The page again, saying what to fix", "content": { "text/html": {} } },
            "303": { "description": "Done: on to the flow's next page or return URL" },
        }),
        Reply::File => json!({ "200": { "description": "The file", "content": { "application/octet-stream": {} } } }),
        Reply::Empty => json!({ "200": { "description": "Done (no body)" } }),
    };
    if let (Value::Object(out), Value::Object(refused)) = (&mut responses, refusals::responses(route, api, generator)) {
        out.extend(refused);
    }
    responses
}
