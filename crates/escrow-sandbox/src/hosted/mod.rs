//! Hosted pages: HTML a person's browser opens, with an unguessable token in the URL
//! instead of an API key. [`page`] and [`form`] are the shared shell and form reading;
//! the other modules are the pages of one API each.

pub mod accounts;
pub mod checkout;
pub mod form;
pub mod page;
pub mod session;
pub mod signing;
pub mod trade;

use crate::state::AppState;
use axum::Router;

/// Every hosted page.
pub fn router() -> Router<AppState> {
    Router::new().merge(accounts::router()).merge(checkout::router()).merge(signing::router()).merge(trade::router())
}
