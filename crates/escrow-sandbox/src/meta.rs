//! Routes for whoever runs the sandbox (a team, a CI job), needing no key:
//! `GET /_sandbox/health` to wait for, and `GET /openapi.json` describing every route.

use crate::dialect::Dialect;
use crate::error::ApiResult;
use crate::openapi::document::document;
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::routing::get;
use serde_json::{Value, json};
use std::sync::Arc;

const TAG: &str = "Sandbox operations";

/// `routes` (served in `dialect`) with the health route and, last, the document of them
/// all, itself included. The document's `servers` is relative (`/`), so it is the same
/// on every start, whatever the port.
pub fn with_meta(routes: Routes, dialect: Dialect) -> Routes {
    let health_op = Op::new("Whether the sandbox is up (its database answering)")
        .open()
        .returns::<crate::openapi::kept::SandboxHealth>();
    let document_op = Op::new("This document: every route served, in this dialect").open();
    routes.tagged(TAG).get("/_sandbox/health", health_op, health).described_by(
        "/openapi.json",
        document_op,
        |table, apis| {
            let doc = Arc::new(document(table, apis, dialect));
            get(move || async move { Json(Value::clone(&doc)) })
        },
    )
}

/// Answers once the database does: `{status: "ok", version, dialect}`.
async fn health(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    state.db.call(|c| Ok(c.query_row("SELECT 1", [], |r| r.get::<_, i64>(0))?)).await?;
    Ok(Json(json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION"), "dialect": state.dialect.name() })))
}
