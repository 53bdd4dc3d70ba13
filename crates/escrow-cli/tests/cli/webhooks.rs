//! `webhooks verify`: a payload in the specs' names and in the published ones read the same.

use crate::harness::escrow_env;
use serde_json::json;

fn verify(dir: &std::path::Path, name: &str, payload: &str, extra: &[&str]) -> crate::harness::Run {
    let path = dir.join(name);
    std::fs::write(&path, payload).expect("payload written");
    let mut args = vec!["webhooks", "verify", path.to_str().expect("utf-8 path")];
    args.extend_from_slice(extra);
    escrow_env(&args, &[])
}

#[test]
fn spec_and_published_payloads_print_the_same_spec_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let spec = r#"{"eventName":"transaction.payment.paid","eventDate":"2026-01-01T10:00:00+01:00","webhookId":"w-1",
        "transactionId":"t-1","paymentId":"p-1","referenceId":"ORD-1",
        "payee":{"serviceAccountId":"payee-1","referenceId":"seller"},
        "payer":{"serviceAccountId":"payer-1","referenceId":null}}"#;
    let published = spec.replace("serviceAccountId", "safepayAccountId");
    let a = verify(dir.path(), "spec.json", spec, &[]).expect(0);
    let b = verify(dir.path(), "published.json", &published, &["--json"]).expect(0);
    assert_eq!(a.stdout, b.stdout, "the same JSON whatever the dialect");
    let event = b.json();
    assert_eq!(event["payee"]["serviceAccountId"], "payee-1");
    assert_eq!(event["eventDate"], "2026-01-01T09:00:00Z");
    assert!(!b.stdout.contains("safepayAccountId"));
    assert!(a.stderr.contains("a valid transaction event (transaction.payment.paid)"), "{}", a.stderr);
    assert!(b.stderr.is_empty(), "--json prints nothing else: {}", b.stderr);

    let connections = json!([{"referenceId": "r-9", "connected": null}]);
    let user_spec = json!({"eventName": "user.bankaccount.connected", "eventDate": "2026-02-01T08:00:00Z",
                           "webhookId": "w-2", "serviceAccountId": "acc-9", "connections": connections});
    let user_published = json!({"eventName": "user.bankaccount.connected", "eventDate": "2026-02-01T08:00:00Z",
                                "webhookId": "w-2", "safepayAccountId": "acc-9", "connections": connections});
    let a = verify(dir.path(), "user-spec.json", &user_spec.to_string(), &["--json"]).expect(0);
    let b = verify(dir.path(), "user-published.json", &user_published.to_string(), &["--json"]).expect(0);
    assert_eq!(a.json(), b.json());
    assert_eq!(b.json()["serviceAccountId"], "acc-9");

    // The published trade webhook (docs/published-examples/trade-webhook-user-connected.json).
    let trade = json!({"id": "3a89b901-eb6b-4818-80a1-e281a3235aaa", "referenceId": "22a0631f-9033-4250-9c55-4f3f53d59070",
                       "eventName": "user.connected", "eventDate": "2025-05-13T19:30:12+02:00",
                       "symblepayAccountId": "d8f7b2c7-febb-402f-bde7-7382b9fa1ad0"});
    let event = verify(dir.path(), "trade.json", &trade.to_string(), &["--json"]).expect(0).json();
    assert_eq!(event["serviceAccountId"], "d8f7b2c7-febb-402f-bde7-7382b9fa1ad0");
    assert_eq!(event["webhookId"], "3a89b901-eb6b-4818-80a1-e281a3235aaa");
    assert_eq!(event["connections"][0]["referenceId"], "22a0631f-9033-4250-9c55-4f3f53d59070");
}

#[test]
fn not_a_webhook_exits_5_and_a_missing_file_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run =
        verify(dir.path(), "bad.json", r#"{"eventName":"transaction.created","transactionId":"t"}"#, &[]).expect(5);
    assert!(run.stderr.contains("bad.json is not a webhook payload"), "{}", run.stderr);
    verify(dir.path(), "html.json", "<html>", &[]).expect(5);
    let missing = dir.path().join("missing.json");
    let run = escrow_env(&["webhooks", "verify", missing.to_str().expect("utf-8")], &[]).expect(2);
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}
