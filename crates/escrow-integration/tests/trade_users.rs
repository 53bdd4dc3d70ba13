//! Trade API users and links: business users created, read, edited and deleted; the
//! status link, the payout-account page, forced onboarding and route overrides.

mod common;

use common::ACME_KEY;
use common::trade::{business_user, connected, no_redirects, opts, started_trade};
use escrow_api::trade::{
    self, EditBusinessUser, TradeAddress, TradeConnectRequest, TradeRoute, TradeRoutes, TradeSelectPayoutAccount,
    TradeStatusLinkRequest,
};
use escrow_api::{ErrorBody, ErrorKind};

#[tokio::test]
async fn business_users_are_created_read_edited_and_deleted() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    let created = api.create_business_user(&business_user("29876543"), &opts()).await.unwrap().value;
    let user_id = created.user_id.clone().unwrap();
    let got = api.get_business_user("29876543", "1003386547", &opts()).await.unwrap();
    assert_eq!(got.service_user_id, created.service_user_id);
    assert_eq!(got.user_id, None, "userId is answered on create only");
    assert_eq!(got.address.unwrap().city.as_deref(), Some("Aarhus C"));

    let dup = api.create_business_user(&business_user("29876543"), &opts()).await.unwrap_err();
    assert!(
        matches!(&dup.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("BusinessUserAlreadyExists"))
    );

    let mut address = TradeAddress::default();
    address.city = Some("Risskov".into());
    let edit = EditBusinessUser {
        name: "Cykelhandler Jensen & Søn ApS".into(),
        phone_number: None,
        address,
        payouts_account_number: "0040-0440116243".into(),
    };
    let edited = api.edit_business_user("29876543", "1003386547", &edit, &opts()).await.unwrap().value;
    assert_eq!(edited.bank_account.unwrap().name.as_deref(), Some("Cykelhandler Jensen & Søn ApS"));
    assert_eq!(edited.address.unwrap().city.as_deref(), Some("Risskov"));
    assert_eq!(api.get_user(&user_id, &opts()).await.unwrap().phone_number, None, "phoneNumber null clears it");

    // A business user can be the payee; it cannot be deleted while a trade is open.
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    let id = started_trade(&sb, &api, "buyer", &user_id).await;
    let err = api.delete_business_user("29876543", "1003386547", &opts()).await.unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("BusinessUserHasOpenTrades"))
    );
    api.reject_trade("buyer", &id, &opts()).await.unwrap();
    let deleted = api.delete_business_user("29876543", "1003386547", &opts()).await.unwrap();
    assert_eq!(deleted.meta.attempts, 1);
    let err = api.get_business_user("29876543", "1003386547", &opts()).await.unwrap_err();
    assert!(trade::is_not_found(&err));
    assert!(
        api.edit_business_user("29876543", "1003386547", &edit, &opts()).await.is_err_and(|e| e.status() == Some(404))
    );
}

#[tokio::test]
async fn status_link_payout_account_and_route_overrides() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    let id = started_trade(&sb, &api, "buyer", "seller").await;

    let link = api
        .get_trade_status_link(
            "buyer",
            &id,
            &TradeStatusLinkRequest { return_url: "https://shop.example.dk/t".into(), app_switch: None },
            &opts(),
        )
        .await
        .unwrap()
        .value;
    let html = reqwest::get(&link.url).await.unwrap().text().await.unwrap();
    assert!(html.contains("Invitation to buy") && html.contains("Ladcykel Christiania"), "{html}");

    let req = TradeSelectPayoutAccount { return_url: Some("https://shop.example.dk/acct".into()), app_switch: None };
    let link = api.select_payout_account("seller", &req, &opts()).await.unwrap().value;
    let http = no_redirects();
    let bad = http.post(&link.url).body("accountNumber=DK5100400440116243&action=save").send().await.unwrap();
    assert_eq!(bad.status(), 400, "mod-97 is checked on the page too");
    let ok = http.post(&link.url).body("accountNumber=DK5000400440116243&action=save").send().await.unwrap();
    assert_eq!(ok.headers()["location"], "https://shop.example.dk/acct");
    let user = api.get_user("seller", &opts()).await.unwrap();
    assert_eq!(user.bank_account.unwrap().account_number.as_deref(), Some("00400440116243"));
    assert!(api.select_payout_account("nobody", &req, &opts()).await.is_err_and(|e| e.status() == Some(404)));

    // forceOnboarding re-opens the form for a connected user; without it, "already connected".
    let connect = TradeConnectRequest {
        success_url: "https://a.dk/ok".into(),
        cancel_url: "https://a.dk/no".into(),
        app_switch: None,
        marketplace_user_id: "seller".into(),
        required_kyc_level: None,
    };
    let plain = api.initiate_user_connect(&connect, false, &opts()).await.unwrap().value;
    assert!(reqwest::get(&plain.url).await.unwrap().text().await.unwrap().contains("already connected"));
    let forced = api.initiate_user_connect(&connect, true, &opts()).await.unwrap().value;
    assert!(reqwest::get(&forced.url).await.unwrap().text().await.unwrap().contains("name=\"phoneNumber\""));
    let cancel = http.post(&forced.url).body("action=cancel").send().await.unwrap();
    assert_eq!(cancel.headers()["location"], "https://a.dk/no");

    // An overridden route is the one used (here: one the sandbox does not serve).
    let moved = api
        .clone()
        .with_routes(TradeRoutes::default().with(TradeRoute::GetUser, "/v1/other/users/{marketplaceUserId}").unwrap());
    let err = moved.get_user("seller", &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(404));
    assert!(moved.get_trade("buyer", &id, &opts()).await.is_ok(), "other routes keep their defaults");
}
