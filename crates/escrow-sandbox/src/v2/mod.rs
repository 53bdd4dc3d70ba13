//! The service's core API (`/v2`), one folder per feature: each has its `routes.rs`
//! (handlers and its `router()`), its `store.rs` (tables) when it owns any, and its
//! `machine.rs` when its records move through states.

pub mod auto;
pub mod common;
pub mod connect;
pub mod documents;
pub mod payments;
pub mod split_payouts;
pub mod transactions;
pub mod users;
pub mod webhooks;

use crate::db::Prepare;
use crate::dialect::Dialect;
use crate::openapi::table::{Api, Routes};

/// What v2 keeps in step in the database beyond the tables, for [`crate::db::Db::open`]:
/// the transactions' search index.
pub const SCHEMA: &[Prepare] = &[transactions::search::INDEX];

/// Every `/v2` route in `dialect` (and the few control routes and hosted pages kept with
/// their feature).
pub fn routes(dialect: Dialect) -> Routes {
    transactions::routes::routes(dialect)
        .api(Api::problem_details("/v2/"))
        .merge(transactions::actions::routes())
        .merge(connect::routes::routes())
        .merge(users::routes::routes())
        .merge(documents::routes::routes())
        .merge(auto::routes::routes())
        .merge(split_payouts::routes::routes())
        .merge(payments::routes::routes())
        .merge(webhooks::routes::routes())
        .map_router(|router| router.route_layer(axum::middleware::from_fn(correlation)))
}

/// The spec (§4, §8): every request accepts an optional `X-Correlation-Id` of 20 to 64
/// characters. When one is sent it must fit; v2 answers in its own problem shape with
/// the trade API's wording (the trade API also asks for UUID form; v2 does not).
async fn correlation(req: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    if let Some(raw) = req.headers().get("x-correlation-id")
        && !raw.to_str().is_ok_and(|id| correlation_ok(id.trim()))
    {
        return crate::error::ApiError::bad_request("Invalid request", "X-Correlation-Id must be 20 to 64 characters")
            .into_response();
    }
    next.run(req).await
}

/// The v2 rule for `X-Correlation-Id`: 20 to 64 characters.
pub fn correlation_ok(id: &str) -> bool {
    (20..=64).contains(&id.chars().count())
}
