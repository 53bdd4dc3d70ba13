//! Users and bank accounts against the real sandbox over HTTP, including the hosted
//! bank-selection page driven with plain form posts, as a browser would.

mod common;

use common::ACME_KEY;
use escrow_api::enums::{Psd2Type, UserType};
use escrow_api::{BankAccountRef, StartOnboarding};
use escrow_api::{ErrorBody, ErrorKind, ListUsers};
use escrow_sandbox::DEMO_KEY;

const RETURN: &str = "https://shop.example/return?step=bank";

/// A browser that does not follow redirects, so the test sees where it is sent.
fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// Posts a urlencoded form as a browser does; returns status and Location.
async fn submit(url: &str, fields: &[(&str, &str)]) -> (u16, Option<String>) {
    let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
    let res = browser()
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    let location = res.headers().get("location").map(|l| l.to_str().unwrap().to_owned());
    (res.status().as_u16(), location)
}

/// The `value`s of the account checkboxes on the onboarding page.
async fn offered_accounts(url: &str) -> Vec<String> {
    let res = browser().get(url).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    html.split("name=\"account\" value=\"").skip(1).map(|s| s.split('"').next().unwrap().to_owned()).collect()
}

fn title(err: &escrow_api::Error) -> Option<&str> {
    err.body().and_then(ErrorBody::title)
}

async fn advance(sb: &common::Sandbox, key: &str, seconds: i64) {
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/clock/advance", sb.running.url))
        .bearer_auth(key)
        .json(&serde_json::json!({ "seconds": seconds }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "clock advance");
}

/// Starts onboarding at `bank`, picks `pick` of the offered accounts on the hosted page.
async fn onboard(client: &escrow_api::Client, user: &str, bank: &str, pick: usize) -> Vec<String> {
    let start = StartOnboarding { bank_id: bank.into(), return_url: RETURN.into(), psd2_type: None };
    let url = client.users().start_bank_account_onboarding(user, &start).await.unwrap().url;
    let offered = offered_accounts(&url).await;
    assert!(offered.len() >= pick);
    let mut fields = vec![("action", "confirm")];
    fields.extend(offered.iter().take(pick).map(|id| ("account", id.as_str())));
    let (status, location) = submit(&url, &fields).await;
    assert_eq!((status, location.as_deref()), (303, Some(RETURN)), "back to returnUrl");
    offered.into_iter().take(pick).collect()
}

#[tokio::test]
async fn lists_users_with_paging_and_gets_the_full_record() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let page = client.users().list(&ListUsers::default()).await.unwrap();
    assert_eq!(page.items.len(), 20, "Take defaults to 20");
    let all = client.users().list(&ListUsers { take: Some(500), ..Default::default() }).await.unwrap();
    assert_eq!(all.items.len(), 55, "all 55 demo users fit under the cap of 100");
    let second = client.users().list(&ListUsers { skip: Some(20), take: Some(20), public: Some(true) }).await.unwrap();
    assert_eq!(second.items.len(), 20);
    assert!(second.items.iter().all(|u| page.items.iter().all(|p| p.service_account_id != u.service_account_id)));
    assert_eq!(second.items, all.items[20..40].to_vec(), "pages follow the same order");

    let dealer = all.items.iter().find(|u| u.name == "Bilhuset Vejle ApS").unwrap();
    assert_eq!(dealer.user_type, Some(UserType::Business));
    assert!(dealer.phone_number_verified && dealer.created.is_some());
    let user = client.users().get(&dealer.service_account_id).await.unwrap();
    assert_eq!(user.service_account_id, dealer.service_account_id);
    assert!(user.id.is_some());
    assert_eq!(user.connections.len(), 1);
    assert_eq!(user.connections[0].reference_id, "dealer-01");
    assert_eq!(user.email.as_deref(), Some("bilhuset.vejle.aps@forhandler.dk"));
    assert_eq!(user.user_type, Some(UserType::Business));

    let banks = client.users().list_banks(&dealer.service_account_id).await.unwrap().banks;
    assert!(banks.iter().any(|b| b.bank_id == "danske-bank" && b.name == "Danske Bank" && b.bank_central.is_some()));
    assert!(banks.len() >= 8, "a realistic list of Danish banks");
    let accounts = client.users().list_bank_accounts(&dealer.service_account_id).await.unwrap().items;
    assert_eq!(accounts.len(), 1);
    assert!(accounts[0].is_default);
    assert!(accounts[0].iban.as_deref().unwrap().starts_with("DK"));
}

#[tokio::test]
async fn onboarding_adds_accounts_sets_default_and_keeps_the_last_one() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let user = sb.user(ACME_KEY, "ref-onb", "Ida Holm").await;
    let original = client.users().list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(original.len(), 1);

    let start = StartOnboarding {
        bank_id: "danske-bank".into(),
        return_url: RETURN.into(),
        psd2_type: Some(Psd2Type::Private),
    };
    let url = client.users().start_bank_account_onboarding(&user, &start).await.unwrap().url;
    assert!(url.starts_with(&sb.running.url) && url.contains("/hosted/bank-accounts/"));
    let err = client.users().get_bank_account_onboarding(&user).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(400), Some("Invalid results")), "not back from the bank yet");

    let offered = offered_accounts(&url).await;
    assert_eq!(offered.len(), 3);
    let (status, location) =
        submit(&url, &[("account", &offered[0]), ("account", &offered[1]), ("action", "confirm")]).await;
    assert_eq!((status, location.as_deref()), (303, Some(RETURN)));
    assert_eq!(submit(&url, &[("action", "confirm")]).await.0, 410, "the page works once");

    let result = client.users().get_bank_account_onboarding(&user).await.unwrap();
    assert_eq!(result.bank_id.as_deref(), Some("danske-bank"));
    assert_eq!(result.bank_name.as_deref(), Some("Danske Bank"));
    assert_eq!(result.bank_accounts.len(), 2);
    assert_eq!(result.bank_accounts[0].bank_account_id, offered[0]);
    assert_eq!(result.bank_accounts[0].owner_name.as_deref(), Some("Ida Holm"));
    assert!(result.bank_accounts[0].iban.as_deref().unwrap().starts_with("DK"));
    assert!(result.bank_accounts[0].bban.as_deref().unwrap().starts_with("3001"), "Danske Bank reg. no.");

    // Add: not in the results → 404 Bank account not found; wrong bank too.
    let err = client.users().add_bank_account(&user, &BankAccountRef::new("danske-bank", "nope")).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("Bank account not found")));
    let err = client.users().add_bank_account(&user, &BankAccountRef::new("nordea", &offered[0])).await.unwrap_err();
    assert_eq!(title(&err), Some("Bank account not found"));

    client.users().add_bank_account(&user, &BankAccountRef::new("danske-bank", &offered[0])).await.unwrap();
    client.users().add_bank_account(&user, &BankAccountRef::new("danske-bank", &offered[1])).await.unwrap();
    let accounts = client.users().list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(accounts.len(), 3);
    let default: Vec<_> = accounts.iter().filter(|a| a.is_default).map(|a| a.bank_account_id.clone()).collect();
    assert_eq!(default, vec![original[0].bank_account_id.clone()], "an existing default stays default");
    let added = accounts.iter().find(|a| a.bank_account_id == offered[0]).unwrap();
    assert_eq!((added.bank_id.as_str(), added.bank.as_deref()), ("danske-bank", Some("Danske Bank")));

    // Set default.
    client.users().set_default_bank_account(&user, &BankAccountRef::new("danske-bank", &offered[0])).await.unwrap();
    let accounts = client.users().list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(
        accounts.iter().filter(|a| a.is_default).map(|a| a.bank_account_id.as_str()).collect::<Vec<_>>(),
        vec![offered[0].as_str()]
    );
    let err =
        client.users().set_default_bank_account(&user, &BankAccountRef::new("danske-bank", "nope")).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("Bank account not found")));

    // Same IBAN again (a second onboarding at the same bank) replaces and inherits default.
    let again = onboard(&client, &user, "danske-bank", 1).await;
    assert_ne!(again[0], offered[0], "fresh ids");
    client.users().add_bank_account(&user, &BankAccountRef::new("danske-bank", &again[0])).await.unwrap();
    let accounts = client.users().list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(accounts.len(), 3, "replaced, not added");
    assert!(accounts.iter().all(|a| a.bank_account_id != offered[0]));
    assert!(accounts.iter().find(|a| a.bank_account_id == again[0]).unwrap().is_default, "inherits default");

    // Delete down to one; the last cannot go.
    client.users().delete_bank_account(&user, &BankAccountRef::new("danske-bank", &again[0])).await.unwrap();
    let accounts = client.users().list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(accounts.len(), 2);
    assert_eq!(accounts.iter().filter(|a| a.is_default).count(), 1, "another account becomes default");
    let err =
        client.users().delete_bank_account(&user, &BankAccountRef::new("danske-bank", &again[0])).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("Bank account not found")));
    let first = &accounts[0];
    client
        .users()
        .delete_bank_account(&user, &BankAccountRef::new(&first.bank_id, &first.bank_account_id))
        .await
        .unwrap();
    let last = client.users().list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(last.len(), 1);
    assert!(last[0].is_default);
    let err = client
        .users()
        .delete_bank_account(&user, &BankAccountRef::new(&last[0].bank_id, &last[0].bank_account_id))
        .await
        .unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(400), Some("Bank account can't be deleted")));
    assert_eq!(client.users().list_bank_accounts(&user).await.unwrap().items.len(), 1);
}

#[tokio::test]
async fn onboarding_errors_carry_the_spec_titles() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let user = sb.user(ACME_KEY, "ref-err", "Jens Dam").await;
    let demo_user = client_user(&sb).await;
    let start = |bank: &str| StartOnboarding { bank_id: bank.into(), return_url: RETURN.into(), psd2_type: None };

    for who in ["no-such-account", demo_user.as_str()] {
        let err = client.users().start_bank_account_onboarding(who, &start("nordea")).await.unwrap_err();
        assert_eq!((err.status(), title(&err)), (Some(404), Some("Invalid account")), "{who}");
    }
    let err = client.users().start_bank_account_onboarding(&user, &start("bank-of-atlantis")).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("Invalid bank")));
    let err = client.users().start_bank_account_onboarding(&user, &start("sandbox-bank-offline")).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(400), Some("Invalid bank url")));

    // Refused before sending.
    let err = client
        .users()
        .start_bank_account_onboarding(&user, &StartOnboarding { return_url: "not a url".into(), ..start("nordea") })
        .await
        .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Validation { ref field, .. } if field == "returnUrl"));
    assert_eq!(err.attempts, 0);
    let err = client.users().add_bank_account(&user, &BankAccountRef::new("nordea", " ")).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Validation { .. }));

    // Add with no results at all → 404 No bank accounts.
    let err = client.users().add_bank_account(&user, &BankAccountRef::new("nordea", "x")).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("No bank accounts")));

    // Cancelled, and nothing selected: 400 Invalid results.
    let url = client.users().start_bank_account_onboarding(&user, &start("nordea")).await.unwrap().url;
    let offered = offered_accounts(&url).await;
    assert_eq!(submit(&url, &[("account", &offered[0]), ("action", "cancel")]).await, (303, Some(RETURN.to_owned())));
    let err = client.users().get_bank_account_onboarding(&user).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(400), Some("Invalid results")));
    let url = client.users().start_bank_account_onboarding(&user, &start("nordea")).await.unwrap().url;
    assert_eq!(submit(&url, &[("action", "confirm")]).await.0, 303);
    let err = client.users().get_bank_account_onboarding(&user).await.unwrap_err();
    assert_eq!(title(&err), Some("Invalid results"));
    let err = client.users().add_bank_account(&user, &BankAccountRef::new("nordea", &offered[0])).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("No bank accounts")));
}

/// Some user of the demo tenant (another tenant than acme).
async fn client_user(sb: &common::Sandbox) -> String {
    sb.client(DEMO_KEY).users().list(&ListUsers::default()).await.unwrap().items[0].service_account_id.clone()
}

#[tokio::test]
async fn another_tenants_users_are_not_found() {
    let sb = common::start().await;
    let acme = sb.client(ACME_KEY);
    let demo_user = client_user(&sb).await;
    let err = acme.users().get(&demo_user).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::NotFound(ErrorBody::Empty)), "{err:?}");
    assert_eq!(acme.users().list_banks(&demo_user).await.unwrap_err().status(), Some(404));
    assert_eq!(acme.users().list_bank_accounts(&demo_user).await.unwrap_err().status(), Some(404));
    assert_eq!(acme.users().get_bank_account_onboarding(&demo_user).await.unwrap_err().status(), Some(404));
    let accounts = sb.client(DEMO_KEY).users().list_bank_accounts(&demo_user).await.unwrap().items;
    let r = BankAccountRef::new(&accounts[0].bank_id, &accounts[0].bank_account_id);
    assert_eq!(acme.users().set_default_bank_account(&demo_user, &r).await.unwrap_err().status(), Some(404));
    assert_eq!(acme.users().delete_bank_account(&demo_user, &r).await.unwrap_err().status(), Some(404));
    assert!(acme.users().list(&ListUsers::default()).await.unwrap().items.is_empty(), "acme has no users yet");
    sb.user(ACME_KEY, "acme-1", "Acme Person").await;
    let listed = acme.users().list(&ListUsers::default()).await.unwrap().items;
    assert_eq!(listed.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(), vec!["Acme Person"]);
    // Odd ids are encoded, never a different route.
    assert_eq!(acme.users().get("../transactions").await.unwrap_err().status(), Some(404));
}

#[tokio::test]
async fn onboarding_result_expires_30_minutes_after_the_user_returns() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let user = sb.user(ACME_KEY, "ref-exp", "Karen Bo").await;
    let picked = onboard(&client, &user, "sydbank", 2).await;
    advance(&sb, ACME_KEY, 29 * 60).await;
    assert_eq!(
        client.users().get_bank_account_onboarding(&user).await.unwrap().bank_accounts.len(),
        2,
        "still there at 29 min"
    );
    client.users().add_bank_account(&user, &BankAccountRef::new("sydbank", &picked[0])).await.unwrap();
    advance(&sb, ACME_KEY, 2 * 60).await;
    let err = client.users().get_bank_account_onboarding(&user).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(400), Some("Invalid results")));
    let err = client.users().add_bank_account(&user, &BankAccountRef::new("sydbank", &picked[1])).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("No bank accounts")));
    assert_eq!(client.users().list_bank_accounts(&user).await.unwrap().items.len(), 2, "what was added stays");
}
