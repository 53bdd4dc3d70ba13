//! [`Call`]: everything a trade handler reads from its request, in one extractor, and
//! the runs every handler ends in (answer a read, run a keyed step, change one trade).
//!
//! Its parts are taken in the order the handlers took them one by one before (tenant,
//! then trace, then path, then body), so a request failing two of them is refused for
//! the same reason as ever.

use super::api::{Outcome, Trace, check_path, exec, keyed, respond};
use super::machine::{Effect, TradeDoc};
use super::records::{load_trade, record, render_trade, save_trade};
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::extract::{BodyPart, PathParams};
use crate::idempotency::Ctx;
use crate::state::AppState;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use serde_json::Value;

/// `{user}/trades/{trade}` path parameters: (marketplaceUserId, tradeId).
pub type TradePath = (String, String);

/// One trade-API request: `P` its path parameters, `B` its body (`()` for routes that
/// read none, so those keep ignoring whatever body is sent).
pub struct Call<P = (), B = axum::body::Bytes> {
    pub state: AppState,
    pub tenant: Tenant,
    pub trace: Trace,
    pub headers: HeaderMap,
    /// Path and query as sent: what an Idempotency-Key's request is compared by.
    pub target: String,
    /// The raw query string.
    pub query: Option<String>,
    pub path: P,
    pub body: B,
}

impl<P: PathParams, B: BodyPart> FromRequest<AppState> for Call<P, B> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let tenant = Tenant::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let trace = Trace::from_request_parts(&mut parts, state).await?;
        let path = P::from_parts(&mut parts, state).await?;
        let uri = &parts.uri;
        let target = uri.path_and_query().map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned());
        let query = uri.query().map(str::to_owned);
        let headers = parts.headers.clone();
        let body = B::from_request(Request::from_parts(parts, body), state).await?;
        Ok(Self { state: state.clone(), tenant, trace, headers, target, query, path, body })
    }
}

/// What a step on one trade gets besides the trade: the connection, the tenant, the
/// acting user (from the path), the body and the time.
pub struct Step<'a> {
    pub conn: &'a Connection,
    pub tenant: &'a str,
    pub user: &'a str,
    pub body: &'a [u8],
    pub at: &'a str,
}

/// A keyed step's result: the money it moved (for the ledger) and its answer, `None`
/// for the changed trade.
pub type Moved = (Vec<Effect>, Option<Value>);

impl<P, B> Call<P, B> {
    /// Renders a handler's outcome with this request's trace id.
    pub fn respond(&self, outcome: Outcome<Value>) -> Response {
        respond(&self.trace, outcome)
    }

    /// Runs `f` on the database as one unit, for this tenant.
    pub async fn exec<R, F>(&self, f: F) -> Outcome<R>
    where
        R: Send + 'static,
        F: FnOnce(&Connection, &str) -> Outcome<R> + Send + 'static,
    {
        let tenant = self.tenant.name.clone();
        exec(&self.state, move |conn| f(conn, &tenant)).await
    }
}

impl<P> Call<P> {
    /// Runs a money-moving handler once per Idempotency-Key (this request's method is
    /// always POST); `f` gets the connection, the tenant, the body and the key's context.
    pub async fn keyed<F>(self, f: F) -> Response
    where
        F: FnOnce(&Connection, &str, &[u8], &Ctx<'_>) -> Outcome<Value> + Send + 'static,
    {
        let Self { state, tenant, trace, headers, target, body, .. } = self;
        let name = tenant.name;
        let body_for_f = body.clone();
        let tenant_for_f = name.clone();
        keyed(&state, &name, &headers, trace, "POST", &target, &body, move |conn, ctx| {
            f(conn, &tenant_for_f, &body_for_f, ctx)
        })
        .await
    }
}

impl<B> Call<TradePath, B> {
    fn check_trade_path(&self) -> Outcome<()> {
        check_path(&[("marketplaceUserId", &self.path.0), ("tradeId", &self.path.1)])
    }

    /// A change without an Idempotency-Key: load the user's trade, let `f` change it,
    /// save it, answer the trade.
    pub async fn change<F>(self, f: F) -> Response
    where
        F: FnOnce(&Step<'_>, &mut TradeDoc) -> Outcome<()> + Send + 'static,
    {
        let now = stamp(self.state.clock.now());
        let dialect = self.state.dialect;
        let (user, trade) = self.path.clone();
        let r = async {
            self.check_trade_path()?;
            self.exec(move |conn, tenant| {
                let mut t = load_trade(conn, tenant, &user, &trade)?;
                let step = Step { conn, tenant, user: &user, body: &[], at: &now };
                f(&step, &mut t)?;
                save_trade(conn, tenant, &t)?;
                render_trade(conn, tenant, &t, dialect)
            })
            .await
        }
        .await;
        self.respond(r)
    }
}

impl Call<TradePath> {
    /// A keyed step on one trade: load the user's trade, let `f` change it, save it,
    /// record the money it moved, answer `f`'s answer or the trade.
    pub async fn step<F>(self, f: F) -> Response
    where
        F: FnOnce(&Step<'_>, &mut TradeDoc) -> Outcome<Moved> + Send + 'static,
    {
        if let Err(fault) = self.check_trade_path() {
            return fault.render(&self.trace.0);
        }
        let dialect = self.state.dialect;
        let (user, trade) = self.path.clone();
        self.keyed(move |conn, tenant, body, ctx| {
            let at = stamp(ctx.now);
            let mut t = load_trade(conn, tenant, &user, &trade)?;
            let (effects, answer) = f(&Step { conn, tenant, user: &user, body, at: &at }, &mut t)?;
            save_trade(conn, tenant, &t)?;
            record(conn, tenant, &t.trade_id, &effects, ctx.key, &at)?;
            match answer {
                Some(v) => Ok(v),
                None => render_trade(conn, tenant, &t, dialect),
            }
        })
        .await
    }
}
