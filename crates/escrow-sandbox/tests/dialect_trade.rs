//! The published dialect of the trade API over real HTTP: published routes (the spec's
//! answer 404), `{redirectUrl}` links, integer icons and action types, published timeline
//! and phases, `userId` and an integer `operatingSystem` in requests; and the spec
//! dialect exactly as before.

mod wire;

use escrow_sandbox::Dialect;
use serde_json::{Value, json};
use wire::{Api, keys, sorted};

const P: &str = "/v1/marketplace";

async fn trade_users(api: &Api) {
    for (id, name) in [("buyer-1", "Jonas Poulsen"), ("seller-1", "Mette Nielsen")] {
        let a = api
            .post(
                "/_sandbox/trade/users",
                json!({ "marketplaceUserId": id, "name": name, "phoneNumber": "+45 61327705" }),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.text);
    }
}

fn initiate_body(operating_system: Value) -> Value {
    json!({
        "title": "Hay J77 stole", "description": "Fire stole i sort bøg", "amount": 1000,
        "payerFee": 2.5, "payerFixedFee": 10, "payeeFee": 5, "payeeFixedFee": 0,
        "payerMarketplaceUserId": "buyer-1", "payeeMarketplaceUserId": "seller-1",
        "successUrl": "https://shop.example/ok", "cancelUrl": "https://shop.example/cancel",
        "imageUrls": ["https://cdn.example/1.jpg", "https://cdn.example/2.jpg"],
        "appSwitch": { "appSwitchCallbackUri": "shop://back", "operatingSystem": operating_system },
    })
}

/// The published shape of a trade record: exact keys and JSON types.
fn assert_published_trade(t: &Value) {
    for role in ["payer", "payee"] {
        let party = &t[role];
        assert_eq!(
            keys(party),
            sorted(&[
                "address",
                "city",
                "fees",
                "name",
                "phoneNumber",
                "postalCode",
                "status",
                "symblepayUserId",
                "timeline"
            ]),
            "{party}"
        );
        assert!(party["symblepayUserId"].is_string() && party["address"].is_string() && party["city"].is_string());
        let status = &party["status"];
        assert!(
            status["iconId"].is_i64() && status["deadline"].is_string() && status["deadlineDescription"].is_string(),
            "{status}"
        );
        for action in status["actions"].as_array().unwrap() {
            assert_eq!(keys(action), sorted(&["text", "type"]));
            assert!(action["type"].is_i64() && action["text"].is_string(), "{action}");
        }
        for entry in party["timeline"].as_array().unwrap() {
            assert_eq!(
                keys(entry),
                sorted(&[
                    "date",
                    "description",
                    "detailsDeadlineDescription",
                    "detailsDescription",
                    "detailsTitle",
                    "iconId",
                    "id",
                    "state",
                    "title"
                ])
            );
            assert!(
                entry["id"].is_i64()
                    && entry["iconId"].is_i64()
                    && entry["state"].is_i64()
                    && entry["date"].is_string(),
                "{entry}"
            );
        }
    }
    let phases = &t["phases"];
    assert_eq!(
        keys(&phases["contract"]),
        sorted(&["amount", "invitationAccepted", "invitationRejected", "paid", "started"])
    );
    assert_eq!(
        keys(&phases["delivery"]),
        sorted(&[
            "approved",
            "delivered",
            "labelPricePayee",
            "labelPricePayer",
            "lost",
            "paid",
            "rejected",
            "sent",
            "started"
        ])
    );
    assert!(phases["contract"]["amount"].is_number() && phases["delivery"]["labelPricePayer"].is_number());
    for (phase, fields) in phases.as_object().unwrap() {
        for (name, v) in fields.as_object().unwrap() {
            assert!(v.is_string() || v.is_number(), "{phase}.{name} is {v}: unset dates are \"\", never null");
        }
    }
    for image in t["images"].as_array().unwrap() {
        assert_eq!(keys(image), sorted(&["url"]));
    }
    assert!(!serde_json::to_string(t).unwrap().contains("serviceUserId"));
}

fn types(status: &Value) -> Vec<i64> {
    status["actions"].as_array().unwrap().iter().map(|a| a["type"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn a_trade_walks_to_completed_on_published_routes_and_shapes() {
    let api = wire::start(Dialect::Published).await;
    trade_users(&api).await;
    assert_eq!(
        api.post(&format!("{P}/trades"), initiate_body(json!(1))).await.status,
        404,
        "the spec's route is not served"
    );

    let refused = api.post(&format!("{P}/trades/initiate"), initiate_body(json!("Android"))).await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.json["errors"][0]["key"], json!("appSwitch.operatingSystem"), "{}", refused.text);

    let started = api.post(&format!("{P}/trades/initiate"), initiate_body(json!(1))).await;
    assert_eq!(started.status, 200, "{}", started.text);
    assert_eq!(keys(&started.json), sorted(&["redirectUrl", "tradeId"]));
    let id = started.json["tradeId"].as_str().unwrap().to_owned();
    let redirect = started.json["redirectUrl"].as_str().unwrap();
    assert!(redirect.starts_with(&format!("{}/hosted/trade/status/", api.sb.url)), "{redirect}");
    let page = reqwest::get(redirect).await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("Hay J77 stole"), "the payer's status page of the trade");

    let buyer = format!("{P}/users/buyer-1/trades/{id}");
    let seller = format!("{P}/users/seller-1/trades/{id}");
    let t = api.get(&buyer).await.json;
    assert_published_trade(&t);
    assert_eq!(t["payer"]["status"]["iconId"], json!(1), "invitation");
    assert_eq!(types(&t["payer"]["status"]), [1, 2, 3, 10]);
    assert_eq!(t["payer"]["status"]["actions"][1]["text"], json!("Accept and pay"));
    assert_eq!((t["payee"]["status"]["iconId"].as_i64(), types(&t["payee"]["status"])), (Some(2), vec![10]));
    assert_eq!(t["payer"]["timeline"][0]["id"], json!(1));
    assert_eq!(t["payer"]["timeline"][0]["state"], json!(2));
    assert_eq!(t["phases"]["contract"]["amount"], json!(1035.0), "price + payer fees");
    assert_eq!(
        (&t["phases"]["contract"]["paid"], &t["phases"]["contract"]["invitationAccepted"]),
        (&json!(""), &json!(""))
    );
    assert_eq!(t["images"], json!([{ "url": "https://cdn.example/1.jpg" }, { "url": "https://cdn.example/2.jpg" }]));
    let listed = api.get(&format!("{P}/users/buyer-1/trades")).await.json;
    assert_published_trade(&listed["trades"][0]);
    let link = api.post(&format!("{buyer}/status-link"), json!({ "returnUrl": "https://shop.example/t" })).await;
    assert_eq!(keys(&link.json), sorted(&["redirectUrl"]), "{}", link.text);

    let payment = api.post(&format!("{buyer}/accept-and-pay"), json!({})).await;
    assert_eq!(payment.status, 200, "{}", payment.text);
    let external = payment.json["externalId"].as_str().unwrap().to_owned();
    let flow = api
        .post(
            &format!("{P}/users/buyer-1/payments/{external}/flow"),
            json!({ "successUrl": "https://s.example", "cancelUrl": "https://c.example" }),
        )
        .await;
    assert_eq!(keys(&flow.json), sorted(&["redirectUrl"]), "{}", flow.text);
    assert_eq!(api.post(&format!("/_sandbox/trade/payments/{external}/paid"), json!({})).await.status, 200);
    let t = api.get(&seller).await.json;
    assert_published_trade(&t);
    assert_eq!(
        (t["payee"]["status"]["iconId"].as_i64(), types(&t["payee"]["status"])),
        (Some(4), vec![5, 10]),
        "send the item"
    );
    assert_eq!(types(&t["payer"]["status"]), Vec::<i64>::new());
    let contract = &t["phases"]["contract"];
    assert!(contract["paid"].as_str().is_some_and(|d| !d.is_empty()) && contract["invitationAccepted"] != json!(""));
    assert_eq!(t["phases"]["delivery"]["started"], contract["paid"]);

    let label = json!({ "price": 0, "shipmentProviderId": "gls", "expectedMaxWeightInGrams": 1000 });
    assert_eq!(api.post(&format!("{seller}/shipments/delivery"), label).await.status, 200);
    let t = api.get(&buyer).await.json;
    assert_published_trade(&t);
    assert_eq!(
        (t["payer"]["status"]["iconId"].as_i64(), types(&t["payer"]["status"])),
        (Some(5), vec![7, 8]),
        "inspect"
    );
    let delivery = &t["phases"]["delivery"];
    assert!(delivery["sent"].as_str().is_some_and(|d| !d.is_empty()));
    assert_eq!((&delivery["delivered"], &delivery["lost"]), (&delivery["sent"], &json!("")));

    let done = api.post(&format!("{buyer}/item-condition/accept"), json!({})).await;
    assert_eq!(done.status, 200, "{}", done.text);
    assert_published_trade(&done.json);
    assert_eq!(
        (done.json["payer"]["status"]["iconId"].as_i64(), types(&done.json["payer"]["status"])),
        (Some(7), vec![])
    );
    let phases = &done.json["phases"];
    assert!(phases["delivery"]["approved"].as_str().is_some_and(|d| !d.is_empty()));
    assert_eq!((&phases["delivery"]["rejected"], &phases["return"]["started"]), (&json!(""), &json!("")));
    assert_eq!(phases["finished"]["outcome"], json!("Completed"));
    let kinds: Vec<String> = api.get("/_sandbox/ledger").await.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["kind"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(kinds, ["trade.payment", "trade.release"]);
}

#[tokio::test]
async fn published_user_routes_links_and_refusals() {
    let api = wire::start(Dialect::Published).await;
    trade_users(&api).await;
    let urls = json!({ "successUrl": "https://shop.example/ok", "cancelUrl": "https://shop.example/no" });
    let with = |extra: Value| {
        let mut body = urls.clone();
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    assert_eq!(api.post(&format!("{P}/connect"), with(json!({ "marketplaceUserId": "new-1" }))).await.status, 404);
    assert_eq!(api.post(&format!("{P}/users/buyer-1/payout-account"), json!({})).await.status, 404);

    let connect = api.post(&format!("{P}/users/connect"), with(json!({ "userId": "new-1" }))).await;
    assert_eq!(keys(&connect.json), sorted(&["redirectUrl"]), "{}", connect.text);
    assert!(connect.json["redirectUrl"].as_str().unwrap().contains("/hosted/trade/connect/"));
    let spec_name = api.post(&format!("{P}/users/connect"), with(json!({ "marketplaceUserId": "new-1" }))).await;
    assert_eq!(spec_name.status, 400);
    let errors: Vec<&str> =
        spec_name.json["errors"].as_array().unwrap().iter().filter_map(|e| e["key"].as_str()).collect();
    assert_eq!(errors, ["marketplaceUserId", "userId"], "{}", spec_name.text);
    assert!(spec_name.json["detail"].as_str().unwrap().contains("send userId, not marketplaceUserId"));

    let payout = api
        .post(&format!("{P}/connect/buyer-1/bankaccount/initiate"), json!({ "returnUrl": "https://shop.example/b" }))
        .await;
    assert_eq!(keys(&payout.json), sorted(&["redirectUrl"]), "{}", payout.text);
    let user = api.get(&format!("{P}/users/buyer-1")).await;
    assert!(user.json["symblepayUserId"].is_string() && user.json.get("serviceUserId").is_none(), "{}", user.text);

    let business = json!({
        "businessId": "38214476", "businessLocationId": "1019283746", "name": "Nielsen Cykler ApS",
        "phoneNumber": "+45 86120455", "payoutsAccountNumber": "DK5000400440116243",
        "address": { "streetName": "Søndergade", "houseNumber": "21", "city": "Aarhus C", "postNumber": "8000" },
    });
    let created = api.post(&format!("{P}/business-users"), business).await;
    assert_eq!(created.status, 200, "{}", created.text);
    assert!(created.json["symblepayUserId"].is_string() && created.json.get("serviceUserId").is_none());

    let refused =
        api.post(&format!("{P}/users/connect"), with(json!({ "userId": "new-2", "serviceUserId": "x" }))).await;
    assert_eq!(refused.status, 400);
    assert_eq!(keys(&refused.json), sorted(&["detail", "errors", "status", "title", "traceId", "type", "typeCode"]));
    assert_eq!(refused.json["errors"][0]["key"], json!("serviceUserId"));
    assert!(
        refused.json["detail"].as_str().unwrap().contains("send symblepayUserId, not serviceUserId"),
        "{}",
        refused.text
    );
}

#[tokio::test]
async fn the_spec_trade_api_is_unchanged() {
    let api = wire::start(Dialect::Spec).await;
    trade_users(&api).await;
    assert_eq!(api.post(&format!("{P}/trades/initiate"), initiate_body(json!(1))).await.status, 404);
    let started = api.post(&format!("{P}/trades"), initiate_body(json!("Android"))).await;
    assert_eq!(keys(&started.json), sorted(&["tradeId"]), "{}", started.text);
    let id = started.json["tradeId"].as_str().unwrap();
    let t = api.get(&format!("{P}/users/buyer-1/trades/{id}")).await.json;
    assert!(t["payer"]["serviceUserId"].is_string());
    assert_eq!(t["payer"]["status"]["iconId"], json!("invitation"));
    assert_eq!(
        t["payer"]["status"]["actions"],
        json!(["AcceptInvitation", "AcceptAndPay", "RejectInvitation", "Abandon"])
    );
    assert_eq!(keys(&t["payer"]["timeline"][0]), sorted(&["text", "time"]));
    assert_eq!(keys(&t["phases"]["contract"]), sorted(&["completed", "started", "state"]));
    assert_eq!(t["images"], json!(["https://cdn.example/1.jpg", "https://cdn.example/2.jpg"]));
    let connect = api
        .post(
            &format!("{P}/connect"),
            json!({ "successUrl": "https://a.example", "cancelUrl": "https://b.example", "marketplaceUserId": "n" }),
        )
        .await;
    assert_eq!(keys(&connect.json), sorted(&["url"]), "{}", connect.text);
}
