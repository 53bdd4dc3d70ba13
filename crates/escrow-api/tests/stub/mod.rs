//! A raw TCP stub server for the robustness tests: it reads each request head (and
//! declared body) and answers as the test's handler says, byte for byte, so tests can
//! send what no well-behaved HTTP server would.

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the stub does with one connection.
#[derive(Debug, Clone)]
pub enum Reply {
    /// Writes these bytes (maybe nothing, maybe half a response), then closes.
    Bytes(Vec<u8>),
    /// Writes the head, then one byte per interval until the client hangs up.
    Trickle(Vec<u8>, Duration),
}

/// Serves connections with `handler(n, request)` (`n` counts from 0) and records each
/// request as text. Returns the base URL and the log.
pub async fn serve<F>(handler: F) -> (String, Arc<Mutex<Vec<String>>>)
where
    F: Fn(usize, &str) -> Reply + Send + Sync + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let handler = Arc::new(handler);
    tokio::spawn(async move {
        let mut n = 0;
        loop {
            let Ok((sock, _)) = listener.accept().await else { return };
            let (handler, log) = (handler.clone(), log.clone());
            let this = n;
            n += 1;
            tokio::spawn(async move { answer(sock, this, &*handler, &log).await });
        }
    });
    (url, seen)
}

/// Serves `responses` in order (the last one repeats), each as a whole answer.
pub async fn scripted(responses: Vec<String>) -> (String, Arc<Mutex<Vec<String>>>) {
    serve(move |n, _| Reply::Bytes(responses[n.min(responses.len() - 1)].clone().into_bytes())).await
}

async fn answer<F: Fn(usize, &str) -> Reply>(mut sock: TcpStream, n: usize, handler: &F, log: &Mutex<Vec<String>>) {
    let request = read_request(&mut sock).await;
    log.lock().unwrap().push(request.clone());
    match handler(n, &request) {
        Reply::Bytes(bytes) => {
            let _ = sock.write_all(&bytes).await;
        }
        Reply::Trickle(head, every) => {
            if sock.write_all(&head).await.is_err() {
                return;
            }
            while sock.write_all(b"x").await.is_ok() {
                tokio::time::sleep(every).await;
            }
        }
    }
    let _ = sock.shutdown().await;
}

/// Reads until the end of the head plus the declared body (or 64 KiB, or EOF).
async fn read_request(sock: &mut TcpStream) -> String {
    let mut buf = vec![0u8; 65536];
    let mut len = 0;
    while len < buf.len() {
        let Ok(read) = sock.read(&mut buf[len..]).await else { break };
        if read == 0 {
            break;
        }
        len += read;
        let text = String::from_utf8_lossy(&buf[..len]).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let body_len = header(&text, "content-length").and_then(|v| v.parse::<usize>().ok()).unwrap_or(0);
            if len >= end + 4 + body_len {
                break;
            }
        }
    }
    String::from_utf8_lossy(&buf[..len]).to_string()
}

/// A header of a recorded request, by case-insensitive name.
pub fn header<'a>(request: &'a str, name: &str) -> Option<&'a str> {
    request.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// A whole response: status line, the given headers, a matching Content-Length and
/// `connection: close`, then `body`.
pub fn response(status: &str, headers: &[&str], body: &str) -> String {
    let mut head = format!("HTTP/1.1 {status}\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    format!("{head}content-length: {}\r\nconnection: close\r\n\r\n{body}", body.len())
}
