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

use crate::dialect::Dialect;
use crate::state::AppState;
use axum::Router;

/// Every `/v2` route in `dialect`.
pub fn router(dialect: Dialect) -> Router<AppState> {
    Router::new()
        .merge(transactions::routes::router(dialect))
        .merge(transactions::actions::router())
        .merge(connect::routes::router())
        .merge(users::routes::router())
        .merge(documents::routes::router())
        .merge(auto::routes::router())
        .merge(split_payouts::routes::router())
        .merge(payments::routes::router())
        .merge(webhooks::routes::router())
}
