//! `escrow listen`: a local HTTP listener registered as a sandbox tenant's webhook URL; each
//! delivery is printed, checked against the spec's event shapes, forwarded with its headers
//! and answered with the local endpoint's status. Ctrl+C stops it and clears the registration
//! (the sandbox cannot tell the URL it had before, so it cannot be restored).

use super::ctx::Ctx;
use super::sandbox_control::SandboxControl;
use super::webhooks;
use crate::args::webhook_tools::Listen;
use crate::exit::Failure;
use crate::stdout;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use reqwest::Url;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// Headers that describe one hop, not the delivery: not forwarded.
const HOP_HEADERS: [&str; 8] =
    ["host", "content-length", "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "proxy-connection"];

/// What each delivery needs.
struct Forwarder {
    http: reqwest::Client,
    forward_to: Option<Url>,
    json: bool,
}

pub async fn run(ctx: &Ctx, control: &SandboxControl, a: Listen, timeout: u64, sandbox: Known) -> Result<(), Failure> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", a.port))
        .await
        .map_err(|e| Failure::usage(format!("cannot listen on 127.0.0.1:{}: {e}", a.port)))?;
    let port = listener.local_addr().map_err(|e| Failure::local(format!("cannot listen: {e}")))?.port();
    let own_url = format!("http://127.0.0.1:{port}/webhooks");
    let registered = match sandbox {
        Known::BuiltIn { .. } => true,
        Known::Unknown => control.is_sandbox().await?,
    };
    if registered {
        control.set_webhook_url(Some(&own_url)).await?;
        eprintln!("escrow: registered {own_url} as the webhook URL of the sandbox at {}", control.base());
        if let Known::BuiltIn { in_process: true } = sandbox {
            eprintln!(
                "escrow: the built-in Sandbox runs in this command; to trigger an event from another terminal: \
                 {}={} escrow --profile Sandbox trigger transaction.created",
                crate::builtin_sandbox::SHARED_ENV,
                control.base()
            );
        }
    } else {
        eprintln!(
            "escrow: {} is not a sandbox, so nothing was registered: the specs do not show how a webhook URL is \
             registered with the real service (arrange it with the service, e.g. in the tenant's portal). \
             Listening only, for a tunnel pointed at {own_url}",
            control.base()
        );
    }
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(timeout))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| Failure::local(format!("cannot start HTTP: {e}")))?;
    let forwarder = Arc::new(Forwarder { http, forward_to: a.forward_to, json: ctx.json });
    // The handler is in place (first poll) before "ready" is said: a Ctrl+C from then on stops cleanly.
    let mut interrupted = Box::pin(tokio::signal::ctrl_c());
    if let std::task::Poll::Ready(Err(e)) = futures::poll!(interrupted.as_mut()) {
        return Err(Failure::local(format!("cannot watch for Ctrl+C: {e}")));
    }
    let target = forwarder.forward_to.as_ref().map_or_else(|| "nowhere (answered 200)".to_owned(), Url::to_string);
    eprintln!("escrow: ready: listening on {own_url}, forwarding to {target} (Ctrl+C stops)");
    let app = axum::Router::new().fallback(receive).with_state(forwarder);
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = interrupted.await;
        })
        .await;
    if registered {
        let cleared = control.set_webhook_url(None).await;
        let after = match sandbox {
            Known::BuiltIn { in_process: true } => "it delivers to its own receiver again",
            _ => "it delivers to its own receiver if it has one, as the app's built-in Sandbox does, else nowhere",
        };
        match cleared {
            Ok(()) => eprintln!(
                "escrow: stopped. The sandbox cannot tell which webhook URL it had before, so none was restored: \
                 its webhook URL is now cleared ({after})"
            ),
            Err(_) => eprintln!("escrow: stopped. The webhook URL could not be cleared: {own_url} is left registered"),
        }
    } else {
        eprintln!("escrow: stopped");
    }
    served.map_err(|e| Failure::local(format!("the listener failed: {e}")))
}

/// What is known of the address before asking it.
#[derive(Debug, Clone, Copy)]
pub enum Known {
    /// `--profile Sandbox`: started here or shared.
    BuiltIn { in_process: bool },
    /// Asked with a read of its `/_sandbox` routes.
    Unknown,
}

/// One delivery: printed, checked, forwarded; the sandbox gets the local answer's status.
async fn receive(
    State(f): State<Arc<Forwarder>>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, String) {
    let checked = webhooks::parse(&body);
    let (answer, outcome) = match &f.forward_to {
        None => (StatusCode::OK, "not forwarded".to_owned()),
        Some(to) => forward(&f.http, to, method, &headers, body.clone()).await,
    };
    let line = describe(&checked, &outcome);
    if f.json {
        let raw = serde_json::from_slice::<Value>(&body)
            .map(|v| v.to_string())
            .unwrap_or_else(|_| String::from_utf8_lossy(&body).replace('\n', " "));
        let _ = stdout::write(&format!("{raw}\n"));
        eprintln!("escrow: {line}");
    } else {
        let _ = stdout::write(&format!("{line}\n"));
    }
    (answer, String::new())
}

/// Sends the delivery on; answers the status to give the sandbox and what to print.
async fn forward(
    http: &reqwest::Client,
    to: &Url,
    method: Method,
    headers: &HeaderMap,
    body: Bytes,
) -> (StatusCode, String) {
    let mut req = http.request(method, to.clone()).body(body);
    for (name, value) in headers {
        if !HOP_HEADERS.contains(&name.as_str()) {
            req = req.header(name, value);
        }
    }
    match req.send().await {
        Ok(res) => {
            let status = res.status();
            (status, format!("{} {status}", to))
        }
        Err(e) => {
            let why = if e.is_timeout() { "no answer in time".to_owned() } else { e.without_url().to_string() };
            (StatusCode::BAD_GATEWAY, format!("{to} failed: {why} (the sandbox is answered 502)"))
        }
    }
}

/// `12:00:01  transaction.created  about 9b2d…  valid transaction event  → http://… 200 OK`.
fn describe(checked: &Result<(&'static str, Value), String>, outcome: &str) -> String {
    let at = chrono::Local::now().format("%H:%M:%S");
    match checked {
        Ok((kind, event)) => {
            let text = |k: &str| event.get(k).and_then(Value::as_str).unwrap_or("?").to_owned();
            let about = event.get("transactionId").or_else(|| event.get("serviceAccountId")).and_then(Value::as_str);
            let verdict = match *kind {
                webhooks::UNKNOWN_KIND => "an event the spec does not name".to_owned(),
                kind => format!("valid {kind}"),
            };
            format!(
                "{at}  {}  about {}  webhookId {}  {verdict}  -> {outcome}",
                text("eventName"),
                about.unwrap_or("?"),
                text("webhookId")
            )
        }
        Err(why) => format!("{at}  NOT AN EVENT OF THE SPEC: {}  -> {outcome}", crate::output::cut(why, 200)),
    }
}
