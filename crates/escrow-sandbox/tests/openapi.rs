//! `GET /openapi.json` against the real router, in both dialects: every documented
//! (method, path) is routed to exactly that route (a layer over [`escrow_sandbox::app`]
//! reports axum's matched path), the router serves nothing the table does not list (no
//! source file adds a route around the table), the document is well formed, and real
//! answers fit the schemas of the main resources.

mod schema_check;

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use escrow_sandbox::state::AppState;
use escrow_sandbox::{DEMO_KEY, Dialect, TenantConfig};
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::HashSet;
use std::sync::Arc;

const MATCHED: &str = "x-test-matched-path";
const PUBLIC: &str = "http://sandbox.example.test:9999";

/// Copies axum's matched route (absent when the fallback answered) into a header.
async fn report_match(req: Request, next: Next) -> Response {
    let matched = req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_owned());
    let mut response = next.run(req).await;
    if let Some(path) = matched.and_then(|p| p.parse().ok()) {
        response.headers_mut().insert(MATCHED, path);
    }
    response
}

struct Served {
    url: String,
    _dir: tempfile::TempDir,
}

/// The real app over a seeded demo tenant, with the match reporter around it.
async fn serve(dialect: Dialect) -> Served {
    let dir = tempfile::tempdir().unwrap();
    let db = escrow_sandbox::db::Db::open(dir.path(), escrow_sandbox::v2::SCHEMA).unwrap();
    let clock = escrow_sandbox::clock::Clock::default();
    let now = clock.now();
    db.call(move |c| escrow_sandbox::seed::seed_demo(c, "demo", now)).await.unwrap();
    let state = AppState {
        db,
        tenants: Arc::new(vec![TenantConfig::demo()]),
        clock,
        public_url: PUBLIC.into(),
        faults: Arc::default(),
        in_flight: Arc::default(),
        dialect,
    };
    let app = escrow_sandbox::app(state).layer(axum::middleware::from_fn(report_match));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    Served { url, _dir: dir }
}

async fn document(url: &str) -> Value {
    let res = reqwest::get(format!("{url}/openapi.json")).await.unwrap();
    assert_eq!(res.status(), 200, "served without a key");
    res.json().await.unwrap()
}

/// Every (method, path template) the document lists.
fn operations(doc: &Value) -> Vec<(Method, String)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            out.push((method.to_uppercase().parse().unwrap(), path.clone()));
        }
    }
    out
}

/// `/v2/users/{id}` → `/v2/users/placeholder-id`.
fn concrete(template: &str) -> String {
    template
        .split('/')
        .map(|seg| match seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(name) => format!("placeholder-{name}"),
            None => seg.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn every_documented_route_answers_from_that_route_in_both_dialects() {
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for dialect in Dialect::ALL {
        let served = serve(dialect).await;
        let doc = document(&served.url).await;
        let ops = operations(&doc);
        assert!(ops.len() > 90, "{dialect}: {} operations", ops.len());
        for (method, template) in &ops {
            let form = template.starts_with("/hosted/") && method == Method::POST;
            let (kind, body) =
                if form { ("application/x-www-form-urlencoded", "") } else { ("application/json", "{}") };
            let res = http
                .request(method.clone(), format!("{}{}", served.url, concrete(template)))
                .bearer_auth(DEMO_KEY)
                .header("content-type", kind)
                .body(body)
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let matched = res.headers().get(MATCHED).and_then(|v| v.to_str().ok()).map(str::to_owned);
            assert_ne!(status, 405, "{dialect}: {method} {template} is documented but not served");
            assert_eq!(matched.as_deref(), Some(template.as_str()), "{dialect}: {method} {template} (status {status})");
        }
        // The reporter tells the fallback apart: an unknown route has no match.
        let unknown = http.get(format!("{}/v2/no-such-route", served.url)).bearer_auth(DEMO_KEY).send().await.unwrap();
        assert_eq!((unknown.status().as_u16(), unknown.headers().get(MATCHED)), (404, None));
        let wrong_method =
            http.delete(format!("{}/v2/transactions", served.url)).bearer_auth(DEMO_KEY).send().await.unwrap();
        assert_eq!(wrong_method.status(), 405, "a method the document does not list is refused");
    }
}

#[tokio::test]
async fn each_dialect_documents_its_own_routes_and_names() {
    let spec = document(&serve(Dialect::Spec).await.url).await;
    let published = document(&serve(Dialect::Published).await.url).await;
    let has = |doc: &Value, method: &str, path: &str| doc["paths"][path][method].is_object();
    assert!(has(&spec, "post", "/v1/marketplace/trades") && !has(&published, "post", "/v1/marketplace/trades"));
    assert!(
        has(&published, "post", "/v1/marketplace/trades/initiate")
            && !has(&spec, "post", "/v1/marketplace/trades/initiate")
    );
    assert!(has(&published, "post", "/v2/checkout/marketplace") && !has(&spec, "post", "/v2/checkout/marketplace"));
    let props = |doc: &Value, schema: &str| doc["components"]["schemas"][schema]["properties"].clone();
    assert!(props(&spec, "Party")["serviceAccountId"].is_object());
    assert!(
        props(&published, "Party")["safepayAccountId"].is_object()
            && props(&published, "Party")["serviceAccountId"].is_null()
    );
    assert!(
        props(&published, "SandboxUserCreated")["serviceAccountId"].is_object(),
        "control API keeps the spec's names"
    );
    assert!(props(&published, "TradeLink")["redirectUrl"].is_object() && props(&spec, "TradeLink")["url"].is_object());
    assert_eq!(spec["info"]["title"], "Escrow sandbox (spec dialect)");
    assert_eq!(published["servers"][0]["url"], "/", "servers is relative: the same document on every start");
}

#[tokio::test]
async fn the_document_is_well_formed() {
    let doc = document(&serve(Dialect::Spec).await.url).await;
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(doc["info"]["description"].as_str().unwrap().contains("generated from the types"));
    let mut ids = HashSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            assert!(
                ids.insert(op["operationId"].as_str().unwrap().to_owned()),
                "operationId repeated: {method} {path}"
            );
            assert!(!op["summary"].as_str().unwrap().is_empty(), "{method} {path}");
            let declared: HashSet<&str> = op["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            let in_path: HashSet<&str> =
                path.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect();
            assert_eq!(declared, in_path, "{method} {path}");
            let open = op["security"] == json!([]);
            assert_eq!(
                open,
                path.starts_with("/hosted/")
                    || path == "/_sandbox/health"
                    || path == "/openapi.json"
                    || path == "/_sandbox/receiver/{tenant}",
                "{method} {path}"
            );
        }
    }
    let mut refs = Vec::new();
    schema_check::collect_refs(&doc, &mut refs);
    assert!(refs.len() > 50);
    for r in refs {
        let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{r}"));
        assert!(doc["components"]["schemas"][name].is_object(), "{r} does not resolve");
    }
}

/// Real answers of the main resources fit their documented schemas, in both dialects.
#[tokio::test]
async fn answers_fit_the_documented_schemas() {
    for dialect in Dialect::ALL {
        let served = serve(dialect).await;
        let doc = document(&served.url).await;
        let http = reqwest::Client::new();
        let get = |path: String| {
            let req = http.get(format!("{}{path}", served.url)).bearer_auth(DEMO_KEY);
            async move { req.send().await.unwrap().json::<Value>().await.unwrap() }
        };
        let list = get("/v2/transactions?Take=50".into()).await;
        schema_check::fits(&doc, "TransactionList", &list);
        for item in list["items"].as_array().unwrap().iter().take(20) {
            let id = item["transactionId"].as_str().unwrap();
            schema_check::fits(&doc, "Transaction", &get(format!("/v2/transactions/{id}")).await);
        }
        let users = get("/v2/users".into()).await;
        schema_check::fits(&doc, "UserList", &users);
        let account = if dialect == Dialect::Spec { "serviceAccountId" } else { "safepayAccountId" };
        let user = users["items"][0][account].as_str().unwrap();
        schema_check::fits(&doc, "User", &get(format!("/v2/users/{user}")).await);
        schema_check::fits(&doc, "DocumentList", &get("/v2/documents".into()).await);
        schema_check::fits(&doc, "SandboxHealth", &get("/_sandbox/health".into()).await);
    }
}

/// Routes are added only through the table: no other source file builds a router.
#[test]
fn no_route_is_added_around_the_table() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("openapi/table.rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for needle in [".route(", "Router::new(", ".nest(", ".route_service(", ".nest_service("] {
                    if text.contains(needle) {
                        offenders.push(format!("{} uses {needle}", path.display()));
                    }
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}
