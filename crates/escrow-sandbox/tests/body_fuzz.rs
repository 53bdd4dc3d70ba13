//! The body guard and the readers behind it, fuzzed over real HTTP: random bytes, random JSON
//! values and mutations of valid bodies sent to operations of each refusal shape (v2 problem
//! details, the plain-string 400 of update, the control API, the trade API) never get a 5xx,
//! and a JSON value that is not an object is always refused with a 400. `make test` runs
//! proptest's default number of cases; `make fuzz` many more (`PROPTEST_CASES`).

use proptest::prelude::*;
use serde_json::{Value, json};

const KEY: &str = "fuzz-key";

mod one_tenant;

/// Where to send, and a valid body to mutate.
const TARGETS: &[(&str, &str, &str)] = &[
    ("POST", "/v2/transactions/{tx}/cancel", r#"{"serviceAccountId":"{payer}","reason":"fuzz"}"#),
    ("POST", "/v2/transactions/{tx}/update", r#"{"expectedCompletion":null,"retailAmount":null}"#),
    ("PUT", "/_sandbox/webhook-url", r#"{"url":"http://127.0.0.1:9/hook"}"#),
    ("POST", "/_sandbox/users", r#"{"referenceId":"r","type":"Private"}"#),
    (
        "POST",
        "/v2/transactions/marketplace",
        r#"{"amount":100,"title":"Lamp","payeeId":"{payee}","payerId":"{payer}"}"#,
    ),
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "\\PC{0,30}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::hash_map("[a-zA-Z]{1,12}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

#[test]
fn no_body_makes_the_sandbox_fail_and_no_other_json_passes_for_an_object() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let sb = rt.block_on(one_tenant::start(KEY, ""));
    let post = |path: &str, body: Value| -> Value {
        rt.block_on(async {
            let res = sb.http.post(format!("{}{path}", sb.sb.url)).bearer_auth(KEY).json(&body).send().await.unwrap();
            res.json().await.unwrap()
        })
    };
    let payer =
        post("/_sandbox/users", json!({"referenceId": "payer"}))["serviceAccountId"].as_str().unwrap().to_owned();
    let payee =
        post("/_sandbox/users", json!({"referenceId": "payee"}))["serviceAccountId"].as_str().unwrap().to_owned();
    let created = rt.block_on(async {
        let body = json!({"amount": 100, "title": "Lamp", "payeeId": payee, "payerId": payer});
        let res = sb
            .http
            .post(format!("{}/v2/transactions/marketplace", sb.sb.url))
            .bearer_auth(KEY)
            .header("Idempotency-Key", "k0")
            .json(&body)
            .send()
            .await
            .unwrap();
        res.json::<Value>().await.unwrap()
    });
    let tx = created["transactionId"].as_str().unwrap().to_owned();
    let fill = |s: &str| s.replace("{tx}", &tx).replace("{payer}", &payer).replace("{payee}", &payee);
    let send = |target: usize, body: Vec<u8>| -> (u16, String) {
        let (method, path, _) = TARGETS[target];
        rt.block_on(async {
            let res = sb
                .http
                .request(method.parse().unwrap(), format!("{}{}", sb.sb.url, fill(path)))
                .bearer_auth(KEY)
                .header("content-type", "application/json")
                .header("Idempotency-Key", uuid_like(&body))
                .body(body)
                .send()
                .await
                .unwrap();
            (res.status().as_u16(), res.text().await.unwrap_or_default())
        })
    };
    let mut runner = proptest::test_runner::TestRunner::default();
    let strategy = (
        0..TARGETS.len(),
        prop_oneof![proptest::collection::vec(any::<u8>(), 0..512).prop_map(Err), json_value().prop_map(Ok),],
        any::<usize>(),
        any::<u8>(),
    );
    runner
        .run(&strategy, |(target, body, at, byte)| {
            let bytes = match &body {
                Err(raw) => raw.clone(),
                Ok(v) => serde_json::to_vec(v).unwrap(),
            };
            let (status, text) = send(target, bytes);
            prop_assert!(status < 500, "{} {}: {status} {text}", TARGETS[target].0, TARGETS[target].1);
            if let Ok(v) = &body
                && !v.is_object()
            {
                prop_assert_eq!(status, 400, "{} {} took {}: {}", TARGETS[target].0, TARGETS[target].1, v, text);
            }
            // A valid body with one byte changed.
            let mut valid = fill(TARGETS[target].2).into_bytes();
            let at = at % valid.len();
            valid[at] = byte;
            let (status, text) = send(target, valid);
            prop_assert!(status < 500, "mutated: {status} {text}");
            Ok(())
        })
        .unwrap();
}

/// An Idempotency-Key per body (a repeat of the same body replays, as it should).
fn uuid_like(body: &[u8]) -> String {
    let sum = body.iter().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(*b)));
    format!("fuzz-{sum:016x}")
}
