//! The one route table: every route is added through [`Routes`], which registers the
//! handler on the axum router and records its [`Op`] in the same call. The router serves
//! exactly what the table lists (axum cannot list its routes, so the table is the only
//! way to add one; `tests/openapi.rs` checks no source file goes around it).

use super::op::{Op, SchemaFn};
use crate::state::AppState;
use axum::Router;
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{MethodFilter, MethodRouter, on};

/// The group every `/_sandbox` route is listed under, whichever part serves it: the
/// control and inspection routes, the webhook receiver, and the control routes v2's
/// features and the trade API keep next to their own.
pub const CONTROL_TAG: &str = "Sandbox control";

/// One documented route.
#[derive(Debug, Clone)]
pub struct Operation {
    pub method: Method,
    /// In axum's and OpenAPI's shared syntax: `/v2/transactions/{transaction_id}`.
    pub path: String,
    /// The group it is listed under (`Transactions`, `Hosted pages`, ...).
    pub tag: &'static str,
    pub op: Op,
}

/// One of the APIs served: its routes (those under `prefix`) read `X-Correlation-Id` and
/// refuse in its own problem shape, or v2's problem details; every other route refuses as
/// v2 does. Each API registers itself ([`Routes::api`]), so the document names none.
#[derive(Debug, Clone, Copy)]
pub struct Api {
    pub prefix: &'static str,
    /// The schema of its own problem object (`None`: v2's problem details).
    pub problem: Option<SchemaFn>,
    /// Its `X-Correlation-Id` must be a UUID (else 20 to 64 characters).
    pub uuid_correlation: bool,
    /// Its JSON bodies take the published field names in the published dialect (the
    /// dialect layer renames them).
    pub renamed: bool,
}

impl Api {
    /// An API refusing in v2's problem details, whose bodies the dialect renames.
    pub const fn problem_details(prefix: &'static str) -> Self {
        Self { prefix, problem: None, uuid_correlation: false, renamed: true }
    }
}

/// A router and the table of what it serves, built together.
pub struct Routes {
    router: Router<AppState>,
    table: Vec<Operation>,
    apis: Vec<Api>,
    tag: &'static str,
}

impl Routes {
    /// An empty group whose routes are listed under `tag`.
    pub fn new(tag: &'static str) -> Self {
        Self { router: Router::new(), table: Vec::new(), apis: Vec::new(), tag }
    }

    pub fn get<H: Handler<T, AppState>, T: 'static>(self, path: impl Into<String>, op: Op, handler: H) -> Self {
        self.on(Method::GET, MethodFilter::GET, path.into(), op, handler)
    }

    pub fn post<H: Handler<T, AppState>, T: 'static>(self, path: impl Into<String>, op: Op, handler: H) -> Self {
        self.on(Method::POST, MethodFilter::POST, path.into(), op, handler)
    }

    pub fn put<H: Handler<T, AppState>, T: 'static>(self, path: impl Into<String>, op: Op, handler: H) -> Self {
        self.on(Method::PUT, MethodFilter::PUT, path.into(), op, handler)
    }

    pub fn delete<H: Handler<T, AppState>, T: 'static>(self, path: impl Into<String>, op: Op, handler: H) -> Self {
        self.on(Method::DELETE, MethodFilter::DELETE, path.into(), op, handler)
    }

    fn on<H: Handler<T, AppState>, T: 'static>(
        self,
        method: Method,
        filter: MethodFilter,
        path: String,
        op: Op,
        handler: H,
    ) -> Self {
        self.with(method, path, op, on(filter, handler))
    }

    /// A route whose handler needs layers of its own: `route` must serve `method` only.
    pub fn with(mut self, method: Method, path: impl Into<String>, op: Op, route: MethodRouter<AppState>) -> Self {
        let path = path.into();
        self.router = self.router.route(&path, route);
        self.table.push(Operation { method, path, tag: self.tag, op });
        self
    }

    /// Routes under `api.prefix` (added here or in any group merged with this one) are
    /// documented by `api`'s conventions.
    pub fn api(mut self, api: Api) -> Self {
        self.apis.push(api);
        self
    }

    /// A route whose handler is made from the table so far, itself included, and the
    /// APIs registered (the document that describes every route).
    pub fn described_by(
        mut self,
        path: &str,
        op: Op,
        make: impl FnOnce(&[Operation], &[Api]) -> MethodRouter<AppState>,
    ) -> Self {
        self.table.push(Operation { method: Method::GET, path: path.into(), tag: self.tag, op });
        self.router = self.router.route(path, make(&self.table, &self.apis));
        self
    }

    /// Lists the routes added from now on under `tag`.
    pub fn tagged(self, tag: &'static str) -> Self {
        Self { tag, ..self }
    }

    /// Both groups' routes, each keeping its tag.
    pub fn merge(mut self, other: Routes) -> Self {
        self.router = self.router.merge(other.router);
        self.table.extend(other.table);
        self.apis.extend(other.apis);
        self
    }

    /// Changes the router without adding routes (route layers over the group so far).
    pub fn map_router(mut self, f: impl FnOnce(Router<AppState>) -> Router<AppState>) -> Self {
        self.router = f(self.router);
        self
    }

    pub fn table(&self) -> &[Operation] {
        &self.table
    }

    pub fn apis(&self) -> &[Api] {
        &self.apis
    }

    pub fn into_router(self) -> Router<AppState> {
        self.router
    }
}
