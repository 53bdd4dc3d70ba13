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
//! served at the published routes instead (see [`crate::trade::wire::routes`]),
//! and records, links and some request fields take the published shapes.
//!
//! Every handler takes one [`Call`](super::call::Call); the steps on one trade run
//! through [`Call::change`](super::call::Call::change) or
//! [`Call::step`](super::call::Call::step). The control routes for tests and demos
//! (`/_sandbox/trade/...`) are in [`control`].

mod bodies;
mod business_users;
mod control;
mod payments;
mod steps;
mod trades;
mod users;

use super::api::PREFIX;
use crate::dialect::Dialect;
use crate::openapi::kept;
use crate::openapi::op::Op;
use crate::openapi::op::schema_of;
use crate::openapi::table::{Api, CONTROL_TAG, Routes};
use crate::trade::api::TradeProblem;
use crate::trade::wire;
use crate::trade::wire::{PublishedTradeLink, TradeInitiated, TradeLink};

/// The trade API: its own problem object, a UUID `X-Correlation-Id`, the dialect's names.
const API: Api =
    Api { prefix: PREFIX, problem: Some(schema_of::<TradeProblem>), uuid_correlation: true, renamed: true };

/// The API's routes in `dialect` (initiate, connect and payout account move with it), and
/// its control routes. Its refusals are its own problem object (`TradeProblem`).
pub fn routes(dialect: Dialect) -> Routes {
    let p = PREFIX;
    let t = format!("{p}/users/{{user}}/trades/{{trade}}");
    let business = format!("{p}/business-users/{{business_id}}/{{location_id}}");
    let wire = wire::routes(dialect);
    let step = |summary| Op::new(summary).takes_object();
    let shipment = |summary| Op::new(summary).keyed().takes::<payments::ShipmentBody>();
    Routes::new("Trade API: business users")
        .api(API)
        .api(Api { prefix: "/_sandbox/trade/", renamed: false, ..API })
        .post(format!("{p}/business-users"), Op::new("Create a business user").takes_object(), business_users::create)
        .get(business.clone(), Op::new("Get a business user"), business_users::get)
        .put(business.clone(), Op::new("Edit a business user").takes_object(), business_users::edit)
        .delete(business, Op::new("Delete a business user").empty(), business_users::delete)
        .tagged("Trade API: users")
        .post(
            format!("{p}{}", wire.connect),
            connect(Op::new("Start user connect (hosted page link)").query(&["forceOnboarding"]), dialect)
                .link(dialect),
            users::connect,
        )
        .get(format!("{p}/users/{{user}}"), Op::new("Get a user's details"), users::details)
        .post(
            format!("{p}{}", wire.payout_account),
            Op::new("Start choosing the payout account (hosted page link)")
                .takes::<bodies::OptionalReturnUrlBody>()
                .link(dialect),
            users::payout_account_link,
        )
        .tagged("Trade API: trades")
        .post(
            format!("{p}{}", wire.initiate),
            new_trade(Op::new("Initiate a trade").keyed(), dialect).returns::<TradeInitiated>(),
            trades::initiate,
        )
        .post(
            format!("{p}/trades/cancel"),
            Op::new("Cancel an ongoing trade").keyed().takes::<bodies::CancelBody>().names_a_record(),
            trades::cancel,
        )
        .get(
            format!("{p}/users/{{user}}/trades"),
            Op::new("A user's trades").query(&["page", "pageSize"]).returns::<kept::TradeList>(),
            trades::list,
        )
        .get(t.clone(), Op::new("A trade's details").returns::<kept::Trade>(), trades::details)
        .post(
            format!("{t}/status-link"),
            Op::new("The trade's status page link").takes::<bodies::ReturnUrlBody>().link(dialect),
            trades::status_link,
        )
        .post(
            format!("{t}/reimburse"),
            Op::new("Reimburse the payer").keyed().takes::<bodies::ReimburseBody>(),
            trades::reimburse,
        )
        .post(format!("{t}/accept"), Op::new("Accept the invitation"), steps::accept)
        .post(
            format!("{t}/accept-and-pay"),
            Op::new("Accept the invitation and pay").keyed().query(&["receiverShopId"]),
            steps::accept_and_pay,
        )
        .post(format!("{t}/reject"), Op::new("Reject the invitation"), steps::reject)
        .post(format!("{t}/item-condition/accept"), Op::new("Accept the item's condition").keyed(), steps::accept_item)
        .post(
            format!("{t}/item-condition/reject"),
            Op::new("Reject the item's condition (body: the reason, a JSON string)").takes::<String>(),
            steps::reject_item,
        )
        .post(format!("{t}/abandon"), Op::new("Abandon the trade").keyed(), steps::abandon)
        .post(format!("{t}/actions"), step("Perform a listed action by name (body: name)"), steps::perform)
        .tagged("Trade API: payments")
        .post(
            format!("{p}/users/{{user}}/payments/{{payment}}/flow"),
            Op::new("Start a payment flow (hosted page link)").keyed().takes::<bodies::FlowBody>().link(dialect),
            payments::flow,
        )
        .get(format!("{t}/payment"), Op::new("The trade's payment to escrow"), payments::get)
        .post(format!("{t}/shipments/delivery"), shipment("Buy a delivery shipment"), payments::buy_delivery)
        .post(format!("{t}/shipments/return"), shipment("Buy a return shipment"), payments::buy_return)
        .tagged(CONTROL_TAG)
        .post(
            "/_sandbox/trade/users",
            Op::new("Create a trade API user (connected)").takes::<control::NewUserBody>(),
            control::create_user,
        )
        .post("/_sandbox/trade/payments/{external_id}/paid", Op::new("Mark a trade payment paid"), control::paid)
        .post(
            "/_sandbox/trade/users/{user}/trades/{trade}/actions",
            Op::new("List an action by name for the user's party (body: name)").takes_object(),
            steps::list_extra,
        )
}

/// `op` reading the body of starting user connect as `dialect`'s reader does.
fn connect(op: Op, dialect: Dialect) -> Op {
    match dialect {
        Dialect::Spec => op.takes::<users::ConnectBody>(),
        Dialect::Published => op.takes::<users::PublishedConnectBody>(),
    }
}

/// `op` reading the body of initiating a trade as `dialect`'s reader does.
fn new_trade(op: Op, dialect: Dialect) -> Op {
    match dialect {
        Dialect::Spec => op.takes::<trades::NewTradeBody>(),
        Dialect::Published => op.takes::<trades::PublishedNewTradeBody>(),
    }
}

/// A hosted-page link answered in `dialect`'s shape.
trait LinkReply {
    fn link(self, dialect: Dialect) -> Self;
}

impl LinkReply for Op {
    fn link(self, dialect: Dialect) -> Self {
        match dialect {
            Dialect::Spec => self.returns::<TradeLink>(),
            Dialect::Published => self.returns::<PublishedTradeLink>(),
        }
    }
}
