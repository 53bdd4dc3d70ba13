//! Bulk synthetic data for benchmarks and scale tests: any number of varied, realistic
//! transactions (Danish names, cars with registrations and VINs, marketplace items, every
//! status, DKK and EUR) written in one SQLite transaction.
//!
//! Rows go through [`store::insert`], the same path as the API, so the list order and
//! the search index are exercised exactly as in use. Documents are built as JSON and read
//! into [`TxnDoc`], so fields others add to the document take their serde defaults here.

use crate::clock::stamp;
use crate::db::Db;
use crate::error::{ApiError, ApiResult};
use crate::seed::names::{
    AUTO_TEXTS, CARS, DEALER_KINDS, DEALER_TOWNS, FIRST, ITEMS, LAST, MARKET_TEXTS, Rng, registration, vin,
};
use crate::v2::transactions::store::{self as store, PartyDoc, TxnDoc};
use crate::v2::users::store::insert_user;
use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;

/// What a bulk load made and how long it took.
#[derive(Debug, Clone)]
pub struct BulkLoad {
    pub transactions: usize,
    pub users: usize,
    pub elapsed: std::time::Duration,
}

/// Opens (or creates) the sandbox database in `data_dir` and adds `count` synthetic
/// transactions for `tenant`, the newest a minute before now. Start the sandbox on the
/// same `data_dir` afterwards (with `Seed::None` unless demo data is wanted too).
pub async fn load(data_dir: &Path, tenant: &str, count: usize) -> Result<BulkLoad, String> {
    let db = Db::open(data_dir, crate::v2::SCHEMA)?;
    let tenant = tenant.to_owned();
    db.call(move |conn| insert_synthetic(conn, &tenant, count, Utc::now(), 0xB01C_2026))
        .await
        .map_err(|e| format!("bulk load: {e}"))
}

/// Adds `count` transactions (and a pool of users they refer to) in one transaction.
/// Deterministic for a given `seed`, except for the generated ids.
pub fn insert_synthetic(
    conn: &mut Connection,
    tenant: &str,
    count: usize,
    now: DateTime<Utc>,
    seed: u64,
) -> ApiResult<BulkLoad> {
    let started = Instant::now();
    let tx = conn.transaction()?;
    let mut rng = Rng(seed);
    // Spread over time: one transaction every 5 minutes on average, oldest first, strictly
    // increasing (the jitter stays below the spacing).
    let spacing_ms: i64 = 5 * 60 * 1000;
    let span = i64::try_from(count).map_err(|_| ApiError::Internal("count too large".into()))? * spacing_ms;
    let oldest = now - Duration::minutes(1) - Duration::milliseconds(span);
    let registered = stamp(oldest - Duration::days(30));
    // Keys are unique per tenant, so a second load into the same tenant gets its own batch.
    let batch: i64 = tx.query_row("SELECT count(*) FROM transactions WHERE tenant = ?1", [tenant], |r| r.get(0))?;
    let people_count = (count / 50).clamp(20, 5_000);
    let mut people = Vec::with_capacity(people_count);
    for i in 0..people_count {
        let name = format!("{} {}", rng.pick(FIRST), rng.pick(LAST));
        let reference = format!("bulk-{batch}-cust-{i:05}");
        people.push(make_party(&tx, tenant, &reference, &name, "Private", &mut rng, &registered)?);
    }
    let mut dealers = Vec::with_capacity(DEALER_TOWNS.len());
    for (i, town) in DEALER_TOWNS.iter().enumerate() {
        let name = format!("{town} {}", rng.pick(DEALER_KINDS));
        let reference = format!("bulk-{batch}-dealer-{i:02}");
        dealers.push(make_party(&tx, tenant, &reference, &name, "Business", &mut rng, &registered)?);
    }
    for n in 0..count {
        let created = oldest + Duration::milliseconds(n as i64 * spacing_ms + rng.below(spacing_ms as u64 - 1) as i64);
        let doc = synthetic_doc(&mut rng, n, batch, created, now, &people, &dealers)?;
        store::insert(&tx, tenant, &doc)?;
    }
    tx.commit()?;
    Ok(BulkLoad { transactions: count, users: people.len() + dealers.len(), elapsed: started.elapsed() })
}

fn synthetic_doc(
    rng: &mut Rng,
    n: usize,
    batch: i64,
    created: DateTime<Utc>,
    now: DateTime<Utc>,
    people: &[PartyDoc],
    dealers: &[PartyDoc],
) -> ApiResult<TxnDoc> {
    let payer = rng.pick(people).clone();
    let auto = rng.chance(55);
    let (kind, title, description, kroner, currency, payee, auto_info, reference) = if auto {
        let (brand, model, new_price, prefix) = *rng.pick(CARS);
        let age = 1 + rng.below(10) as i64;
        let price = (new_price * (92 - age * 7).max(20) / 100) / 500 * 500;
        let reg = registration(rng);
        let year = created.format("%Y").to_string().parse::<i64>().unwrap_or(2026);
        let info = json!({
            "brand": brand,
            "model": model,
            "year": year - age,
            "mileage": age * (8_000 + rng.below(12_000) as i64),
            "registrationNumber": reg,
            "vin": vin(rng, prefix),
            "retailAmount": price + 10_000 + rng.below(20) as i64 * 1_000,
            "firstRegistration": format!("{}-{:02}-{:02}", year - age, 1 + rng.below(12), 1 + rng.below(28)),
            "billOfSale": null,
            "debt": null,
        });
        let description = rng.pick(AUTO_TEXTS).to_string();
        let reference = format!("DEAL-{year}-{batch}{n:06}");
        (
            "Auto",
            format!("{brand} {model} — {reg}"),
            description,
            price,
            "DKK",
            rng.pick(dealers).clone(),
            Some(info),
            reference,
        )
    } else {
        let (item, typical) = *rng.pick(ITEMS);
        let price = (typical * (60 + rng.below(80) as i64) / 100).max(50);
        let seller = rng.pick(people).clone();
        let eur = rng.chance(12);
        let (kroner, currency) = if eur { ((price / 7).max(10), "EUR") } else { (price, "DKK") };
        let description = rng.pick(MARKET_TEXTS).to_string();
        let reference = format!("ORD-{batch}{:07}", 1_000_000 + n * 7);
        ("Marketplace", item.to_owned(), description, kroner, currency, seller, None, reference)
    };
    let amount = kroner * 100;
    let (payee_fee, payer_fee) =
        if kind == "Auto" { (49_500, 0) } else { (1_000 + rng.below(4_000) as i64, rng.below(3_000) as i64) };
    let (payee_fee, payer_fee) =
        if currency == "EUR" { (payee_fee / 7, payer_fee / 7) } else { (payee_fee, payer_fee) };
    let service_fee = if currency == "EUR" { 200 } else { 1_500 };
    let status = match rng.below(100) {
        0..=24 => "CREATED",
        25..=54 => "PAID",
        55..=84 => "SUCCEEDED",
        _ => "CANCELLED",
    };
    let asked_at = super::times::before_now(created, Duration::minutes(5), now);
    let paid_at = super::times::before_now(asked_at, Duration::minutes(15 + rng.below(600) as i64), now);
    let method = *rng.pick(&["PSD2", "PSD2", "BANK", "MOBILEWALLET", "TRANSFER"]);
    let payment = |status: &str, authorized: Option<String>, failed: Option<String>| {
        json!({
            "paymentId": uuid::Uuid::new_v4().to_string(),
            "payer": payer,
            "method": method,
            "amount": cents(amount + payer_fee),
            "currency": currency,
            "status": status,
            "created": stamp(asked_at),
            "authorized": authorized,
            "failed": failed,
        })
    };
    let mut inbound: Vec<Value> = Vec::new();
    let mut outbound: Vec<Value> = Vec::new();
    let expected = match status {
        "CREATED" => {
            match rng.below(4) {
                0 => inbound.push(payment("INPROGRESS", None, None)),
                1 => inbound.push(payment("FAILED", None, Some(stamp(paid_at)))),
                _ => {}
            }
            Some(stamp(now + Duration::days(3 + rng.below(28) as i64)))
        }
        "PAID" => {
            inbound.push(payment("AUTHORIZED", Some(stamp(paid_at)), None));
            Some(stamp(now + Duration::days(3 + rng.below(28) as i64)))
        }
        "SUCCEEDED" => {
            inbound.push(payment("AUTHORIZED", Some(stamp(paid_at)), None));
            let released = stamp(super::times::before_now(paid_at, Duration::days(1 + rng.below(10) as i64), now));
            outbound.push(json!({
                "destination": null,
                "text": format!("Udbetaling {reference}"),
                "payee": payee,
                "amount": cents(amount - payee_fee),
                "currency": currency,
                "status": "PAID",
                "created": released,
                "authorized": released,
            }));
            Some(stamp(super::times::before_now(paid_at, Duration::days(2), now)))
        }
        _ => None,
    };
    let doc = json!({
        "transactionId": uuid::Uuid::new_v4().to_string(),
        "kind": kind,
        "status": status,
        "amount": cents(amount),
        "currency": currency,
        "title": title,
        "description": description,
        "imageUrls": null,
        "referenceId": reference,
        "uniquenessKey": null,
        "payee": payee,
        "payer": payer,
        "payerFixedFee": cents(payer_fee),
        "payeeFixedFee": cents(payee_fee),
        "fees": {
            "payee": cents(payee_fee),
            "payer": cents(payer_fee),
            "tenant": cents(payee_fee + payer_fee - service_fee),
            "safepay": cents(service_fee),
        },
        "expectedCompletion": expected,
        "created": stamp(created),
        "documentId": null,
        "autoInformation": auto_info,
        "inbound": inbound,
        "outbound": outbound,
        "splitPayouts": [],
    });
    Ok(serde_json::from_value(doc)?)
}

/// Øre to the decimal string the stored document uses.
fn cents(ore: i64) -> String {
    let sign = if ore < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", ore.abs() / 100, ore.abs() % 100)
}

fn make_party(
    conn: &Connection,
    tenant: &str,
    reference: &str,
    name: &str,
    kind: &str,
    rng: &mut Rng,
    created: &str,
) -> ApiResult<PartyDoc> {
    let local: String = name
        .to_lowercase()
        .replace('æ', "ae")
        .replace('ø', "oe")
        .replace('å', "aa")
        .chars()
        .filter_map(|c| {
            if c == ' ' {
                Some('.')
            } else if c.is_ascii_alphanumeric() {
                Some(c)
            } else {
                None
            }
        })
        .collect();
    let domain =
        if kind == "Business" { "forhandler.dk" } else { *rng.pick(&["example.dk", "mail.dk", "post.example.com"]) };
    let email = format!("{local}{}@{domain}", rng.below(100));
    let phone =
        format!("+45 {:02} {:02} {:02} {:02}", 20 + rng.below(80), rng.below(100), rng.below(100), rng.below(100));
    let id = insert_user(conn, tenant, reference, name, Some(email.clone()), Some(phone.clone()), kind, created)?;
    Ok(PartyDoc {
        service_account_id: Some(id),
        reference_id: Some(reference.to_owned()),
        name: Some(name.to_owned()),
        email: Some(email),
        phone_number: Some(phone),
    })
}
