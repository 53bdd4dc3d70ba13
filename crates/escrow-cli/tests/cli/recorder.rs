//! A small local HTTP server that records every request (method, path, headers, body) and
//! answers each with one fixed status: the endpoint `escrow listen` forwards to, or a
//! service stand-in whose paths a test checks.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use std::sync::{Arc, Mutex};
use tokio::runtime::Runtime;
use tokio::sync::oneshot;

/// One request as it arrived.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

type Log = Arc<Mutex<Vec<Seen>>>;

pub struct Recorder {
    pub url: String,
    log: Log,
    _stop: oneshot::Sender<()>,
}

impl Recorder {
    /// Serves on a free loopback port (on `rt`), answering `status` to everything.
    pub fn start(rt: &Runtime, status: u16) -> Self {
        let log: Log = Arc::default();
        let status = StatusCode::from_u16(status).expect("a status");
        let app = axum::Router::new().fallback(record).with_state((log.clone(), status));
        let listener = rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let (stop, stopped) = oneshot::channel::<()>();
        rt.spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        Self { url, log, _stop: stop }
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

async fn record(
    State((log, status)): State<(Log, StatusCode)>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let headers = headers
        .iter()
        .map(|(n, v)| (n.as_str().to_owned(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
        .collect();
    let seen = Seen { method: method.to_string(), path: uri.path().to_owned(), headers, body: body.to_vec() };
    if let Ok(mut l) = log.lock() {
        l.push(seen);
    }
    status
}
