//! Handlers of the trade API, at the client's default routes (all under [`PREFIX`]):
//!
//! | Operation | Route |
//! |---|---|
//! | Create business user | `POST /business-users` |
//! | Edit / get / delete business user | `PUT` / `GET` / `DELETE /business-users/{businessId}/{businessLocationId}` |
//! | Initiate new trade (keyed) | `POST /trades` |
//! | Cancel ongoing trade (keyed) | `POST /trades/cancel` |
//! | Get trades | `GET /users/{marketplaceUserId}/trades?page=&pageSize=` |
//! | Get trade details | `GET /users/{marketplaceUserId}/trades/{tradeId}` |
//! | Get trade status link | `POST /users/{marketplaceUserId}/trades/{tradeId}/status-link` |
//! | Reimburse payer (keyed) | `POST /users/{payerMarketplaceUserId}/trades/{tradeId}/reimburse` |
//! | Initiate user connect | `POST /connect?forceOnboarding=` |
//! | Initiate select payout account | `POST /users/{marketplaceUserId}/payout-account` |
//! | Get user details | `GET /users/{marketplaceUserId}` |
//! | Accept / reject invitation | `POST .../trades/{tradeId}/accept`, `.../reject` |
//! | Accept invitation and pay (keyed) | `POST .../trades/{tradeId}/accept-and-pay?receiverShopId=` |
//! | Accept item condition (keyed) / reject | `POST .../item-condition/accept`, `.../item-condition/reject` |
//! | Abandon trade (keyed) | `POST .../trades/{tradeId}/abandon` |
//! | Initiate payment flow (keyed) | `POST /users/{marketplaceUserId}/payments/{paymentId}/flow` |
//! | Get payment to escrow | `GET .../trades/{tradeId}/payment` |
//! | Buy shipment for delivery / return (keyed) | `POST .../shipments/delivery`, `.../shipments/return` |
//!
//! In the published dialect, initiate, user connect and payout-account selection are
//! served at the published routes instead (see [`crate::dialect::trade_wire::routes`]),
//! and records, links and some request fields take the published shapes.
//!
//! Every handler takes one [`Call`](super::call::Call); the steps on one trade run
//! through [`Call::change`](super::call::Call::change) or
//! [`Call::step`](super::call::Call::step). The control routes for tests and demos
//! (`/_sandbox/trade/...`) are in [`control`].

mod business_users;
mod control;
mod payments;
mod steps;
mod trades;
mod users;

use super::api::PREFIX;
use crate::dialect::{Dialect, trade_wire};
use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The API's routes in `dialect` (initiate, connect and payout account move with it), and
/// its control routes.
pub fn router(dialect: Dialect) -> Router<AppState> {
    let p = PREFIX;
    let t = format!("{p}/users/{{user}}/trades/{{trade}}");
    let dialect_routes = trade_wire::routes(dialect);
    Router::new()
        .route(&format!("{p}/business-users"), post(business_users::create))
        .route(
            &format!("{p}/business-users/{{business_id}}/{{location_id}}"),
            get(business_users::get).put(business_users::edit).delete(business_users::delete),
        )
        .route(&format!("{p}{}", dialect_routes.initiate), post(trades::initiate))
        .route(&format!("{p}/trades/cancel"), post(trades::cancel))
        .route(&format!("{p}{}", dialect_routes.connect), post(users::connect))
        .route(&format!("{p}/users/{{user}}"), get(users::details))
        .route(&format!("{p}{}", dialect_routes.payout_account), post(users::payout_account_link))
        .route(&format!("{p}/users/{{user}}/trades"), get(trades::list))
        .route(&format!("{p}/users/{{user}}/payments/{{payment}}/flow"), post(payments::flow))
        .route(&t, get(trades::details))
        .route(&format!("{t}/status-link"), post(trades::status_link))
        .route(&format!("{t}/reimburse"), post(trades::reimburse))
        .route(&format!("{t}/accept"), post(steps::accept))
        .route(&format!("{t}/accept-and-pay"), post(steps::accept_and_pay))
        .route(&format!("{t}/reject"), post(steps::reject))
        .route(&format!("{t}/item-condition/accept"), post(steps::accept_item))
        .route(&format!("{t}/item-condition/reject"), post(steps::reject_item))
        .route(&format!("{t}/abandon"), post(steps::abandon))
        .route(&format!("{t}/payment"), get(payments::get))
        .route(&format!("{t}/shipments/delivery"), post(payments::buy_delivery))
        .route(&format!("{t}/shipments/return"), post(payments::buy_return))
        .route("/_sandbox/trade/users", post(control::create_user))
        .route("/_sandbox/trade/payments/{external_id}/paid", post(control::paid))
}
