//! The connect flow against the real sandbox over HTTP: the hosted connect page driven
//! with plain form posts, the connection record, guests and deleting a connection.

mod common;

use common::ACME_KEY;
use escrow_api::enums::UserType;
use escrow_api::{ConnectRequest, GuestUser};
use escrow_api::{ErrorBody, ErrorKind};
use escrow_sandbox::DEMO_KEY;
use serde_json::json;

const RETURN: &str = "https://shop.example/connected";

fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

async fn submit(url: &str, fields: &[(&str, &str)]) -> (u16, Option<String>, String) {
    let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
    let res = browser()
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    let location = res.headers().get("location").map(|l| l.to_str().unwrap().to_owned());
    (res.status().as_u16(), location, res.text().await.unwrap())
}

fn title(err: &escrow_api::Error) -> Option<&str> {
    err.body().and_then(ErrorBody::title)
}

#[tokio::test]
async fn a_person_connects_on_the_hosted_page_and_the_reference_resolves() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let err = client.connect().get("shop-user-7").await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::NotFound(ErrorBody::Empty)));

    let started = client
        .connect()
        .start(&ConnectRequest {
            reference_id: Some("shop-user-7".into()),
            return_url: Some(RETURN.into()),
            ..Default::default()
        })
        .await
        .unwrap();
    let url = started.connect_url;
    assert!(url.starts_with(&sb.running.url) && url.contains("/hosted/connect/"));
    let page = browser().get(&url).send().await.unwrap();
    assert_eq!(page.status(), 200, "no API key needed");
    let html = page.text().await.unwrap();
    for field in ["name=\"name\"", "name=\"email\"", "name=\"phoneNumber\"", "name=\"dateOfBirth\"", "name=\"bankId\""]
    {
        assert!(html.contains(field), "{field} asked when not skipped");
    }

    // A missing step is refused on the page, and nothing is connected.
    let (status, _, html) = submit(&url, &[("name", "Sofie <Lund>"), ("action", "connect")]).await;
    assert_eq!(status, 400);
    assert!(html.contains("Sofie &lt;Lund&gt;"), "values kept and escaped");
    assert!(client.connect().get("shop-user-7").await.is_err());

    let (status, location, _) = submit(
        &url,
        &[
            ("name", "Sofie Lund"),
            ("email", "sofie@example.dk"),
            ("phoneNumber", "+45 20 30 40 50"),
            ("type", "Private"),
            ("dateOfBirth", "1990-04-17"),
            ("bankId", "nordea"),
            ("action", "connect"),
        ],
    )
    .await;
    assert_eq!((status, location.as_deref()), (303, Some(RETURN)));
    assert_eq!(submit(&url, &[("name", "Again")]).await.0, 410, "a connect link works once");

    let record = client.connect().get("shop-user-7").await.unwrap();
    assert!(record.id.is_some());
    assert_eq!(record.connections.len(), 1);
    assert_eq!(record.connections[0].reference_id, "shop-user-7");
    assert!(record.connections[0].connected.is_some());
    let user = client.users().get(&record.service_account_id).await.unwrap();
    assert_eq!(user.name, "Sofie Lund");
    assert_eq!(user.email.as_deref(), Some("sofie@example.dk"));
    assert!(user.phone_number_verified);
    assert_eq!(user.user_type, Some(UserType::Private));
    assert_eq!(user.kyc.unwrap().level.as_deref(), Some("1"));
    assert_eq!(user.date_of_birth.as_deref(), Some("1990-04-17"));
    assert_eq!(user.cpr.as_deref(), Some("170490-XXXX"), "masked");
    let accounts = client.users().list_bank_accounts(&record.service_account_id).await.unwrap().items;
    assert_eq!(accounts.len(), 1);
    assert!(accounts[0].is_default && accounts[0].bank_id == "nordea");

    // Another tenant does not see the reference.
    assert_eq!(sb.client(DEMO_KEY).connect().get("shop-user-7").await.unwrap_err().status(), Some(404));
}

#[tokio::test]
async fn skip_flags_and_exit_page() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let req = ConnectRequest {
        reference_id: Some("biz-1".into()),
        allow_private: Some(false),
        skip_ui: Some(true),
        skip_phone_number: Some(false),
        ..Default::default()
    };
    let url = client.connect().start(&req).await.unwrap().connect_url;
    let html = browser().get(&url).send().await.unwrap().text().await.unwrap();
    assert!(!html.contains("name=\"phoneNumber\""), "skipUI overrides the other flags");
    assert!(!html.contains("name=\"bankId\""));
    let (status, location, _) =
        submit(&url, &[("name", "Fyns Bilsalg ApS"), ("cvr", "12345678"), ("action", "connect")]).await;
    assert_eq!(status, 303);
    assert_eq!(location.as_deref(), Some("/hosted/exit"), "no returnUrl: the exit page");
    let exit = browser().get(format!("{}/hosted/exit", sb.running.url)).send().await.unwrap();
    assert_eq!(exit.status(), 200);
    let id = client.connect().get("biz-1").await.unwrap().service_account_id;
    let user = client.users().get(&id).await.unwrap();
    assert_eq!(user.user_type, Some(UserType::Business));
    assert_eq!(user.cvr.as_deref(), Some("12345678"));
    assert_eq!(user.kyc.unwrap().level.as_deref(), Some("0"));
    assert!(client.users().list_bank_accounts(&id).await.unwrap().items.is_empty());

    // Cancel connects nobody.
    let url = client
        .connect()
        .start(&ConnectRequest { reference_id: Some("c-2".into()), ..Default::default() })
        .await
        .unwrap()
        .connect_url;
    assert_eq!(submit(&url, &[("action", "cancel")]).await.0, 303);
    assert_eq!(client.connect().get("c-2").await.unwrap_err().status(), Some(404));

    // Rules checked before sending, and by the server.
    let bad = ConnectRequest { allow_private: Some(false), allow_business: Some(false), ..Default::default() };
    assert!(matches!(client.connect().start(&bad).await.unwrap_err().kind, ErrorKind::Validation { .. }));
    let bad = ConnectRequest { return_url: Some("javascript:alert(1)".into()), ..Default::default() };
    assert!(matches!(client.connect().start(&bad).await.unwrap_err().kind, ErrorKind::Validation { .. }));
    let raw = reqwest::Client::new()
        .post(format!("{}/v2/connect", sb.running.url))
        .bearer_auth(ACME_KEY)
        .json(&json!({ "allowPrivate": false, "allowBusiness": false }))
        .send()
        .await
        .unwrap();
    assert_eq!(raw.status(), 400);
}

#[tokio::test]
async fn guests_from_json_or_query_and_deleting_a_connection() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let mut address = serde_json::Map::new();
    address.insert("street".into(), json!("Vestergade 12"));
    address.insert("zipCode".into(), json!("8000"));
    let guest = GuestUser {
        name: Some("Lars Møller".into()),
        email: Some("lars@example.dk".into()),
        phone_number: Some("+45 31 32 33 34".into()),
        cvr: Some("87654321".into()),
        address: Some(address),
    };
    let id = client.connect().create_guest("guest-1", &guest).await.unwrap().service_account_id;
    let user = client.users().get(&id).await.unwrap();
    assert_eq!(user.name, "Lars Møller");
    assert_eq!(user.cvr.as_deref(), Some("87654321"));
    assert_eq!(user.address.unwrap()["street"], "Vestergade 12");
    assert_eq!(client.connect().get("guest-1").await.unwrap().service_account_id, id);

    let err = client.connect().create_guest("guest-1", &GuestUser::default()).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(400), Some("Invalid reference")));
    let err = client
        .connect()
        .create_guest("guest-x", &GuestUser { cvr: Some("12".into()), ..Default::default() })
        .await
        .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Validation { .. }));

    // The query parameters carry the same scalars.
    let res: serde_json::Value = reqwest::Client::new()
        .post(format!(
            "{}/v2/connect/guest-2/guest?Name=Anne%20Bech&Email=anne@example.dk&PhoneNumber=%2B4540404040",
            sb.running.url
        ))
        .bearer_auth(ACME_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let anne = client.users().get(res["serviceAccountId"].as_str().unwrap()).await.unwrap();
    assert_eq!(anne.name, "Anne Bech");
    assert_eq!(anne.email.as_deref(), Some("anne@example.dk"));
    assert_eq!(anne.phone_number.as_deref(), Some("+4540404040"));

    // Delete the connection: the reference and the account are gone for this tenant.
    client.connect().delete("guest-1").await.unwrap();
    assert_eq!(client.connect().get("guest-1").await.unwrap_err().status(), Some(404));
    assert_eq!(client.users().get(&id).await.unwrap_err().status(), Some(404));
    let err = client.connect().delete("guest-1").await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::NotFound(ErrorBody::Empty)));
    assert!(matches!(client.connect().delete(" ").await.unwrap_err().kind, ErrorKind::Validation { .. }));
    // Another tenant cannot delete acme's connection.
    assert_eq!(sb.client(DEMO_KEY).connect().delete("guest-2").await.unwrap_err().status(), Some(404));
    assert!(client.connect().get("guest-2").await.is_ok());
}
