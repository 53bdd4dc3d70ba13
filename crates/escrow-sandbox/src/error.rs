//! One error enum for every handler, rendered the way the service renders errors:
//! problem details for most client errors, an empty 404, or a plain string body.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;

/// Problem details (RFC 9457), as v2 and the control API refuse. Serialized through a
/// `serde_json::Value`, so its keys come out sorted as they always have.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Problem {
    /// `https://httpstatuses.io/{status}`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("unauthorized")]
    Unauthorized,
    /// 404 without a body (the spec: "some responses, typically 404, have no body").
    #[error("not found")]
    NotFound,
    /// 404 with one of the spec's titles (Invalid account, Invalid bank, ...).
    #[error("{title}")]
    NotFoundTitled { title: &'static str, detail: String },
    /// 400 with problem details.
    #[error("{title}: {detail}")]
    BadRequest { title: &'static str, detail: String },
    /// 400 whose body is a plain JSON string (update and reimburse do this).
    #[error("{0}")]
    BadRequestText(String),
    /// 409: same Idempotency-Key still processing.
    #[error("request with this Idempotency-Key is still being processed")]
    Conflict,
    /// 422: Idempotency-Key reused for another request.
    #[error("Idempotency-Key already used for a different request")]
    KeyReused,
    #[error("internal: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn bad_request(title: &'static str, detail: impl Into<String>) -> Self {
        Self::BadRequest { title, detail: detail.into() }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::NotFound | Self::NotFoundTitled { .. } => StatusCode::NOT_FOUND,
            Self::BadRequest { .. } | Self::BadRequestText(_) => StatusCode::BAD_REQUEST,
            Self::Conflict => StatusCode::CONFLICT,
            Self::KeyReused => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The body as stored for idempotent replay (None: empty body).
    pub fn body(&self) -> Option<(String, &'static str)> {
        let status = self.status().as_u16();
        let problem = |title: &str, detail: &str| {
            let body = Problem {
                kind: format!("https://httpstatuses.io/{status}"),
                title: title.into(),
                status,
                detail: detail.into(),
            };
            serde_json::to_value(body).map(|v| v.to_string()).unwrap_or_default()
        };
        match self {
            Self::NotFound => None,
            Self::BadRequestText(text) => Some((json!(text).to_string(), "application/json")),
            Self::Unauthorized => Some((problem("Unauthorized", "API key missing or invalid"), PROBLEM)),
            Self::NotFoundTitled { title, detail } | Self::BadRequest { title, detail } => {
                Some((problem(title, detail), PROBLEM))
            }
            Self::Conflict => Some((problem("Conflict", &self.to_string()), PROBLEM)),
            Self::KeyReused => Some((problem("Unprocessable Entity", &self.to_string()), PROBLEM)),
            Self::Internal(_) => Some((problem("Internal Server Error", "the sandbox failed"), PROBLEM)),
        }
    }
}

const PROBLEM: &str = "application/problem+json";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(msg) = &self {
            tracing::error!("internal error: {msg}");
        }
        let status = self.status();
        match self.body() {
            None => status.into_response(),
            Some((body, content_type)) => {
                (status, [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))], body).into_response()
            }
        }
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> Self {
        Self::Internal(format!("database: {e}"))
    }
}

impl From<serde_json::Error> for ApiError {
    fn from(e: serde_json::Error) -> Self {
        Self::Internal(format!("json: {e}"))
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
