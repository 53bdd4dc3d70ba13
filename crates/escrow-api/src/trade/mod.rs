//! The business-user and trade API (spec document 2): business users, trades between a
//! payer and a payee keyed by the tenant's own user ids (marketplaceUserId), user
//! connection, invitations, shipments and payment flows.
//!
//! ```no_run
//! # async fn demo(client: escrow_api::Client) -> escrow_api::Result<()> {
//! use escrow_api::CallOptions;
//! let trade = client.trade();
//! let user = trade.get_user("seller-42", &CallOptions::default()).await?;
//! println!("{:?} onboarded: {}", user.name, user.has_completed_onboarding);
//! # Ok(()) }
//! ```
//!
//! - Routes: the spec shows none; [`routes`] holds the defaults, overridable by name
//!   ([`TradeApi::with_routes`]).
//! - Every bound of the spec is checked before sending ([`validate`]); a refused call
//!   names the wire field and sends nothing (`attempts == 0`).
//! - `X-Correlation-Id` must be a UUID for this API; the client's generated ids are.
//! - Idempotency: the spec gives this API no Idempotency-Key, but the money-moving
//!   operations (initiate trade, cancel, reimburse, accept-and-pay, accept item
//!   condition, abandon, payment flow, buy delivery/return shipment) send one anyway,
//!   the same on every retry, so a retry after a timeout cannot act twice where the
//!   service honours it (the sandbox does). A service that ignores the header is no
//!   worse off. Other POSTs (accept, reject, reject item condition, links, business
//!   users) are not retried once sent; GETs are.
//! - 400s carry field faults: see [`field_errors`]. A not-found may come as 404 or as
//!   a 400 with a not-found `typeCode`: see [`is_not_found`].

mod action_names;
mod api;
mod business_users;
mod errors;
mod invitations;
pub mod models;
mod payments;
mod trades;
mod users;
pub mod validate;

pub use crate::routes::action_codes::{self, TradeActionCodes};
pub use crate::routes::trade::{self as routes, TradeRoute, TradeRoutes};
pub use api::TradeApi;
pub use errors::{field_errors, is_not_found};
pub use models::*;
pub use trades::TradePageQuery;
