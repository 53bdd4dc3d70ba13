//! The demo seed and the bulk load tell stories that already happened: no seeded time
//! (a deal's, a payment's created/authorized/failed, a payout's, a split payout's, a
//! document's or its signers', a user's or a connection's) is after the sandbox clock's
//! "now". Only an open deal's expected completion, a deadline, may lie ahead.

use chrono::{DateTime, Utc};
use escrow_sandbox::seed::{bulk::insert_synthetic, seed_demo};
use serde_json::Value;

/// Every time in `v` that is after `now`, as `path = time`; an open deal's expected
/// completion is left out.
fn after(v: &Value, path: &str, now: DateTime<Utc>, open: bool, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                if !(open && k == "expectedCompletion") {
                    after(x, &format!("{path}.{k}"), now, open, out);
                }
            }
        }
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| after(x, &format!("{path}[{i}]"), now, open, out)),
        Value::String(s) => {
            if let Ok(t) = DateTime::parse_from_rfc3339(s)
                && t.with_timezone(&Utc) > now
            {
                out.push(format!("{path} = {s}"));
            }
        }
        _ => {}
    }
}

#[tokio::test]
async fn no_seeded_time_is_after_now() {
    let dir = tempfile::tempdir().unwrap();
    let db = escrow_sandbox::db::Db::open(dir.path(), escrow_sandbox::v2::SCHEMA).unwrap();
    let now = escrow_sandbox::clock::Clock::default().now();
    let late = db
        .call(move |c| {
            seed_demo(c, "demo", now)?;
            insert_synthetic(c, "bulk", 3_000, now, 0xB01C_2026)?;
            let mut late = Vec::new();
            for table in ["transactions", "users", "documents"] {
                let mut rows = c.prepare(&format!("SELECT created, doc FROM {table}"))?;
                let rows = rows.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
                for row in rows {
                    let (created, doc) = row?;
                    let doc: Value = serde_json::from_str(&doc).unwrap_or(Value::Null);
                    assert!(!doc.is_null(), "{table}: a stored document that is not JSON");
                    let open = matches!(doc["status"].as_str(), Some("CREATED" | "PAID"));
                    let id = doc.get("transactionId").or(doc.get("serviceAccountId")).or(doc.get("documentId"));
                    let path = format!("{table} {}", id.and_then(Value::as_str).unwrap_or("?"));
                    after(&Value::String(created), &format!("{path} (row)"), now, open, &mut late);
                    after(&doc, &path, now, open, &mut late);
                }
            }
            Ok(late)
        })
        .await
        .unwrap();
    assert!(late.is_empty(), "{} seeded times after now ({now}):\n{}", late.len(), late.join("\n"));
}
