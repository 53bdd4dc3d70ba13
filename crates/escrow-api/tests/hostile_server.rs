//! A hostile server never crashes or hangs the client: each connection gets a random
//! status, random headers (wrong Content-Type, lying Content-Length, garbage
//! Retry-After), random, truncated or oversized bodies, or is closed early. Every
//! operation ends, in bounded time, with a typed value or an [`escrow_api::Error`].

mod stub;

use escrow_api::{CallOptions, Client, CreateTransaction, ErrorKind, ListTransactions, RetryPolicy, TransactionType};
use proptest::prelude::*;
use rust_decimal::Decimal;
use std::time::{Duration, Instant};
use stub::{Reply, serve};

/// The body limit the client under test uses; some bodies go over it.
const LIMIT: u64 = 4096;

const STATUSES: &[&str] = &[
    "200 OK",
    "201 Created",
    "204 No Content",
    "400 Bad Request",
    "401 Unauthorized",
    "404 Not Found",
    "409 Conflict",
    "422 Unprocessable Entity",
    "429 Too Many Requests",
    "500 Internal Server Error",
    "503 Service Unavailable",
    "299 Odd",
    "999 Nonsense",
    "abc",
];

const HEADERS: &[&str] = &[
    "content-type: application/json",
    "content-type: text/html; charset=utf-8",
    "content-type: ",
    "content-length: 0",
    "content-length: 10",
    "content-length: 99999999999999999999",
    "content-length: -1",
    "content-length: 1000000000",
    "transfer-encoding: chunked",
    "retry-after: 0",
    "retry-after: 1",
    "retry-after: 99999999999999999999",
    "retry-after: soon",
    "retry-after: Wed, 21 Oct 2099 07:28:00 GMT",
    "retry-after: Wed, 21 Oct 1999 07:28:00 GMT",
    "idempotency-replayed: true",
    "idempotency-replayed: maybe",
    "connection: close",
    "connection: keep-alive",
    "x-\u{7f}odd: \u{1}",
];

const BODIES: &[&str] = &[
    "",
    "null",
    "{}",
    "[]",
    "\"Amount too high\"",
    "{\"transactionId\":\"t-1\"}",
    "{\"items\":[],\"count\":0}",
    "{\"items\":[{\"transactionId\":\"t\",\"amount\":\"12.5\",\"currency\":\"DKK\",\"status\":\"PAID\"}],\"count\":\"1\"}",
    "{\"transactionId\":\"t\",\"status\":\"CREATED\",\"amount\":1e400,\"currency\":7}",
    "{\"type\":\"about:blank\",\"title\":\"Invalid amount\",\"status\":400,\"detail\":\"d\"}",
    "<html><body>Bad gateway</body></html>",
    "{\"items\":[",
];

/// One connection's answer, as generated.
#[derive(Debug, Clone)]
struct Answer {
    status: usize,
    headers: Vec<usize>,
    body: Body,
    /// Close after this fraction (in 1/256ths) of the bytes; 256 and above sends all.
    cut: u16,
}

#[derive(Debug, Clone)]
enum Body {
    Sample(usize),
    Random(Vec<u8>),
    /// A sample repeated past the client's limit.
    Oversized(usize),
}

fn answer() -> impl Strategy<Value = Answer> {
    let body = prop_oneof![
        4 => (0..BODIES.len()).prop_map(Body::Sample),
        2 => proptest::collection::vec(any::<u8>(), 0..600).prop_map(Body::Random),
        1 => (0..BODIES.len()).prop_map(Body::Oversized),
    ];
    let cut = prop_oneof![3 => Just(256u16), 1 => 0u16..256];
    (0..STATUSES.len(), proptest::collection::vec(0..HEADERS.len(), 0..5), body, cut)
        .prop_map(|(status, headers, body, cut)| Answer { status, headers, body, cut })
}

impl Answer {
    fn bytes(&self) -> Vec<u8> {
        let body = match &self.body {
            Body::Sample(i) => BODIES[*i].as_bytes().to_vec(),
            Body::Random(b) => b.clone(),
            Body::Oversized(i) => BODIES[*i].repeat(1 + LIMIT as usize / BODIES[*i].len().max(1)).into_bytes(),
        };
        let mut out = format!("HTTP/1.1 {}\r\n", STATUSES[self.status]).into_bytes();
        for h in &self.headers {
            out.extend_from_slice(HEADERS[*h].as_bytes());
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"\r\n");
        out.extend_from_slice(&body);
        if self.cut < 256 {
            out.truncate(out.len() * usize::from(self.cut) / 256);
        }
        out
    }
}

fn create_request() -> CreateTransaction {
    let mut r = CreateTransaction::new(Decimal::new(10000, 2));
    (r.title, r.payer_id, r.payee_id) = (Some("t".into()), Some("a".into()), Some("b".into()));
    r
}

/// Checks an error is one the crate names, with sane bookkeeping.
fn check(err: &escrow_api::Error) {
    assert!((1..=2).contains(&err.attempts), "{err:?}");
    assert!(!err.to_string().is_empty());
    if let ErrorKind::TooLarge { limit, .. } = err.kind {
        assert_eq!(limit, LIMIT);
    }
}

/// Runs several operations against a server answering with `answers` (cycling), each
/// under a hard deadline.
async fn run(answers: Vec<Answer>) {
    let replies: Vec<Vec<u8>> = answers.iter().map(Answer::bytes).collect();
    let (url, _) = serve(move |n, _| Reply::Bytes(replies[n % replies.len()].clone())).await;
    let client = Client::builder(&url, "k")
        .timeout(Duration::from_millis(800))
        .connect_timeout(Duration::from_millis(800))
        .retry(RetryPolicy::new(1, Duration::from_millis(1), Duration::from_millis(20)))
        .max_response_bytes(LIMIT)
        .build()
        .unwrap();
    let deadline = Duration::from_secs(4);
    let start = Instant::now();
    let t = client.transactions();
    macro_rules! op {
        ($call:expr) => {
            match tokio::time::timeout(deadline, $call).await.expect("an operation hung") {
                Ok(_) => {}
                Err(e) => check(&e),
            }
        };
    }
    op!(t.list(&ListTransactions::default()));
    op!(t.get("t-1"));
    op!(t.create(TransactionType::Marketplace, &create_request(), &CallOptions::default()));
    op!(t.delete("t-1"));
    assert!(start.elapsed() < Duration::from_secs(8), "case took {:?}", start.elapsed());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_hostile_server_gives_typed_results_in_bounded_time(
        answers in proptest::collection::vec(answer(), 1..4)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(run(answers));
    }
}
