//! One load client: its mix of calls, the deal it walks through the money moves, and the
//! log of what it was answered (kept per client so no lock is shared during the run).

use super::types::{Class, ClientLog};
use escrow_api::enums::Recipient;
use escrow_api::v2::*;
use escrow_api::{CallOptions, Client, IdempotencyKey, ListTransactions, RetryPolicy, TransactionType};
use escrow_sandbox::DEMO_KEY;
use rust_decimal::Decimal;
use serde_json::json;
use std::time::{Duration, Instant};

/// A small deterministic generator per client: no crate needed for choosing the next call.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Words that occur in the synthetic data (names, cars, items) and in the load's titles.
const TERMS: [&str; 10] = ["jensen", "hansen", "nielsen", "toyota", "audi", "cykel", "sofa", "aarhus", "load", "deal"];

/// The parties and addresses every client shares.
#[derive(Clone)]
pub(super) struct Shared {
    pub(super) url: String,
    pub(super) payer: String,
    pub(super) payee: String,
    pub(super) seed_ids: Vec<String>,
}

/// Where a client's current deal stands: the next money move is the step after it.
enum Deal {
    None,
    Created(String),
    Paid(String, usize),
}

/// One client: until the deadline, 40% searches, 35% reads, 25% the next step of its
/// current deal (create → pay → [reimburse | split payout | nothing] → payout).
pub(super) async fn client_loop(n: usize, shared: Shared, deadline: Instant, max: usize) -> Result<ClientLog, String> {
    let client = Client::builder(&shared.url, DEMO_KEY)
        .retry(RetryPolicy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|e| format!("client {n}: {e}"))?;
    let control = reqwest::Client::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut log = ClientLog::default();
    let mut own_ids: Vec<String> = Vec::new();
    let mut deal = Deal::None;
    let mut deals = 0usize;
    let mut made = 0usize;
    while Instant::now() < deadline && made < max {
        made += 1;
        let roll = rng.below(100);
        if roll < 40 {
            let q = ListTransactions {
                search: Some(TERMS[rng.below(TERMS.len())].into()),
                take: Some(20),
                ..Default::default()
            };
            let started = Instant::now();
            let r = client.transactions().list(&q).await;
            log.record(Class::Search, started, &r);
        } else if roll < 75 {
            let pool = if !own_ids.is_empty() && rng.below(2) == 0 { &own_ids } else { &shared.seed_ids };
            let id = pool[rng.below(pool.len())].clone();
            let started = Instant::now();
            let r = client.transactions().get(&id).await;
            log.record(Class::Read, started, &r);
        } else {
            deal = match deal {
                Deal::None => {
                    deals += 1;
                    let mut req = CreateTransaction::new(Decimal::new(100_000 + deals as i64, 2));
                    req.title = Some(format!("Load deal {n}-{deals}"));
                    req.payer_id = Some(shared.payer.clone());
                    req.payee_id = Some(shared.payee.clone());
                    let r = keyed(&mut log, "create_transaction", async |o| {
                        client.transactions().create(TransactionType::Marketplace, &req, &o).await
                    })
                    .await;
                    match r {
                        Some(created) => {
                            own_ids.push(created.value.transaction_id.clone());
                            Deal::Created(created.value.transaction_id)
                        }
                        None => Deal::None,
                    }
                }
                Deal::Created(id) => {
                    let pay = CreatePayment {
                        service_account_id: shared.payer.clone(),
                        transaction_id: id.clone(),
                        ..Default::default()
                    };
                    let r = keyed(&mut log, "create_payment", async |o| client.payments().create(&pay, &o).await).await;
                    match r {
                        Some(p) if authorize(&control, &shared.url, &p.value.payment_id, &mut log).await => {
                            Deal::Paid(id, rng.below(3))
                        }
                        _ => Deal::None,
                    }
                }
                Deal::Paid(id, 0) => {
                    let body = PayoutTransaction { service_account_id: shared.payee.clone() };
                    keyed(&mut log, "payout", async |o| client.transactions().payout(&id, &body, &o).await).await;
                    Deal::None
                }
                Deal::Paid(id, 1) => {
                    let amount = Decimal::new(1_000, 2);
                    let r = keyed(&mut log, "reimburse", async |o| {
                        client.transactions().reimburse_payer(&id, amount, &o).await
                    })
                    .await;
                    if r.is_some() { Deal::Paid(id, 0) } else { Deal::None }
                }
                Deal::Paid(id, _) => {
                    let split = CreateSplitPayout {
                        amount: Decimal::new(2_500, 2),
                        recipient: Recipient::Tenant,
                        timing: None,
                    };
                    let r = keyed(&mut log, "create_split_payout", async |o| {
                        client.split_payouts().create(&id, &split, &o).await
                    })
                    .await;
                    if r.is_some() { Deal::Paid(id, 0) } else { Deal::None }
                }
            };
        }
    }
    Ok(log)
}

/// A money move with a fresh idempotency key, timed; a 2xx is logged as acknowledged.
async fn keyed<T>(
    log: &mut ClientLog,
    kind: &'static str,
    f: impl AsyncFnOnce(CallOptions) -> escrow_api::Result<T>,
) -> Option<T> {
    let key = IdempotencyKey::generate();
    let started = Instant::now();
    let result = f(CallOptions::with_idempotency_key(key.clone())).await;
    if log.record(Class::MoneyMove, started, &result) {
        log.acknowledged.push((kind, key.as_str().to_owned()));
    }
    result.ok()
}

/// The payer approves in the bank (sandbox control API); untimed, but a 5xx still counts.
async fn authorize(control: &reqwest::Client, url: &str, payment_id: &str, log: &mut ClientLog) -> bool {
    let res = control
        .post(format!("{url}/_sandbox/payments/{payment_id}/authorize"))
        .bearer_auth(DEMO_KEY)
        .json(&json!({}))
        .send()
        .await;
    match res {
        Ok(r) if r.status().is_success() => true,
        Ok(r) if r.status().is_server_error() => {
            log.server_errors += 1;
            false
        }
        Ok(r) => {
            log.other_errors.push(format!("authorize: {}", r.status()));
            false
        }
        Err(e) => {
            log.other_errors.push(format!("authorize: {e}"));
            false
        }
    }
}
