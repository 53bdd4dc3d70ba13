//! Demo data: a tenant that looks like a real Danish business (a car dealership group
//! that also runs a marketplace). Deterministic, spread over recent months, every
//! status, DKK and EUR, with payments, payouts and split payouts.

pub mod bulk;
pub mod names;
mod times;

use crate::clock::stamp;
use crate::error::ApiResult;
use crate::seed::names::{CARS, FIRST, ITEMS, LAST, Rng, registration, vin};
use crate::seed::times::before_now;
use crate::v2::transactions::routes::service_fee;
use crate::v2::transactions::store::{
    self as store, FeesDoc, InboundDoc, OutboundDoc, PartyDoc, SplitPayoutDoc, TxnDoc,
};
use crate::v2::users::store as users;
use crate::v2::users::store::insert_user;
use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use rust_decimal::Decimal;
use serde_json::json;

/// How many transactions the demo seed makes.
pub const DEMO_TRANSACTIONS: usize = 200;

/// The reference id of the showcase deal (used by the end-to-end tests and the README).
pub const SHOWCASE_REFERENCE: &str = "DEAL-2026-0042";

const DEALERS: &[&str] = &[
    "Bilhuset Vejle ApS",
    "Nordsjællands Autocenter A/S",
    "Aarhus Bilcenter ApS",
    "Fyns Bilsalg ApS",
    "Odense Auto A/S",
    "Københavns Bilhandel ApS",
];

fn money(kroner: i64) -> Decimal {
    Decimal::new(kroner * 100, 2)
}

struct Person {
    party: PartyDoc,
}

fn make_user(
    conn: &Connection,
    tenant: &str,
    reference: &str,
    name: &str,
    kind: &str,
    rng: &mut Rng,
    created: &str,
) -> ApiResult<Person> {
    let email = format!(
        "{}@{}",
        name.to_lowercase()
            .replace(['æ'], "ae")
            .replace(['ø'], "oe")
            .replace(['å'], "aa")
            .replace(' ', ".")
            .replace(['/', ','], ""),
        if kind == "Business" { "forhandler.dk" } else { "example.dk" }
    );
    let phone =
        format!("+45 {:02} {:02} {:02} {:02}", 20 + rng.below(80), rng.below(100), rng.below(100), rng.below(100));
    let id = insert_user(conn, tenant, reference, name, Some(email.clone()), Some(phone.clone()), kind, created)?;
    Ok(Person {
        party: PartyDoc {
            service_account_id: Some(id),
            reference_id: Some(reference.to_owned()),
            name: Some(name.to_owned()),
            email: Some(email),
            phone_number: Some(phone),
        },
    })
}

/// Seeds `tenant` once; a restart on the same data dir does nothing.
pub fn seed_demo(conn: &mut Connection, tenant: &str, now: DateTime<Utc>) -> ApiResult<()> {
    let marker = format!("seeded:{tenant}");
    let done: Option<String> =
        conn.query_row("SELECT value FROM meta WHERE key = ?1", [&marker], |r| r.get(0)).optional()?;
    if done.is_some() {
        return Ok(());
    }
    let tx = conn.transaction()?;
    let mut rng = Rng(0x5EED_2026);
    let long_ago = stamp(now - Duration::days(200));
    let mut people = Vec::new();
    for i in 0..48 {
        let name = format!("{} {}", rng.pick(FIRST), rng.pick(LAST));
        people.push(make_user(&tx, tenant, &format!("cust-{:04}", 1001 + i), &name, "Private", &mut rng, &long_ago)?);
    }
    let mut dealers = Vec::new();
    for (i, name) in DEALERS.iter().enumerate() {
        dealers.push(make_user(&tx, tenant, &format!("dealer-{:02}", i + 1), name, "Business", &mut rng, &long_ago)?);
    }
    showcase(&tx, tenant, &mut rng, now)?;
    for n in 1..DEMO_TRANSACTIONS {
        let created = now - Duration::minutes((n as i64) * 1080 + rng.below(600) as i64);
        let auto = rng.chance(55);
        let payer = &rng.pick(&people).party;
        let (doc_kind, title, amount, currency, payee, auto_info) = if auto {
            let (brand, model, new_price, prefix) = *rng.pick(CARS);
            let age = 1 + rng.below(8) as i64;
            let price = (new_price * (90 - age * 7) / 100) / 500 * 500;
            let reg = registration(&mut rng);
            let info = json!({
                "brand": brand,
                "model": model,
                "year": 2026 - age,
                "mileage": age * (9_000 + rng.below(9_000) as i64),
                "registrationNumber": reg,
                "vin": vin(&mut rng, prefix),
                "retailAmount": price + 15_000,
                "firstRegistration": format!("{}-{:02}-{:02}", 2026 - age, 1 + rng.below(12), 1 + rng.below(28)),
                "billOfSale": null,
                "debt": null,
            });
            let dealer = &rng.pick(&dealers).party;
            ("Auto", format!("{brand} {model} — {reg}"), money(price), "DKK", dealer.clone(), Some(info))
        } else {
            let (item, typical) = *rng.pick(ITEMS);
            let price = typical * (70 + rng.below(60) as i64) / 100;
            let eur = rng.chance(15);
            let seller = &rng.pick(&people).party;
            let (amount, currency) = if eur { (money(price / 7), "EUR") } else { (money(price), "DKK") };
            ("Marketplace", item.to_owned(), amount, currency, seller.clone(), None)
        };
        let status = match rng.below(100) {
            0..=24 => "CREATED",
            25..=54 => "PAID",
            55..=84 => "SUCCEEDED",
            _ => "CANCELLED",
        };
        let reference =
            if auto { format!("DEAL-{}-{:04}", 2026, 1000 + n) } else { format!("ORD-{:06}", 300_000 + n * 37) };
        let mut doc = base_doc(
            doc_kind,
            &title,
            amount,
            currency,
            payee,
            payer.clone(),
            &reference,
            created,
            auto_info,
            &mut rng,
        );
        if rng.chance(20) && doc_kind == "Auto" {
            doc.split_payouts.push(split(
                Decimal::new(249_500, 2),
                "TENANT",
                "ON_CLOSE",
                "Klargøring og levering",
                created,
            ));
        }
        progress(&mut doc, status, created, now, &mut rng);
        if doc_kind == "Auto" && rng.chance(30) {
            attach_purchase_agreement(&tx, tenant, &mut doc, created, status != "CREATED")?;
        }
        store::insert(&tx, tenant, &doc)?;
    }
    tx.execute("INSERT INTO meta (key, value) VALUES (?1, ?2)", params![marker, stamp(now)])?;
    tx.commit()?;
    Ok(())
}

/// The deal the README and end-to-end tests show: a paid Tesla at a dealership.
fn showcase(conn: &Connection, tenant: &str, rng: &mut Rng, now: DateTime<Utc>) -> ApiResult<()> {
    let payer =
        make_user(conn, tenant, "cust-0042", "Mette Kjær Nielsen", "Private", rng, &stamp(now - Duration::days(30)))?;
    let payee = users::by_reference(conn, tenant, "dealer-01")?
        .map(|u| PartyDoc {
            reference_id: Some("dealer-01".into()),
            service_account_id: Some(u.service_account_id),
            name: Some(u.name),
            email: u.email,
            phone_number: u.phone_number,
        })
        .unwrap_or_default();
    let created = now - Duration::minutes(45);
    let info = json!({
        "brand": "Tesla",
        "model": "Model Y Long Range",
        "year": 2023,
        "mileage": 41_250,
        "registrationNumber": "EV 48 213",
        "vin": "5YJYGDEE8PF482131",
        "retailAmount": 299_900,
        "firstRegistration": "2023-03-14",
        "billOfSale": null,
        "debt": null,
    });
    let mut doc = base_doc(
        "Auto",
        "Tesla Model Y Long Range — EV 48 213",
        money(289_500),
        "DKK",
        payee,
        payer.party,
        SHOWCASE_REFERENCE,
        created,
        Some(info),
        rng,
    );
    doc.payee_fixed_fee = Some(money(495));
    doc.payer_fixed_fee = Some(money(0));
    doc.fees = fees(money(495), Decimal::ZERO, "DKK");
    doc.split_payouts.push(split(Decimal::new(249_500, 2), "TENANT", "ON_CLOSE", "Klargøring og levering", created));
    progress(&mut doc, "PAID", created, now, rng);
    attach_purchase_agreement(conn, tenant, &mut doc, created, true)?;
    store::insert(conn, tenant, &doc)
}

/// A purchase agreement PDF ("Købsaftale") stored as a document of the deal, signed by
/// both parties when the deal got past creation.
fn attach_purchase_agreement(
    conn: &Connection,
    tenant: &str,
    doc: &mut TxnDoc,
    created: DateTime<Utc>,
    signed: bool,
) -> ApiResult<()> {
    use crate::pdf::{Document, Font};
    use crate::v2::documents::store::{self as docs, DocumentDoc, FileMeta, ORIGINAL, SignerDoc};
    let title = doc.title.clone().unwrap_or_else(|| "Bilhandel".into());
    let mut pdf = Document::new(format!("Købsaftale — {title}"));
    pdf.text("Købsaftale", Font::Bold, 18.0)
        .gap(8.0)
        .text(&title, Font::Regular, 12.0)
        .text(&format!("Pris: {} {}", doc.amount, doc.currency), Font::Regular, 12.0)
        .text(
            &format!("Sælger: {}", doc.payee.as_ref().and_then(|p| p.name.clone()).unwrap_or_default()),
            Font::Regular,
            12.0,
        )
        .text(
            &format!("Køber: {}", doc.payer.as_ref().and_then(|p| p.name.clone()).unwrap_or_default()),
            Font::Regular,
            12.0,
        )
        .gap(8.0)
        .text(
            "Bilen overdrages som beset. Købesummen deponeres hos escrow-tjenesten og frigives ved levering.",
            Font::Regular,
            10.0,
        );
    let bytes = pdf.render();
    let at = stamp(created + Duration::minutes(10));
    let signer = |p: &Option<PartyDoc>| {
        p.as_ref().and_then(|p| {
            Some(SignerDoc {
                service_account_id: p.service_account_id.clone()?,
                reference_id: p.reference_id.clone(),
                name: p.name.clone(),
                title: None,
                signed: signed.then(|| at.clone()),
            })
        })
    };
    let document = DocumentDoc {
        document_id: uuid::Uuid::new_v4().to_string(),
        title: "Købsaftale".into(),
        signers_required: Some(2),
        transaction_id: Some(doc.transaction_id.clone()),
        created: at.clone(),
        original: FileMeta {
            file_name: "koebsaftale.pdf".into(),
            content_type: "application/pdf".into(),
            size: bytes.len() as u64,
        },
        signed_file: None,
        signed: signed.then(|| at.clone()),
        signers: [signer(&doc.payer), signer(&doc.payee)].into_iter().flatten().collect(),
    };
    docs::insert(conn, tenant, &document)?;
    crate::store::files::write(&crate::store::files::path(conn, docs::AREA, &document.document_id, ORIGINAL)?, &bytes)?;
    doc.document_id = Some(document.document_id);
    Ok(())
}

fn fees(payee: Decimal, payer: Decimal, currency: &str) -> FeesDoc {
    let safepay = service_fee(currency);
    FeesDoc { payee, payer, tenant: payee + payer - safepay, safepay }
}

fn split(amount: Decimal, recipient: &str, timing: &str, text: &str, created: DateTime<Utc>) -> SplitPayoutDoc {
    SplitPayoutDoc {
        split_payout_id: uuid::Uuid::new_v4().to_string(),
        amount,
        recipient: recipient.into(),
        service_account_id: None,
        timing: timing.into(),
        description: Some(text.into()),
        destination: None,
        status: "PENDING".into(),
        created: stamp(created),
        from_excess: false,
        purpose: None,
    }
}

#[allow(clippy::too_many_arguments)]
fn base_doc(
    kind: &str,
    title: &str,
    amount: Decimal,
    currency: &str,
    payee: PartyDoc,
    payer: PartyDoc,
    reference: &str,
    created: DateTime<Utc>,
    auto_information: Option<serde_json::Value>,
    rng: &mut Rng,
) -> TxnDoc {
    let payee_fee = if kind == "Auto" { money(495) } else { money(10 + rng.below(40) as i64) };
    let payer_fee = if kind == "Auto" { Decimal::ZERO } else { money(rng.below(30) as i64) };
    let (payee_fee, payer_fee) = if currency == "EUR" {
        (payee_fee / Decimal::from(7), payer_fee / Decimal::from(7))
    } else {
        (payee_fee, payer_fee)
    };
    let (payee_fee, payer_fee) = (payee_fee.round_dp(2), payer_fee.round_dp(2));
    let description = if kind == "Auto" {
        Some("Handel via forhandler. Bilen leveres klargjort med nysyn.".to_owned())
    } else {
        Some("Privat handel via markedspladsen. Afhentes hos sælger.".to_owned())
    };
    TxnDoc {
        transaction_id: uuid::Uuid::new_v4().to_string(),
        kind: kind.into(),
        status: "CREATED".into(),
        amount,
        currency: currency.into(),
        title: Some(title.into()),
        description,
        image_urls: None,
        reference_id: Some(reference.into()),
        uniqueness_key: None,
        payee: Some(payee),
        payer: Some(payer),
        payer_fixed_fee: Some(payer_fee),
        payee_fixed_fee: Some(payee_fee),
        fees: fees(payee_fee, payer_fee, currency),
        expected_completion: None,
        created: stamp(created),
        document_id: None,
        auto_information,
        inbound: Vec::new(),
        outbound: Vec::new(),
        split_payouts: Vec::new(),
        reimbursed: Decimal::ZERO,
        cancel_reason: None,
    }
}

/// Moves a fresh transaction to `status` with the payments that status implies.
fn progress(doc: &mut TxnDoc, status: &str, created: DateTime<Utc>, now: DateTime<Utc>, rng: &mut Rng) {
    let payer = doc.payer.clone().unwrap_or_default();
    let payee = doc.payee.clone().unwrap_or_default();
    let to_pay = doc.amount + doc.fees.payer;
    let asked_at = before_now(created, Duration::minutes(5), now);
    let paid_at = before_now(asked_at, Duration::minutes(15 + rng.below(600) as i64), now);
    let method = *rng.pick(&["PSD2", "PSD2", "BANK", "MOBILEWALLET", "TRANSFER"]);
    let payment = |status: &str, authorized: Option<String>, failed: Option<String>| InboundDoc {
        payment_id: uuid::Uuid::new_v4().to_string(),
        payer: payer.clone(),
        method: Some(method.into()),
        amount: to_pay,
        currency: doc.currency.clone(),
        status: status.into(),
        created: stamp(asked_at),
        authorized,
        failed,
    };
    let open_until = now + Duration::days(3 + rng.below(28) as i64);
    match status {
        "CREATED" => {
            doc.expected_completion = Some(stamp(open_until));
            match rng.below(4) {
                0 => doc.inbound.push(payment("INPROGRESS", None, None)),
                1 => doc.inbound.push(payment("FAILED", None, Some(stamp(paid_at)))),
                _ => {}
            }
        }
        "PAID" => {
            doc.expected_completion = Some(stamp(open_until));
            doc.inbound.push(payment("AUTHORIZED", Some(stamp(paid_at)), None));
        }
        "SUCCEEDED" => {
            doc.expected_completion = Some(stamp(before_now(paid_at, Duration::days(2), now)));
            doc.inbound.push(payment("AUTHORIZED", Some(stamp(paid_at)), None));
            let released = before_now(paid_at, Duration::days(1 + rng.below(10) as i64), now);
            let on_close: Decimal = doc.split_payouts.iter().map(|s| s.amount).sum();
            for s in &mut doc.split_payouts {
                s.status = "PAID".into();
            }
            doc.outbound.push(OutboundDoc {
                destination: None,
                text: Some(format!("Udbetaling {}", doc.reference_id.clone().unwrap_or_default())),
                payee: payee.clone(),
                amount: doc.amount - doc.fees.payee - on_close,
                currency: doc.currency.clone(),
                status: "PAID".into(),
                created: stamp(released),
                authorized: Some(stamp(released)),
            });
        }
        _ => {
            for s in &mut doc.split_payouts {
                s.status = "CANCELLED".into();
            }
            if rng.chance(50) {
                doc.inbound.push(payment("RETURNED", Some(stamp(paid_at)), None));
                let returned = before_now(paid_at, Duration::days(1), now);
                doc.outbound.push(OutboundDoc {
                    destination: None,
                    text: Some("Tilbagebetaling".into()),
                    payee: payer.clone(),
                    amount: to_pay,
                    currency: doc.currency.clone(),
                    status: "PAID".into(),
                    created: stamp(returned),
                    authorized: Some(stamp(returned)),
                });
            }
        }
    }
    doc.status = status.into();
}
