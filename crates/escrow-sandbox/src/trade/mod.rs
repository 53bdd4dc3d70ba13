//! The business-user and trade API (spec document 2), emulated.
//!
//! The spec gives no routes; the sandbox serves them at the client's default route
//! table (`escrow-api`'s `trade::routes`), all under [`PREFIX`], with the same bearer
//! key, tenant isolation and control-API conventions as `/v2`:
//!
//! - another tenant's business user, user, trade or payment is 404, exactly like a
//!   missing one; 404 and 400 carry this API's problem object
//!   (`title, detail, status, errors[{key, value}], traceId, typeCode`);
//! - `X-Correlation-Id` is optional; when given it must be a UUID of 20 to 64
//!   characters, and it is echoed as the problem's `traceId`;
//! - money-moving operations honour an `Idempotency-Key` with [`idempotency::run`]
//!   (the spec shows none, the client sends one anyway) and are recorded in the ledger.
//!
//! The phase machine lives in [`machine`], persistence in [`store`], the handlers in
//! [`routes`], hosted pages and the control routes in [`hosted`].

pub mod machine;
pub mod routes;
pub mod store;

use crate::error::ApiError;
use crate::idempotency::{self, Ctx, Reply};
use crate::state::AppState;
use axum::Router;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};
use std::str::FromStr;

/// Where every route of this API lives.
pub const PREFIX: &str = "/v1/marketplace";

/// The two shipment carriers the sandbox sells labels for (the spec's `<carrier_a>`
/// and `<carrier_b>`).
pub const CARRIERS: [&str; 2] = ["postnord", "gls"];

/// Every route of this API in `dialect`: the service's, the hosted pages and the control routes.
pub fn router(dialect: crate::dialect::Dialect) -> Router<AppState> {
    routes::router(dialect)
}

/// A refusal in this API's problem shape, or an internal failure.
#[derive(Debug)]
pub enum Fault {
    /// 400 or 404 with the spec's problem object.
    Problem {
        status: StatusCode,
        type_code: &'static str,
        title: &'static str,
        detail: String,
        errors: Vec<(String, String)>,
    },
    /// Anything else (database failure): rendered as the v2 error.
    Api(ApiError),
}

impl Fault {
    /// 400 for a broken business rule.
    pub fn rule(type_code: &'static str, title: &'static str, detail: impl Into<String>) -> Self {
        Self::Problem { status: StatusCode::BAD_REQUEST, type_code, title, detail: detail.into(), errors: Vec::new() }
    }

    /// 404: missing, or another tenant's (the two are not told apart).
    pub fn not_found(type_code: &'static str, detail: impl Into<String>) -> Self {
        Self::Problem {
            status: StatusCode::NOT_FOUND,
            type_code,
            title: "Not found",
            detail: detail.into(),
            errors: Vec::new(),
        }
    }

    /// 400 naming each faulty field.
    pub fn fields(errors: Vec<(String, String)>) -> Self {
        let detail = errors.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("; ");
        Self::Problem {
            status: StatusCode::BAD_REQUEST,
            type_code: "ValidationError",
            title: "One or more validation errors occurred.",
            detail,
            errors,
        }
    }

    /// 400 for one faulty field.
    pub fn field(key: &str, value: impl Into<String>) -> Self {
        Self::fields(vec![(key.to_owned(), value.into())])
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Problem { status, .. } => *status,
            Self::Api(e) => e.status(),
        }
    }

    /// The problem object, with `traceId`.
    pub fn body(&self, trace: &str) -> Value {
        match self {
            Self::Problem { status, type_code, title, detail, errors } => json!({
                "type": format!("https://httpstatuses.io/{}", status.as_u16()),
                "title": title,
                "status": status.as_u16(),
                "detail": detail,
                "errors": errors.iter().map(|(k, v)| json!({ "key": k, "value": v })).collect::<Vec<_>>(),
                "traceId": trace,
                "typeCode": type_code,
            }),
            Self::Api(e) => {
                json!({ "title": e.to_string(), "status": e.status().as_u16(), "traceId": trace })
            }
        }
    }

    pub fn render(self, trace: &str) -> Response {
        match self {
            Self::Api(e) => e.into_response(),
            problem => {
                let body = problem.body(trace).to_string();
                let mut res = (problem.status(), body).into_response();
                res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
                res
            }
        }
    }
}

impl From<ApiError> for Fault {
    fn from(e: ApiError) -> Self {
        Self::Api(e)
    }
}

impl From<rusqlite::Error> for Fault {
    fn from(e: rusqlite::Error) -> Self {
        Self::Api(e.into())
    }
}

impl From<serde_json::Error> for Fault {
    fn from(e: serde_json::Error) -> Self {
        Self::Api(e.into())
    }
}

pub type Outcome<T> = Result<T, Fault>;

/// The request's trace id: its `X-Correlation-Id` (validated) or a fresh UUID.
pub struct Trace(pub String);

/// The spec: "UUID form, 20 to 64 characters".
pub fn correlation_ok(id: &str) -> bool {
    (20..=64).contains(&id.chars().count()) && uuid::Uuid::try_parse(id).is_ok()
}

impl FromRequestParts<AppState> for Trace {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self, Response> {
        let fresh = uuid::Uuid::new_v4().to_string();
        let Some(raw) = parts.headers.get("x-correlation-id") else {
            return Ok(Self(fresh));
        };
        match raw.to_str().map(str::trim) {
            Ok(id) if correlation_ok(id) => Ok(Self(id.to_owned())),
            _ => Err(Fault::field("X-Correlation-Id", "must be a UUID of 20 to 64 characters").render(&fresh)),
        }
    }
}

/// Renders a handler's outcome: 200 with the JSON (or an empty body for `Null`).
pub fn respond(trace: &Trace, outcome: Outcome<Value>) -> Response {
    match outcome {
        Ok(Value::Null) => StatusCode::OK.into_response(),
        Ok(v) => axum::Json(v).into_response(),
        Err(f) => f.render(&trace.0),
    }
}

/// Runs `f` as one unit: its writes commit only when it succeeds (a savepoint, so it
/// nests inside [`idempotency::run`]'s transaction).
pub fn atomic<R>(conn: &Connection, f: impl FnOnce(&Connection) -> Outcome<R>) -> Outcome<R> {
    conn.execute_batch("SAVEPOINT trade_op")?;
    match f(conn) {
        Ok(v) => {
            conn.execute_batch("RELEASE trade_op")?;
            Ok(v)
        }
        Err(e) => {
            conn.execute_batch("ROLLBACK TO trade_op; RELEASE trade_op")?;
            Err(e)
        }
    }
}

/// Runs `f` on the database as one unit.
pub async fn exec<R, F>(state: &AppState, f: F) -> Outcome<R>
where
    R: Send + 'static,
    F: FnOnce(&Connection) -> Outcome<R> + Send + 'static,
{
    state.db.call(move |c| Ok(atomic(c, f))).await.map_err(Fault::Api)?
}

/// Runs a money-moving handler once per Idempotency-Key; refusals are stored and
/// replayed in this API's problem shape like successes.
pub async fn keyed<F>(
    state: &AppState,
    tenant: &str,
    headers: &HeaderMap,
    trace: Trace,
    method: &str,
    path: &str,
    body: &[u8],
    f: F,
) -> Response
where
    F: FnOnce(&Connection, &Ctx<'_>) -> Outcome<Value> + Send + 'static,
{
    idempotency::run(state, tenant, headers, method, path, body, move |conn, ctx| match atomic(conn, |c| f(c, &ctx)) {
        Ok(v) => Ok(Reply::ok(v)),
        Err(Fault::Api(e)) => Err(e),
        Err(fault) => Ok(Reply { status: fault.status(), body: Some(fault.body(&trace.0)) }),
    })
    .await
}

/// Path parameters: each 1 to 64 characters (the spec).
pub fn check_path(params: &[(&str, &str)]) -> Outcome<()> {
    let errors: Vec<_> = params
        .iter()
        .filter(|(_, v)| v.trim().is_empty() || v.chars().count() > 64)
        .map(|(k, _)| (k.to_string(), "must be 1 to 64 characters".to_string()))
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(Fault::fields(errors)) }
}

/// Reads a JSON body field by field, collecting every fault before answering.
pub struct Check {
    obj: Map<String, Value>,
    pub errors: Vec<(String, String)>,
}

impl Check {
    /// The body must be a JSON object (an empty body reads as `{}`).
    pub fn parse(body: &[u8]) -> Outcome<Self> {
        let text: &[u8] = if body.iter().all(u8::is_ascii_whitespace) { b"{}" } else { body };
        match serde_json::from_slice::<Value>(text) {
            Ok(Value::Object(obj)) => Ok(Self { obj, errors: Vec::new() }),
            Ok(_) => Err(Fault::field("body", "must be a JSON object")),
            Err(e) => Err(Fault::field("body", format!("is not valid JSON: {e}"))),
        }
    }

    pub fn from_value(value: &Value) -> Self {
        Self { obj: value.as_object().cloned().unwrap_or_default(), errors: Vec::new() }
    }

    fn fail(&mut self, key: &str, msg: impl Into<String>) {
        self.errors.push((key.to_owned(), msg.into()));
    }

    pub fn raw(&self, key: &str) -> Option<&Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    /// Whether the key is present at all (null counts as present).
    pub fn has(&self, key: &str) -> bool {
        self.obj.contains_key(key)
    }

    /// A string of `min..=max` characters; `None` when absent or null (an error when required).
    pub fn string(&mut self, key: &str, min: usize, max: usize, required: bool) -> Option<String> {
        match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                None
            }
            Some(Value::String(s)) => {
                let n = s.chars().count();
                if required && s.trim().is_empty() {
                    self.fail(key, "is required");
                    None
                } else if n < min || n > max {
                    self.fail(key, format!("must be {min} to {max} characters"));
                    None
                } else {
                    Some(s.clone())
                }
            }
            Some(_) => {
                self.fail(key, "must be a string");
                None
            }
        }
    }

    /// A number (or numeric string) within `min..=max`, rounded to 2 decimals when `round`.
    pub fn number(&mut self, key: &str, min: Decimal, max: Decimal, required: bool, round: bool) -> Option<Decimal> {
        let parsed = match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                return None;
            }
            Some(Value::Number(n)) => {
                let t = n.to_string();
                Decimal::from_str(&t).or_else(|_| Decimal::from_scientific(&t)).ok()
            }
            Some(Value::String(s)) if numeric(s) => Decimal::from_str(s).ok(),
            Some(_) => None,
        };
        let Some(mut d) = parsed else {
            self.fail(key, "must be a number");
            return None;
        };
        if round {
            d = crate::money::round2(d);
        }
        if d < min || d > max {
            self.fail(key, format!("must be {min} to {max}"));
            return None;
        }
        Some(d)
    }

    /// An integer within `min..=max`.
    pub fn int(&mut self, key: &str, min: i64, max: i64, required: bool) -> Option<i64> {
        match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                None
            }
            Some(Value::Number(n)) => match n.as_i64() {
                Some(i) if (min..=max).contains(&i) => Some(i),
                _ => {
                    self.fail(key, format!("must be an integer from {min} to {max}"));
                    None
                }
            },
            Some(_) => {
                self.fail(key, "must be an integer");
                None
            }
        }
    }

    pub fn boolean(&mut self, key: &str) -> bool {
        match self.obj.get(key) {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                self.fail(key, "must be true or false");
                false
            }
        }
    }

    /// An object (kept as JSON); `None` when absent or null.
    pub fn object(&mut self, key: &str, required: bool) -> Option<Value> {
        match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                None
            }
            Some(v @ Value::Object(_)) => Some(v.clone()),
            Some(_) => {
                self.fail(key, "must be an object");
                None
            }
        }
    }

    /// An array of strings; `None` when absent or null.
    pub fn strings(&mut self, key: &str) -> Option<Vec<String>> {
        match self.obj.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
                Some(items.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            }
            Some(_) => {
                self.fail(key, "must be an array of strings");
                None
            }
        }
    }

    /// An array (kept as JSON); `None` when absent or null.
    pub fn array(&mut self, key: &str) -> Option<Value> {
        match self.obj.get(key) {
            None | Some(Value::Null) => None,
            Some(v @ Value::Array(_)) => Some(v.clone()),
            Some(_) => {
                self.fail(key, "must be an array");
                None
            }
        }
    }

    /// 400 with every fault found, or Ok.
    pub fn finish(self) -> Outcome<()> {
        if self.errors.is_empty() { Ok(()) } else { Err(Fault::fields(self.errors)) }
    }
}

fn numeric(s: &str) -> bool {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = body.split_once('.').map_or((body, None), |(i, f)| (i, Some(f)));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// A payout account: a 14-digit BBAN or an 18-character Danish IBAN with valid check
/// digits (spaces and dashes are not allowed on the wire). Returns the BBAN part.
pub fn payout_account(input: &str) -> Result<String, &'static str> {
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if input.len() == 14 && digits(input) {
        return Ok(input.to_owned());
    }
    let upper = input.to_ascii_uppercase();
    if upper.len() == 18 && upper.starts_with("DK") && digits(&upper[2..]) {
        let bban = &upper[4..];
        if crate::banks::danish_iban(bban) == upper {
            return Ok(bban.to_owned());
        }
        return Err("is not a valid Danish IBAN (check digits)");
    }
    Err("must be a 14-digit BBAN or an 18-character Danish IBAN")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correlation_ids_and_accounts() {
        assert!(correlation_ok("3f2c1b7e-9a4d-4e8f-8b21-5c6d7e8f9a0b"));
        assert!(!correlation_ok("not-a-uuid-but-long-enough"));
        assert!(!correlation_ok("c"));
        assert_eq!(payout_account("00400440116243").unwrap(), "00400440116243");
        assert_eq!(payout_account("DK5000400440116243").unwrap(), "00400440116243");
        assert!(payout_account("DK5100400440116243").is_err());
        assert!(payout_account("0040044011624").is_err());
    }

    #[test]
    fn checks_collect_every_fault() {
        let mut c = Check::parse(br#"{"a":"","b":7,"n":"4.999","m":"x"}"#).unwrap();
        c.string("a", 1, 64, true);
        c.string("b", 1, 64, true);
        c.number("n", Decimal::new(5, 0), Decimal::new(10, 0), true, true);
        c.number("m", Decimal::ZERO, Decimal::ONE, true, false);
        c.string("missing", 1, 2, true);
        assert_eq!(c.errors.len(), 4, "{:?}", c.errors);
        // 4.999 rounds to 5.00, which is in bounds.
        let mut c = Check::parse(br#"{"n":4.999}"#).unwrap();
        assert_eq!(c.number("n", Decimal::new(5, 0), Decimal::new(10, 0), true, true).unwrap().to_string(), "5.00");
    }
}
