//! How trades end other than released: reimbursed, an item rejected and sent back
//! (delivery and return shipments), invitations rejected, cancelled or abandoned, paging.

mod common;

use common::ACME_KEY;
use common::trade::{
    actions, connected, dec, finished_outcome, ledger_of, mark_paid, no_redirects, opts, paid_trade, shipment,
    started_trade,
};
use escrow_api::trade::{self, PaymentToEscrowState, TradePageQuery, TradePaymentFlowRequest};
use escrow_api::{CallOptions, ErrorBody, ErrorKind, IdempotencyKey};

#[tokio::test]
async fn a_reimbursed_trade_finishes_when_all_is_paid_back() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    let id = started_trade(&sb, &api, "buyer", "seller").await;

    // Plain accept, then pay through the hosted pay page.
    let t = api.accept_trade("buyer", &id, &opts()).await.unwrap().value;
    assert_eq!(actions(&t, true), vec!["Pay", "Abandon"]);
    let payment = api.accept_trade_and_pay("buyer", &id, None, &opts()).await.unwrap().value;
    let flow = TradePaymentFlowRequest {
        success_url: "https://shop.example.dk/paid".into(),
        cancel_url: "https://shop.example.dk/c".into(),
        app_switch: None,
    };
    let link = api.initiate_payment_flow("buyer", &payment.external_id, &flow, &opts()).await.unwrap().value;
    let http = no_redirects();
    assert!(http.get(&link.url).send().await.unwrap().text().await.unwrap().contains("1035.00 DKK"));
    let res = http.post(&link.url).body("action=pay").send().await.unwrap();
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "https://shop.example.dk/paid");
    assert!(api.get_payment("buyer", &id, &opts()).await.unwrap().is_paid);
    let err = api.initiate_payment_flow("buyer", &payment.external_id, &flow, &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "already paid");

    // Part, too much (a server-side field error), then the rest.
    api.reimburse_payer("buyer", &id, dec("500"), &opts()).await.unwrap();
    let err = api.reimburse_payer("buyer", &id, dec("535.01"), &opts()).await.unwrap_err();
    let fields = trade::field_errors(&err);
    assert_eq!(fields.len(), 1);
    assert_eq!(fields[0].key, "amount");
    assert!(fields[0].value.contains("535"), "{}", fields[0].value);
    let err = api.reimburse_payer("seller", &id, dec("1"), &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "only the payer is reimbursed");
    let key = IdempotencyKey::generate();
    let last =
        api.reimburse_payer("buyer", &id, dec("535"), &CallOptions::with_idempotency_key(key.clone())).await.unwrap();
    let replay = api.reimburse_payer("buyer", &id, dec("535"), &CallOptions::with_idempotency_key(key)).await.unwrap();
    assert!(!last.meta.replayed && replay.meta.replayed);

    let t = api.get_trade("seller", &id, &opts()).await.unwrap();
    assert_eq!(finished_outcome(&t).as_deref(), Some("Reimbursed"));
    assert!(actions(&t, false).is_empty());
    let ledger = sb.ledger(ACME_KEY).await;
    assert_eq!(
        ledger_of(&ledger, &id),
        vec![("trade.payment", "1035.00"), ("trade.reimburse", "500.00"), ("trade.reimburse", "535.00")],
        "the replayed reimbursement moved nothing"
    );
}

#[tokio::test]
async fn a_rejected_item_goes_back_and_the_payer_is_refunded() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    let id = paid_trade(&sb, &api, "buyer", "seller").await;

    // A paid label: the item counts as sent once the label is paid.
    let err = api.buy_delivery_shipment("seller", &id, &shipment("49", "dhl"), &opts()).await.unwrap_err();
    assert_eq!(trade::field_errors(&err)[0].key, "shipmentProviderId", "only the two carriers");
    let label = api.buy_delivery_shipment("seller", &id, &shipment("49", "gls"), &opts()).await.unwrap().value;
    assert_eq!((label.amount, label.is_paid), (Some(dec("49")), false));
    assert_eq!(actions(&api.get_trade("seller", &id, &opts()).await.unwrap(), false), vec!["PayShipment"]);
    assert_eq!(mark_paid(&sb, ACME_KEY, &label.external_id).await.0, 200);

    let t = api.reject_item_condition("buyer", &id, "Stellet er revnet", &opts()).await.unwrap().value;
    let phases = t.phases.as_ref().unwrap();
    assert_eq!(phases.return_phase.as_ref().unwrap().state.as_deref(), Some("Active"));
    assert_eq!(phases.delivery.as_ref().unwrap().state.as_deref(), Some("Completed"));
    assert_eq!(actions(&t, true), vec!["BuyReturnShipment"]);
    assert!(
        t.payer.as_ref().unwrap().timeline.iter().any(|e| e.text.as_deref().unwrap().contains("Stellet er revnet"))
    );
    let err = api.buy_return_shipment("seller", &id, &shipment("39", "postnord"), &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "the payer sends it back");

    let back = api.buy_return_shipment("buyer", &id, &shipment("39", "postnord"), &opts()).await.unwrap().value;
    assert_eq!(back.state, Some(PaymentToEscrowState::Pending));
    assert_eq!(mark_paid(&sb, ACME_KEY, &back.external_id).await.0, 200);
    let t = api.get_trade("buyer", &id, &opts()).await.unwrap();
    assert_eq!(finished_outcome(&t).as_deref(), Some("Refunded"));
    assert_eq!(t.phases.unwrap().return_phase.unwrap().state.as_deref(), Some("Completed"));
    let ledger = sb.ledger(ACME_KEY).await;
    assert_eq!(
        ledger_of(&ledger, &id),
        vec![
            ("trade.payment", "1035.00"),
            ("trade.shipment.delivery", "49.00"),
            ("trade.shipment.return", "39.00"),
            ("trade.refund", "1035.00")
        ]
    );
}

#[tokio::test]
async fn invitations_are_rejected_cancelled_or_abandoned() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;

    let id = started_trade(&sb, &api, "buyer", "seller").await;
    assert_eq!(
        api.accept_trade("seller", &id, &opts()).await.unwrap_err().status(),
        Some(400),
        "the payee cannot accept"
    );
    let t = api.reject_trade("buyer", &id, &opts()).await.unwrap().value;
    assert_eq!(finished_outcome(&t).as_deref(), Some("Rejected"));
    assert_eq!(t.phases.unwrap().contract.unwrap().state.as_deref(), Some("Rejected"));
    let err = api.cancel_trade(&id, &opts()).await.unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("TradeNotCancellable"))
    );

    // Cancel after payment refunds the payer; the state id is echoed.
    let id = paid_trade(&sb, &api, "buyer", "seller").await;
    let cancelled = api.cancel_trade(&id, &opts()).await.unwrap();
    assert_eq!(cancelled.value.state, id);
    assert_eq!(finished_outcome(&api.get_trade("buyer", &id, &opts()).await.unwrap()).as_deref(), Some("Cancelled"));
    assert_eq!(
        ledger_of(&sb.ledger(ACME_KEY).await, &id),
        vec![("trade.payment", "1035.00"), ("trade.refund", "1035.00")]
    );
    assert!(trade::is_not_found(&api.cancel_trade("no-such-trade", &opts()).await.unwrap_err()));

    // The payer abandons before paying; the pending payment can no longer be paid.
    let id = started_trade(&sb, &api, "buyer", "seller").await;
    let payment = api.accept_trade_and_pay("buyer", &id, None, &opts()).await.unwrap().value;
    let t = api.abandon_trade("buyer", &id, &opts()).await.unwrap().value;
    assert_eq!(finished_outcome(&t).as_deref(), Some("Abandoned"));
    assert_eq!(api.get_payment("buyer", &id, &opts()).await.unwrap().state, Some(PaymentToEscrowState::Cancelled));
    assert_eq!(mark_paid(&sb, ACME_KEY, &payment.external_id).await.0, 400);
    assert!(ledger_of(&sb.ledger(ACME_KEY).await, &id).is_empty(), "nothing moved");

    // The seller abandons after payment: the payer gets the money back.
    let id = paid_trade(&sb, &api, "buyer", "seller").await;
    assert_eq!(api.abandon_trade("buyer", &id, &opts()).await.unwrap_err().status(), Some(400), "the payer has paid");
    api.abandon_trade("seller", &id, &opts()).await.unwrap();
    assert_eq!(
        ledger_of(&sb.ledger(ACME_KEY).await, &id),
        vec![("trade.payment", "1035.00"), ("trade.refund", "1035.00")]
    );

    // Paging: newest first, pageSize honoured.
    let first = api.get_trades("buyer", TradePageQuery { page: Some(1), page_size: Some(2) }, &opts()).await.unwrap();
    let second = api.get_trades("buyer", TradePageQuery { page: Some(2), page_size: Some(2) }, &opts()).await.unwrap();
    assert_eq!((first.trades.len(), second.trades.len()), (2, 2));
    assert_eq!(first.trades[0].trade_id, id);
    assert!(second.trades.iter().all(|t| first.trades.iter().all(|f| f.trade_id != t.trade_id)));
}
