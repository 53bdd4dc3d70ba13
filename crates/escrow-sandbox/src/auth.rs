//! Bearer-key authentication: the key names the tenant.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// The calling tenant, resolved from `Authorization: Bearer <key>`.
#[derive(Debug, Clone)]
pub struct Tenant {
    pub name: String,
    pub modules: crate::config::Modules,
}

impl FromRequestParts<AppState> for Tenant {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let header = parts.headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        let key = header
            .and_then(|h| h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer ")))
            .map(str::trim)
            .ok_or(ApiError::Unauthorized)?;
        let tenant = state.tenants.iter().find(|t| constant_time_eq(t.key.as_bytes(), key.as_bytes()));
        tenant.map(|t| Tenant { name: t.name.clone(), modules: t.modules }).ok_or(ApiError::Unauthorized)
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
