//! Extractors shared by the APIs' handlers: path parameters and bodies as parts of a
//! bundled extractor, and [`Keyed`], the request of a money-moving `/v2` handler.

use crate::auth::Tenant;
use crate::error::ApiResult;
use crate::idempotency::{self, Ctx, Reply};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;

/// Path parameters a bundled extractor reads: none, one, or two strings.
pub trait PathParams: Sized + Send {
    fn from_parts(parts: &mut Parts, state: &AppState) -> impl Future<Output = Result<Self, Response>> + Send;
}

impl PathParams for () {
    async fn from_parts(_: &mut Parts, _: &AppState) -> Result<Self, Response> {
        Ok(())
    }
}

impl PathParams for String {
    async fn from_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Path(p) = Path::<String>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        Ok(p)
    }
}

impl PathParams for (String, String) {
    async fn from_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Path(p) =
            Path::<(String, String)>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        Ok(p)
    }
}

/// The body a bundled extractor reads: the bytes, or `()` for a route that reads none
/// (so its body is never buffered nor limited).
pub trait BodyPart: Sized + Send {
    fn from_request(req: Request, state: &AppState) -> impl Future<Output = Result<Self, Response>> + Send;
}

impl BodyPart for () {
    async fn from_request(_: Request, _: &AppState) -> Result<Self, Response> {
        Ok(())
    }
}

impl BodyPart for Bytes {
    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        <Bytes as FromRequest<AppState>>::from_request(req, state).await.map_err(IntoResponse::into_response)
    }
}

/// A money-moving `/v2` request: state, tenant, headers (for the Idempotency-Key), path
/// parameters `P` and body, taken in that order as the handlers took them one by one.
pub struct Keyed<P = ()> {
    pub state: AppState,
    pub tenant: Tenant,
    pub headers: HeaderMap,
    pub path: P,
    pub body: Bytes,
}

impl<P: PathParams> FromRequest<AppState> for Keyed<P> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let tenant = Tenant::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let headers = parts.headers.clone();
        let path = P::from_parts(&mut parts, state).await?;
        let body = <Bytes as BodyPart>::from_request(Request::from_parts(parts, body), state).await?;
        Ok(Self { state: state.clone(), tenant, headers, path, body })
    }
}

impl<P> Keyed<P> {
    /// Runs `f` once per Idempotency-Key for `POST route` (the route the key's request
    /// is compared by); `f` gets the connection, the tenant, the body and the key's context.
    pub async fn run<F>(self, route: &str, f: F) -> Response
    where
        F: FnOnce(&Connection, &Tenant, &Bytes, Ctx<'_>) -> ApiResult<Reply> + Send + 'static,
    {
        let Self { state, tenant, headers, body, .. } = self;
        let name = tenant.name.clone();
        idempotency::run(&state, &name, &headers, "POST", route, &body.clone(), move |conn, ctx| {
            f(conn, &tenant, &body, ctx)
        })
        .await
    }
}
