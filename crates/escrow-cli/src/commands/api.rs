//! `escrow api METHOD PATH`: one raw request with the key, base URL and dialect in force, the
//! answer's body printed as it came, the exit code from the status (as `gh api`).

use super::ctx::Ctx;
use crate::args::tools::Api;
use crate::body::Field;
use crate::exit::Failure;
use crate::key::Target;
use crate::output;
use escrow_api::Dialect;
use reqwest::Method;
use serde_json::Value;

/// Larger answers are cut off: no answer of either API comes near.
const MAX_ANSWER_BYTES: usize = 64 * 1024 * 1024;

pub async fn run(ctx: &Ctx, target: &Target, timeout: u64, a: Api) -> Result<(), Failure> {
    let (raw_method, path) = match crate::route_overrides::rewrite(&target.routes, target.dialect, &a.method, &a.path) {
        Some((method, path, name)) => {
            eprintln!("escrow: {} {} goes to {method} {path} (the profile's route of {name})", a.method, a.path);
            (method, path)
        }
        None => (a.method.clone(), a.path.clone()),
    };
    let method = match raw_method.to_ascii_uppercase().as_str() {
        m @ ("GET" | "POST" | "PUT" | "PATCH" | "DELETE") => Method::from_bytes(m.as_bytes()).unwrap_or(Method::GET),
        other => return Err(Failure::usage(format!("`{other}` is not a method: use GET, POST, PUT, PATCH or DELETE"))),
    };
    if !a.path.starts_with('/') || a.path.starts_with("//") {
        return Err(Failure::usage(format!("`{}`: give the path after the base URL, e.g. /v2/transactions", a.path)));
    }
    let (base_url, http) = super::raw_http::client(target, timeout)?;
    let url = format!("{base_url}{path}");
    let correlation = uuid::Uuid::new_v4().to_string();
    let mut req = http
        .request(method.clone(), &url)
        .bearer_auth(target.api_key.trim())
        .header("x-correlation-id", &correlation)
        .header("accept", "application/json, application/problem+json, */*");
    if let Some(key) = &ctx.idempotency_key {
        req = req.header("idempotency-key", key);
    }
    let in_query = matches!(method, Method::GET | Method::DELETE);
    if in_query {
        if a.body.input.is_some() {
            return Err(Failure::usage(format!("--input sends a body, which a {method} does not take")));
        }
        req = req.query(&query(&a.body.parsed_fields()?));
    } else if !a.body.is_empty() {
        let mut body = a.body.value()?;
        if target.dialect == Dialect::Published {
            escrow_api::dialect::to_published(&mut body);
        }
        req = req.header("content-type", "application/json").body(body.to_string());
    }
    let mut res = req.send().await.map_err(|e| no_answer(&url, &e))?;
    let status = res.status();
    if a.include {
        eprintln!("{:?} {status}", res.version());
        for (name, value) in res.headers() {
            eprintln!("{name}: {}", String::from_utf8_lossy(value.as_bytes()));
        }
        eprintln!("x-correlation-id (sent): {correlation}");
    }
    let mut body = Vec::new();
    while let Some(chunk) = res.chunk().await.map_err(|e| no_answer(&url, &e))? {
        body.extend_from_slice(&chunk);
        if body.len() > MAX_ANSWER_BYTES {
            return Err(Failure::Network(format!("the answer of {url} is larger than {MAX_ANSWER_BYTES} bytes")));
        }
    }
    print_body(&body)?;
    if status.is_success() { Ok(()) } else { Err(Failure::Status(status.as_u16())) }
}

/// `--field` pairs as query parameters: dotted keys joined back, JSON values as their text.
fn query(fields: &[Field]) -> Vec<(String, String)> {
    fields
        .iter()
        .map(|f| {
            let value = match &f.value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (f.path.join("."), value)
        })
        .collect()
}

/// JSON pretty-printed; anything else as it came.
fn print_body(body: &[u8]) -> Result<(), Failure> {
    if body.is_empty() {
        return Ok(());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(value) => output::emit_json(&value),
        Err(_) => {
            let text = String::from_utf8_lossy(body);
            output::emit(&if text.ends_with('\n') { text.into_owned() } else { format!("{text}\n") })
        }
    }
}

fn no_answer(url: &str, e: &reqwest::Error) -> Failure {
    let what = if e.is_timeout() { "no answer in time" } else { "no answer" };
    Failure::Network(format!("{what} from {url}: {e}"))
}
