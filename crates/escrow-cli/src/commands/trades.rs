//! `escrow trades list|get|create|cancel|status-link|reimburse|payment|payment-flow|buy-*-shipment`
//! (the parties' steps are in [`super::trade_steps`]). The trade API's operations hang off
//! `client.trade()`.

use super::ctx::Ctx;
use super::keyed::Keyed;
use super::reply;
use super::trade_steps::{self, KeyedStep, Step};
use super::trade_view::{current_phase, party_name, payment_fields, price, trade_fields};
use crate::args::trade::{Shipment, Trades};
use crate::exit::Failure;
use crate::output::{self, Fields, Table};
use escrow_api::trade::{
    CreateTrade, ShipmentPurchase, TradePageQuery, TradePaymentFlowRequest, TradeStatusLinkRequest,
};
use escrow_api::{CallOptions, Client};

pub async fn run(client: &Client, ctx: &Ctx, command: Trades) -> Result<(), Failure> {
    let api = client.trade();
    let none = CallOptions::default();
    match command {
        Trades::List(a) => {
            let query = TradePageQuery { page: a.page, page_size: a.page_size };
            let page = api.get_trades(&a.user, query, &none).await?;
            if ctx.json {
                return output::emit_json(&page);
            }
            let mut table = Table::new(&["TRADE ID", "TITLE", ">PRICE", "PAYER", "PAYEE", "PHASE"]);
            for t in &page.trades {
                table.row(vec![
                    t.trade_id.clone(),
                    t.title.clone().unwrap_or_default(),
                    price(t),
                    party_name(t.payer.as_ref()),
                    party_name(t.payee.as_ref()),
                    current_phase(t),
                ]);
            }
            let rows = table.render_if_any();
            output::emit(&format!("{rows}{} trades\n", page.trades.len()))
        }
        Trades::Get(a) => {
            let trade = api.get_trade(&a.user, &a.trade, &none).await?;
            if ctx.json {
                return output::emit_json(&trade);
            }
            output::emit(&trade_fields(&trade).render())
        }
        Trades::Create(a) => {
            let request: CreateTrade = a.body.parse("trades create")?;
            let keyed = Keyed::new(ctx, "trades create")?;
            let result = api.initiate_trade(&request, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |t| {
                let mut f = Fields::new();
                f.add("Trade", t.trade_id.as_str()).add("Redirect URL", t.redirect_url.clone().unwrap_or_default());
                f
            })
        }
        Trades::Cancel(a) => {
            let keyed = Keyed::new(ctx, "trades cancel")?;
            let result = api.cancel_trade(&a.state, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |s| {
                let mut f = Fields::new();
                f.add("Cancelled", s.state.as_str());
                f
            })
        }
        Trades::StatusLink(a) => {
            let request = TradeStatusLinkRequest { return_url: a.return_url, app_switch: None };
            let link = api.get_trade_status_link(&a.ids.user, &a.ids.trade, &request, &none).await?.value;
            reply::link(ctx, "The trade's status page", &link.url, &link)
        }
        Trades::Reimburse(a) => {
            let keyed = Keyed::new(ctx, "trades reimburse")?;
            let result = api.reimburse_payer(&a.ids.user, &a.ids.trade, a.amount, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |()| {
                let mut f = Fields::new();
                f.add("Reimbursed", format!("{} of trade {}", escrow_api::money::round(a.amount), a.ids.trade));
                f
            })
        }
        Trades::Payment(a) => {
            let payment = api.get_payment(&a.user, &a.trade, &none).await?;
            if ctx.json {
                return output::emit_json(&payment);
            }
            output::emit(&payment_fields(&payment).render())
        }
        Trades::PaymentFlow(a) => {
            let request =
                TradePaymentFlowRequest { success_url: a.success_url, cancel_url: a.cancel_url, app_switch: None };
            let keyed = Keyed::new(ctx, "trades payment-flow")?;
            let result = api.initiate_payment_flow(&a.user, &a.payment_id, &request, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |link| {
                let mut f = Fields::new();
                f.add("Send the user to", link.url.as_str());
                f
            })
        }
        Trades::BuyDeliveryShipment(a) => shipment(&api, ctx, a, true).await,
        Trades::BuyReturnShipment(a) => shipment(&api, ctx, a, false).await,
        Trades::Accept(a) => trade_steps::step(&api, ctx, a, Step::Accept).await,
        Trades::Reject(a) => trade_steps::step(&api, ctx, a, Step::Reject).await,
        Trades::RejectItemCondition(a) => trade_steps::step(&api, ctx, a.ids, Step::RejectItem(a.reason)).await,
        Trades::PerformAction(a) => trade_steps::step(&api, ctx, a.ids, Step::Perform(a.name)).await,
        Trades::AcceptItemCondition(a) => trade_steps::keyed_step(&api, ctx, a, KeyedStep::AcceptItem).await,
        Trades::Abandon(a) => trade_steps::keyed_step(&api, ctx, a, KeyedStep::Abandon).await,
        Trades::AcceptAndPay(a) => trade_steps::accept_and_pay(&api, ctx, a).await,
    }
}

async fn shipment(api: &escrow_api::trade::TradeApi, ctx: &Ctx, a: Shipment, delivery: bool) -> Result<(), Failure> {
    let request = ShipmentPurchase {
        price: a.price,
        shipment_provider_id: a.provider,
        expected_max_weight_in_grams: a.max_weight,
    };
    let (u, t) = (&a.ids.user, &a.ids.trade);
    let keyed = Keyed::new(ctx, if delivery { "trades buy-delivery-shipment" } else { "trades buy-return-shipment" })?;
    let result = if delivery {
        api.buy_delivery_shipment(u, t, &request, &keyed.options()).await
    } else {
        api.buy_return_shipment(u, t, &request, &keyed.options()).await
    };
    reply::keyed(ctx, &keyed, result, payment_fields)
}
