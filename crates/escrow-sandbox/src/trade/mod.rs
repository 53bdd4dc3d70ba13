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
//! The conventions live in [`api`] (problem object, trace id, running a handler's work)
//! and [`check`] (reading bodies), the extractor every handler takes in [`call`], the
//! phase machine in [`machine`], persistence in [`store`] and the shared reads and
//! writes of trades and payments in [`records`]; the handlers in [`routes`]. What the
//! published dialect changes beyond field names: the record in [`published`], routes,
//! links and request fields in [`wire`]. The hosted pages are in [`crate::hosted::trade`].

pub mod api;
pub mod call;
pub mod check;
pub mod described;
pub mod machine;
pub mod published;
pub mod records;
pub mod routes;
pub mod session;
pub mod store;
pub mod wire;

pub use api::PREFIX;
