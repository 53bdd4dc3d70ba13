//! The one-pass queue against the plain definition: every rule over every open deal,
//! snoozes split off, the whole list sorted, the first [`SHOWN`] kept.

use super::*;
use crate::row::MirrorRow;
use crate::store;
use chrono::Duration;
use desk_core::appdb::AppDb;
use serde_json::json;

fn row(n: usize, now: DateTime<Utc>) -> MirrorRow {
    let status = ["CREATED", "PAID", "SUCCEEDED", "INPROGRESS", "PAID", "CANCELLED"][n % 6];
    // Whole days apart in threes: many ties on `since`, broken by the transaction.
    let created = now - Duration::days((n / 3) as i64);
    let paid = if status == "PAID" { 100 + n.is_multiple_of(5) as i64 * 7 } else { 0 };
    let mut item = json!({
        "transactionId": format!("t{:04}", (n * 7919) % 10_000), "status": status, "currency": "DKK",
        "amount": "100.00", "created": created.to_rfc3339(),
        "expectedCompletion": (created + Duration::days(10)).to_rfc3339(),
        "payments": {"inbound": {"amount": format!("{paid}.00")}}
    });
    if n.is_multiple_of(4) {
        item["autoInformation"] = json!({"billOfSale": {"signed": n.is_multiple_of(8)}});
    }
    MirrorRow::from_item(&serde_json::from_value(item).unwrap()).unwrap()
}

fn deal(r: &MirrorRow) -> Deal {
    Deal {
        status: r.status.clone(),
        auto: r.auto,
        amount_e4: r.amount_e4,
        paid_in_e4: r.paid_in_e4,
        owed_e4: r.owed_e4,
        created: r.created.as_deref().and_then(parse_stamp),
        expected_completion: r.expected_completion.as_deref().and_then(parse_stamp),
        has_debt: r.has_debt,
        bill_of_sale: r.bill_of_sale.to_owned(),
        ..Deal::default()
    }
}

/// (rule, transaction, since) of each item.
fn keys(items: &[AttentionItem]) -> Vec<(Rule, String, Option<String>)> {
    items.iter().map(|i| (i.rule, i.transaction_id.clone(), i.since.clone())).collect()
}

#[test]
fn one_pass_gives_the_whole_sorts_first_items_counts_and_snoozes() {
    let dir = tempfile::tempdir().unwrap();
    let db = AppDb::open(dir.path()).unwrap();
    let mut conn = db.second_connection().unwrap();
    let now = Utc::now();
    // Newest first, as a sync mirrors them: the scan meets every hit older than the last.
    let rows: Vec<MirrorRow> = (0..1_500).map(|n| row(n, now)).collect();
    store::begin_pass(&conn, "env").unwrap();
    store::upsert(&mut conn, "env", 1, &rows, &now.to_rfc3339()).unwrap();
    let until = (now + Duration::days(3)).to_rfc3339();
    let snoozed: Vec<(String, Rule)> = rows
        .iter()
        .filter_map(|r| {
            rules::evaluate(&deal(r), now, &Thresholds::default()).first().map(|h| (r.transaction_id.clone(), h.rule))
        })
        .step_by(40)
        .collect();
    for (id, rule) in &snoozed {
        conn.execute(
            "INSERT INTO attention_snoozes VALUES ('env', ?1, ?2, ?3, 'later', ?3)",
            params![id, rule.as_str(), until],
        )
        .unwrap();
    }

    // The plain definition.
    let t = Thresholds::default();
    let mut all: Vec<(usize, DateTime<Utc>, String, Rule, bool)> = Vec::new();
    for r in &rows {
        for h in rules::evaluate(&deal(r), now, &t) {
            let is_snoozed = snoozed.contains(&(r.transaction_id.clone(), h.rule));
            all.push((
                place(h.rule),
                h.since.unwrap_or(DateTime::<Utc>::MIN_UTC),
                r.transaction_id.clone(),
                h.rule,
                is_snoozed,
            ));
        }
    }
    all.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
    let expect = |snoozed: bool, only: Option<Rule>| -> Vec<(Rule, String)> {
        all.iter().filter(|a| a.4 == snoozed && only.is_none_or(|r| r == a.3)).map(|a| (a.3, a.2.clone())).collect()
    };

    for only in [None, Some(Rule::AwaitingPayment), Some(Rule::Overfunded)] {
        let q = queue(&conn, "env", now, &t, only).unwrap();
        let active = expect(false, only);
        assert!(active.len() > SHOWN || only.is_some(), "the test needs more items than are shown");
        assert_eq!(q.total as usize, active.len());
        let got: Vec<(Rule, String)> = keys(&q.items).into_iter().map(|(r, id, _)| (r, id)).collect();
        assert_eq!(got, active.into_iter().take(SHOWN).collect::<Vec<_>>(), "{only:?}");
        let snoozed_got: Vec<(Rule, String)> = keys(&q.snoozed).into_iter().map(|(r, id, _)| (r, id)).collect();
        assert_eq!(snoozed_got, expect(true, None).into_iter().take(SHOWN).collect::<Vec<_>>());
        assert!(
            q.snoozed
                .iter()
                .all(|i| i.snoozed_until.as_deref() == Some(until.as_str()) && i.note.as_deref() == Some("later"))
        );
        for c in &q.counts {
            assert_eq!(c.count as usize, all.iter().filter(|a| !a.4 && a.3 == c.rule).count(), "{:?}", c.rule);
        }
        assert_eq!(q.counts.iter().map(|c| c.count).sum::<i64>() as usize, expect(false, None).len());
        assert!(q.items.iter().all(|i| !i.status.is_empty() && i.amount == "100.00"), "words are filled in");
    }
}
