//! The sessions behind the `/v2` hosted pages' tokens.

use crate::error::ApiError;
use crate::hosted::page::{unknown, went_wrong};
use crate::state::AppState;
use crate::v2::users::store::{self as users, Session};
use axum::response::Response;

/// The page for a failure (the cause goes to the log only).
pub fn failed(e: &ApiError) -> Response {
    tracing::error!("hosted page: {e}");
    went_wrong()
}

/// Loads the session behind a token, or the page to show instead.
pub async fn open(state: &AppState, kind: &'static str, token: String) -> Result<Session, Response> {
    match state.db.call(move |c| users::session(c, kind, &token)).await {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(unknown()),
        Err(e) => Err(failed(&e)),
    }
}
