//! Trade API errors from the server: field errors with trace id and type code, another
//! tenant's records not found, and a bad key unauthorized.

mod common;

use common::ACME_KEY;
use common::trade::{business_user, connected, dec, mark_paid, new_trade, opts, started_trade};
use escrow_api::trade::{self, PaymentToEscrowState, TradePageQuery, TradePaymentFlowRequest};
use escrow_api::{CallOptions, CorrelationId, ErrorBody, ErrorKind};
use escrow_sandbox::DEMO_KEY;
use serde_json::{Value, json};

#[tokio::test]
async fn field_errors_from_the_server_are_kept_with_trace_id_and_type_code() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();

    // The client cannot know the whitelist; the server names the field.
    let cid = CorrelationId::generate();
    let call = CallOptions { correlation_id: Some(cid.clone()), ..Default::default() };
    let err = api.create_business_user(&business_user("CVR-ABC"), &call).await.unwrap_err();
    assert_eq!(err.attempts, 1);
    match &err.kind {
        ErrorKind::BadRequest(ErrorBody::Problem(p)) => {
            assert_eq!(p.status, Some(400));
            assert_eq!(p.type_code.as_deref(), Some("ValidationError"));
            assert_eq!(p.trace_id.as_deref(), Some(cid.as_str()), "the correlation id is the trace id");
            let errors = p.errors.as_ref().unwrap();
            assert_eq!(errors.len(), 1);
            assert_eq!(errors[0].key, "businessId");
            assert!(errors[0].value.contains("whitelisted"));
        }
        other => panic!("expected a 400 problem, got {other:?}"),
    }

    // The payee must be connected first.
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    let err = api.initiate_trade(&new_trade("buyer", "nobody"), &opts()).await.unwrap_err();
    assert_eq!(trade::field_errors(&err)[0].key, "payeeMarketplaceUserId");
    assert!(err.to_string().contains("validation"), "{err}");

    // Every fault of a raw request is listed, and a non-UUID correlation id is refused.
    let res = reqwest::Client::new()
        .post(format!("{}/v1/marketplace/trades", sb.running.url))
        .bearer_auth(ACME_KEY)
        .json(&json!({ "title": "", "amount": 4, "payerFee": 101, "successUrl": "x" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let body = escrow_api::ErrorBody::parse_for_tests(&res.bytes().await.unwrap());
    let ErrorBody::Problem(p) = body else { panic!("problem expected") };
    let keys: Vec<_> = p.errors.unwrap().into_iter().map(|e| e.key).collect();
    for k in [
        "title",
        "description",
        "amount",
        "payerFee",
        "payerFixedFee",
        "payeeFee",
        "payeeFixedFee",
        "payerMarketplaceUserId",
        "payeeMarketplaceUserId",
        "cancelUrl",
    ] {
        assert!(keys.contains(&k.to_owned()), "{k} missing from {keys:?}");
    }
    assert!(!keys.contains(&"successUrl".to_owned()));
    let res = reqwest::Client::new()
        .get(format!("{}/v1/marketplace/users/buyer", sb.running.url))
        .bearer_auth(ACME_KEY)
        .header("x-correlation-id", "not-a-uuid-but-long-enough")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["errors"][0]["key"], "X-Correlation-Id");
}

#[tokio::test]
async fn another_tenants_records_are_not_found_and_a_bad_key_is_unauthorized() {
    let sb = common::start().await;
    let acme = sb.client(ACME_KEY).trade();
    let demo = sb.client(DEMO_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    connected(&sb, ACME_KEY, "stranger", "Ole").await;
    acme.create_business_user(&business_user("11223344"), &opts()).await.unwrap();
    let id = started_trade(&sb, &acme, "buyer", "seller").await;
    let payment = acme.accept_trade_and_pay("buyer", &id, None, &opts()).await.unwrap().value;

    let err = demo.get_trade("buyer", &id, &opts()).await.unwrap_err();
    match &err.kind {
        ErrorKind::NotFound(ErrorBody::Problem(p)) => {
            assert_eq!(p.type_code.as_deref(), Some("TradeNotFound"))
        }
        other => panic!("expected 404, got {other:?}"),
    }
    assert!(trade::is_not_found(&err));
    assert!(demo.get_user("buyer", &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.get_business_user("11223344", "1003386547", &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.get_trades("buyer", TradePageQuery::default(), &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.get_payment("buyer", &id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.cancel_trade(&id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.accept_item_condition("buyer", &id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.reimburse_payer("buyer", &id, dec("1"), &opts()).await.is_err_and(|e| e.status() == Some(404)));
    let flow =
        TradePaymentFlowRequest { success_url: "https://a".into(), cancel_url: "https://b".into(), app_switch: None };
    assert!(
        demo.initiate_payment_flow("buyer", &payment.external_id, &flow, &opts())
            .await
            .is_err_and(|e| e.status() == Some(404))
    );
    assert_eq!(mark_paid(&sb, DEMO_KEY, &payment.external_id).await.0, 404);
    // Within the tenant, a user who is no party does not see the trade either.
    assert!(acme.get_trade("stranger", &id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(
        acme.initiate_payment_flow("seller", &payment.external_id, &flow, &opts())
            .await
            .is_err_and(|e| e.status() == Some(404))
    );
    // Nothing changed for acme.
    assert_eq!(acme.get_payment("buyer", &id, &opts()).await.unwrap().state, Some(PaymentToEscrowState::Pending));

    let err = sb.client("wrong-key").trade().get_user("buyer", &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(401));
}
