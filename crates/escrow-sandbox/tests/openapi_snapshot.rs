//! The served `/openapi.json` of each dialect, fetched over HTTP from a sandbox started
//! here, equals its committed snapshot (`tests/snapshots/openapi-<dialect>.json`), so any
//! change of the document is seen in review. `UPDATE_SNAPSHOTS=1 cargo test -p
//! escrow-sandbox --test openapi_snapshot` writes the served documents instead.
//!
//! Also checked on the served documents: every JSON request body is an object schema (but
//! two, documented otherwise), and an array sent to each of those operations is refused
//! with a 400 in a content type its document lists.

use escrow_sandbox::Dialect;
use serde_json::Value;
use std::path::PathBuf;

mod one_tenant;

const KEY: &str = "snapshot-key";

fn snapshot_path(dialect: Dialect) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/snapshots/openapi-{dialect}.json"))
}

/// The first lines where `want` and `got` differ, with a few lines of context.
fn first_difference(want: &str, got: &str) -> String {
    let (want, got): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let at = want.iter().zip(&got).position(|(w, g)| w != g).unwrap_or(want.len().min(got.len()));
    let from = at.saturating_sub(3);
    let show =
        |lines: &[&str]| lines.iter().skip(from).take(8).map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n");
    format!("first difference at line {}:\n--- snapshot\n{}\n--- served\n{}", at + 1, show(&want), show(&got))
}

#[tokio::test]
async fn the_served_document_equals_the_snapshot_in_each_dialect() {
    let update = std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1");
    for dialect in Dialect::ALL {
        let one_tenant::Sb { sb, _dir, .. } = one_tenant::start_in(KEY, "", dialect).await;
        let doc: Value = reqwest::get(format!("{}/openapi.json", sb.url)).await.unwrap().json().await.unwrap();
        let served = format!("{}\n", serde_json::to_string_pretty(&doc).unwrap());
        assert!(!served.contains(&sb.addr.port().to_string()), "{dialect}: the document names the port");
        let path = snapshot_path(dialect);
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &served).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            want == served,
            "{dialect}: the served OpenAPI document differs from {}.\n{}\n\
             If the change is intended: UPDATE_SNAPSHOTS=1 cargo test -p escrow-sandbox --test openapi_snapshot",
            path.display(),
            first_difference(&want, &served)
        );
    }
}

/// `/v2/users/{id}` → `/v2/users/placeholder`.
fn concrete(template: &str) -> String {
    template.split('/').map(|seg| if seg.starts_with('{') { "placeholder" } else { seg }).collect::<Vec<_>>().join("/")
}

/// Resolves one `$ref` level of a schema.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")) {
        Some(name) => &doc["components"]["schemas"][name],
        None => schema,
    }
}

#[tokio::test]
async fn every_json_body_is_an_object_and_an_array_is_refused_everywhere() {
    for dialect in Dialect::ALL {
        let one_tenant::Sb { sb, _dir, http } = one_tenant::start_in(KEY, "", dialect).await;
        let doc: Value = reqwest::get(format!("{}/openapi.json", sb.url)).await.unwrap().json().await.unwrap();
        let mut tried = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let Some(schema) = op["requestBody"]["content"]["application/json"].get("schema") else { continue };
                let kind = &resolve(&doc, schema)["type"];
                if kind == "string" || schema == &Value::Bool(true) {
                    // A trade's item-condition rejection reason (a JSON string) and the own
                    // webhook receiver (whatever arrives).
                    continue;
                }
                assert_eq!(kind, "object", "{dialect}: {method} {path}: {schema}");
                let res = http
                    .request(method.to_uppercase().parse().unwrap(), format!("{}{}", sb.url, concrete(path)))
                    .bearer_auth(KEY)
                    .header("content-type", "application/json")
                    .header("Idempotency-Key", format!("array-{tried}"))
                    .body(r#"["x", "y"]"#)
                    .send()
                    .await
                    .unwrap();
                let status = res.status();
                let kind = res.headers()["content-type"].to_str().unwrap().to_owned();
                let body = res.text().await.unwrap();
                assert_eq!(status, 400, "{dialect}: {method} {path} took an array: {body}");
                assert!(
                    op["responses"]["400"]["content"][&kind].is_object(),
                    "{dialect}: {method} {path} refused as {kind}, not as documented: {body}"
                );
                assert!(!body.contains("struct ") && !body.contains("enum "), "{dialect}: {method} {path}: {body}");
                tried += 1;
            }
        }
        assert!(tried > 30, "{dialect}: only {tried} JSON-body operations");
    }
}
