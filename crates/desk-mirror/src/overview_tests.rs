use super::*;
use crate::row::MirrorRow;
use crate::store;
use desk_core::appdb::AppDb;
use serde_json::json;

fn item(id: &str, status: &str, currency: &str, amount: &str, paid: &str, created: &str, payee: &str) -> MirrorRow {
    let t: escrow_api::TransactionListItem = serde_json::from_value(json!({
        "transactionId": id, "status": status, "currency": currency, "amount": amount,
        "fees": {"payer": "10.00"}, "created": created,
        "payee": {"name": payee}, "payments": {"inbound": {"amount": paid}}
    }))
    .unwrap();
    MirrorRow::from_item(&t).unwrap()
}

/// A mirror with six deals in two currencies (the dates are relative to 2026-11-24).
fn world() -> (tempfile::TempDir, rusqlite::Connection) {
    let dir = tempfile::tempdir().unwrap();
    let db = AppDb::open(dir.path()).unwrap();
    let mut conn = db.second_connection().unwrap();
    let rows = [
        item("a", "PAID", "DKK", "1000.00", "1010.00", "2026-11-24T08:00:00Z", "Bilhuset"),
        item("b", "PAID", "DKK", "500.50", "510.50", "2026-11-20T08:00:00Z", "Bilhuset"),
        item("c", "CREATED", "DKK", "200.00", "0", "2026-11-10T08:00:00Z", "Fyns"),
        item("d", "CREATED", "EUR", "99.99", "50.00", "2026-09-01T08:00:00Z", "Fyns"),
        item("e", "SUCCEEDED", "DKK", "700.00", "710.00", "2026-11-01T08:00:00Z", "Bilhuset"),
        item("f", "CANCELLED", "EUR", "10.00", "0", "2026-11-23T08:00:00Z", "Other"),
    ];
    store::begin_pass(&conn, "env").unwrap();
    store::upsert(&mut conn, "env", 1, &rows, "2026-11-24T09:00:00Z").unwrap();
    store::finish_full(&mut conn, "env", 1, "2026-11-24T09:00:00Z").unwrap();
    (dir, conn)
}

#[test]
fn money_in_escrow_is_paid_in_on_open_deals_exactly() {
    let (_dir, conn) = world();
    let (total, by_status) = escrow(&status_lines(&conn, "env").unwrap());
    let dkk = total.iter().find(|l| l.currency == "DKK").unwrap();
    assert_eq!((dkk.amount.as_str(), dkk.count), ("1520.5", 2), "closed deals and unpaid ones are left out");
    let eur = total.iter().find(|l| l.currency == "EUR").unwrap();
    assert_eq!((eur.amount.as_str(), eur.count), ("50", 1), "part payments count");
    assert!(by_status.iter().any(|l| l.currency == "EUR" && l.status.as_deref() == Some("CREATED")));
    assert!(escrow(&status_lines(&conn, "other").unwrap()).0.is_empty(), "per environment");
}

/// Records a detail check of `id` that saw `gone_out` (ten-thousandths) leave the deal.
fn checked(conn: &rusqlite::Connection, id: &str, gone_out: i64) {
    conn.execute(
        "INSERT INTO mirror_details (environment_id, transaction_id, fingerprint, checked, failed_payments,
             pending_splits, excess_e4, gone_out_e4) VALUES ('env', ?1, 'f', '2026-11-24T09:00:00Z', 0, 0, 0, ?2)",
        rusqlite::params![id, gone_out],
    )
    .unwrap();
}

#[test]
fn money_reimbursed_or_split_out_of_an_open_deal_is_no_longer_in_escrow() {
    let (_dir, conn) = world();
    checked(&conn, "a", 100_000); // 10.00 of a's 1010.00 went back to the payer
    checked(&conn, "b", 9_999_999_999); // b (510.50 paid in) was reimbursed in full
    checked(&conn, "e", 500_000); // a closed deal is not in escrow either way
    checked(&conn, "c", 0);
    let (total, by_status) = escrow(&status_lines(&conn, "env").unwrap());
    let dkk = total.iter().find(|l| l.currency == "DKK").unwrap();
    assert_eq!((dkk.amount.as_str(), dkk.count), ("1000", 1), "b holds nothing, a holds 1000.00");
    let paid = by_status.iter().find(|l| l.currency == "DKK" && l.status.as_deref() == Some("PAID")).unwrap();
    assert_eq!((paid.amount.as_str(), paid.count), ("1000", 1));
    let eur = total.iter().find(|l| l.currency == "EUR").unwrap();
    assert_eq!(eur.amount, "50", "deals without money out are untouched");
    assert_eq!(counts(&status_lines(&conn, "env").unwrap()).iter().map(|c| c.count).sum::<i64>(), 6);
}

#[test]
fn counts_days_ageing_payees() {
    let (_dir, conn) = world();
    let counts = counts(&status_lines(&conn, "env").unwrap());
    assert_eq!(counts.iter().map(|c| c.count).sum::<i64>(), 6);
    assert_eq!(counts.iter().find(|c| c.status == "PAID").map(|c| c.count), Some(2));

    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let days = days(&conn, "env", today).unwrap();
    assert_eq!(days.len(), 30);
    assert_eq!(days.last().map(|d| (d.day.as_str(), d.created)), Some(("2026-11-24", 1)));
    assert_eq!(days.iter().map(|d| d.created).sum::<i64>(), 5, "the deal from September is older than 30 days");
    assert_eq!(days.iter().map(|d| d.paid).sum::<i64>(), 0, "a first pass sees no payments happen");

    let ageing = ageing(&conn, "env", today).unwrap();
    assert_eq!((ageing[1].from_days, ageing[1].to_days, ageing[1].count), (8, Some(14), 1), "c: 14 calendar days");
    assert_eq!(ageing[0].count + ageing[2].count + ageing[3].count, 0);
    assert_eq!(ageing[1].owed[0].amount, "210", "owed = amount + payer fee");
    assert_eq!(ageing[4].count, 1, "d: 84 days → over 60");

    let payees = top_payees(&conn, "env").unwrap();
    assert_eq!(payees[0].name, "Bilhuset");
    assert_eq!(payees[0].count, 3);
    assert_eq!(payees[0].amounts[0].amount, "2200.5");
    assert!(payees.iter().all(|p| p.name != "Other"), "a cancelled deal paid its payee nothing: {payees:?}");
    assert_eq!(inexact(&conn, "env").unwrap(), 0);
}

#[test]
fn ageing_buckets_are_whole_calendar_days_at_their_edges() {
    let dir = tempfile::tempdir().unwrap();
    let db = AppDb::open(dir.path()).unwrap();
    let mut conn = db.second_connection().unwrap();
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    // Late in the day, so hours would put each one a day younger than its calendar age.
    let made = |age: i64, status: &str| {
        let day = (today - chrono::Duration::days(age)).format("%Y-%m-%d");
        item(&format!("{status}-{age}"), status, "DKK", "100.00", "0", &format!("{day}T23:59:59Z"), "P")
    };
    let mut rows: Vec<MirrorRow> =
        [-2, 0, 7, 8, 14, 15, 30, 31, 60, 61, 400].iter().map(|&a| made(a, "CREATED")).collect();
    rows.push(made(3, "PAID"));
    rows.push(made(3, "INPROGRESS"));
    store::begin_pass(&conn, "env").unwrap();
    store::upsert(&mut conn, "env", 1, &rows, "2026-11-24T09:00:00Z").unwrap();
    let ageing = ageing(&conn, "env", today).unwrap();
    let counts: Vec<i64> = ageing.iter().map(|b| b.count).collect();
    assert_eq!(counts, vec![4, 2, 2, 2, 2], "0–7 (with a future date and one in progress), 8–14, 15–30, 31–60, 61+");
    assert_eq!(ageing[0].owed[0].amount, "440", "owed = amount + payer fee, summed per currency");
    assert_eq!(ageing.iter().map(|b| (b.from_days, b.to_days)).collect::<Vec<_>>(), BUCKETS.to_vec());
}
