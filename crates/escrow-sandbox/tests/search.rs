//! Search and list at scale: the trigram index must answer exactly what a plain LIKE scan
//! answers (same rows, same order, same count), stay in step with every write, and be
//! built for data dirs written before it existed.

use chrono::{Duration, Utc};
use escrow_sandbox::store::like_pattern;
use escrow_sandbox::store::transactions as store;
use escrow_sandbox::{DEMO_KEY, DEMO_TENANT, SandboxConfig, Seed, TenantConfig};
use rusqlite::{Connection, params};
use serde_json::Value;
use std::path::Path;

const OTHER_KEY: &str = "other-key";

async fn start(dir: &Path, seed: Seed) -> escrow_sandbox::RunningSandbox {
    escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.into(),
        tenants: vec![
            TenantConfig::demo(),
            TenantConfig::parse(&format!("other={OTHER_KEY}")).unwrap(),
        ],
        seed,
    })
    .await
    .unwrap()
}

fn open(dir: &Path) -> Connection {
    let conn = Connection::open(dir.join("sandbox.sqlite")).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .unwrap();
    conn
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Every page of a query over HTTP: (ids in order, count of each page).
async fn list_all(
    url: &str,
    key: &str,
    search: Option<&str>,
    reference: Option<&str>,
) -> (Vec<String>, Vec<i64>) {
    let http = reqwest::Client::new();
    let (mut ids, mut counts) = (Vec::new(), Vec::new());
    loop {
        let mut q = format!("Take=100&Skip={}", ids.len());
        if let Some(s) = search {
            q.push_str(&format!("&Search={}", encode(s)));
        }
        if let Some(r) = reference {
            q.push_str(&format!("&ReferenceId={}", encode(r)));
        }
        let page: Value = http
            .get(format!("{url}/v2/transactions?{q}"))
            .bearer_auth(key)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let items = page["items"].as_array().unwrap();
        counts.push(page["count"].as_i64().unwrap());
        ids.extend(
            items
                .iter()
                .map(|t| t["transactionId"].as_str().unwrap().to_owned()),
        );
        if items.len() < 100 {
            return (ids, counts);
        }
    }
}

/// The reference answer: a LIKE scan over the stored search text, in the spec's order.
fn like_scan(
    conn: &Connection,
    tenant: &str,
    search: Option<&str>,
    reference: Option<&str>,
) -> Vec<String> {
    let mut stmt = conn
        .prepare(
            "SELECT transaction_id FROM transactions WHERE tenant = ?1
               AND (?2 IS NULL OR search LIKE ?2 ESCAPE '\\')
               AND (?3 IS NULL OR reference_id LIKE ?3 ESCAPE '\\')
             ORDER BY created DESC, seq DESC",
        )
        .unwrap();
    let search = search
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_pattern);
    let reference = reference
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_pattern);
    stmt.query_map(params![tenant, search, reference], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[tokio::test]
async fn trigram_search_answers_exactly_what_a_like_scan_answers() {
    let dir = tempfile::tempdir().unwrap();
    escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, 2_500)
        .await
        .unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let conn = open(dir.path());
    // A real transaction id and registration to search for by fragment.
    let (id, reg): (String, String) = conn
        .query_row(
            "SELECT transaction_id, json_extract(doc, '$.autoInformation.registrationNumber') FROM transactions
             WHERE json_extract(doc, '$.kind') = 'Auto' ORDER BY seq LIMIT 1 OFFSET 1234",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let id_fragment = id[9..21].to_uppercase();
    let cases: Vec<(Option<&str>, Option<&str>)> = vec![
        (None, None),
        (Some("volkswagen"), None),
        (Some("VolksWagen"), None),
        (Some("tesla model"), None),
        (Some(&reg), None),
        (Some(&reg[..5]), None),
        (Some(&id), None),
        (Some(&id_fragment), None),
        (Some("5yj"), None),
        (Some("KJÆR"), None),
        (Some("søren"), None),
        (Some("ø"), None),
        (Some("ae"), None),
        (Some("@example.dk"), None),
        (Some("+45 2"), None),
        (Some("model y long range — ev"), None),
        (Some(" — "), None),
        (Some("nysyn."), None),
        (Some("ægget"), None),
        (Some("%"), None),
        (Some("50%"), None),
        (Some("_"), None),
        (Some("a_b"), None),
        (Some("\\"), None),
        (Some("\"quoted\""), None),
        (Some("x\" OR \"y"), None),
        (Some("body : volk*"), None),
        (Some("no such thing anywhere"), None),
        (None, Some("deal-20")),
        (None, Some("DEAL-2026-0042")),
        (None, Some("ord-0")),
        (None, Some("0042")),
        (None, Some("d")),
        (None, Some("-")),
        (None, Some("%")),
        (Some("tesla"), Some("deal")),
        (Some("bmw"), Some("1")),
        (Some("xq"), Some("deal")),
        (Some("e"), Some("o")),
        (Some("example"), Some("ord")),
    ];
    for (search, reference) in cases {
        let expected = like_scan(&conn, DEMO_TENANT, search, reference);
        let (ids, counts) = list_all(&sb.url, DEMO_KEY, search, reference).await;
        assert_eq!(
            ids.len(),
            expected.len(),
            "search {search:?} reference {reference:?}: rows"
        );
        assert!(
            ids == expected,
            "search {search:?} reference {reference:?}: same rows in the same order"
        );
        let total = i64::try_from(expected.len()).unwrap();
        assert!(
            counts.iter().all(|&c| c == total),
            "search {search:?} reference {reference:?}: count {counts:?} != {total}"
        );
    }
    // The other tenant sees none of it, by any path.
    for (search, reference) in [
        (None, None),
        (Some("volkswagen"), None),
        (Some("e"), None),
        (None, Some("deal")),
    ] {
        let (ids, counts) = list_all(&sb.url, OTHER_KEY, search, reference).await;
        assert!(
            ids.is_empty() && counts == [0],
            "other tenant, {search:?} {reference:?}"
        );
    }
}

#[tokio::test]
async fn skip_past_the_end_and_short_pages_keep_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let http = reqwest::Client::new();
    let get = |q: String| {
        let http = http.clone();
        let url = sb.url.clone();
        async move {
            let v: Value = http
                .get(format!("{url}/v2/transactions?{q}"))
                .bearer_auth(DEMO_KEY)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            (
                v["items"].as_array().unwrap().len(),
                v["count"].as_i64().unwrap(),
            )
        }
    };
    let (_, tesla) = get("Search=deal-&Take=1".into()).await;
    assert!(tesla > 3, "the demo data has many Auto deals");
    assert_eq!(
        get(format!("Search=deal-&Skip={tesla}")).await,
        (0, tesla),
        "skip exactly to the end"
    );
    assert_eq!(
        get(format!("Search=deal-&Skip={}", tesla + 50)).await,
        (0, tesla),
        "skip past the end"
    );
    assert_eq!(
        get(format!("Search=deal-&Skip={}&Take=2", tesla - 1)).await,
        (1, tesla),
        "last row"
    );
    assert_eq!(
        get(format!("Search=deal-&Skip={}&Take=1", tesla - 2)).await,
        (1, tesla),
        "full page before the end"
    );
    assert_eq!(
        get("Skip=500".into()).await,
        (0, 200),
        "no term, past the end"
    );
}

#[tokio::test]
async fn the_index_follows_inserts_updates_and_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let conn = open(dir.path());
    let (ids, _) = list_all(&sb.url, DEMO_KEY, Some("DEAL-2026-0042"), None).await;
    assert_eq!(ids.len(), 1);
    let mut doc = store::get(&conn, DEMO_TENANT, &ids[0]).unwrap().unwrap();

    // Update: the new title is found, the old registration is not.
    doc.title = Some("Renoveret Citroën 2CV, 1974".into());
    doc.auto_information = None;
    store::update(&conn, DEMO_TENANT, &doc).unwrap();
    assert_eq!(
        list_all(&sb.url, DEMO_KEY, Some("citroën 2cv"), None)
            .await
            .0,
        ids
    );
    assert!(
        list_all(&sb.url, DEMO_KEY, Some("EV 48 213"), None)
            .await
            .0
            .is_empty()
    );

    // Inserts in the same millisecond: newest (last inserted) first, by any path.
    let created = escrow_sandbox::clock::stamp(Utc::now() + Duration::hours(1));
    let mut new_ids = Vec::new();
    for i in 0..3 {
        let mut copy = doc.clone();
        copy.transaction_id = format!("twin-{i}");
        copy.reference_id = Some(format!("TWIN-{i}"));
        copy.created = created.clone();
        store::insert(&conn, DEMO_TENANT, &copy).unwrap();
        new_ids.insert(0, copy.transaction_id);
    }
    assert_eq!(
        list_all(&sb.url, DEMO_KEY, Some("2cv"), None).await.0[..3],
        new_ids[..]
    );
    assert_eq!(
        list_all(&sb.url, DEMO_KEY, None, Some("twin")).await.0,
        new_ids
    );
    assert_eq!(
        list_all(&sb.url, DEMO_KEY, None, None).await.0[..3],
        new_ids[..]
    );
    assert_eq!(
        list_all(&sb.url, DEMO_KEY, Some("v"), None).await.0[..3],
        new_ids[..],
        "LIKE path, same order"
    );

    // Delete: gone from the index and the count.
    conn.execute(
        "DELETE FROM transactions WHERE transaction_id = 'twin-1'",
        [],
    )
    .unwrap();
    let (left, counts) = list_all(&sb.url, DEMO_KEY, None, Some("twin")).await;
    assert_eq!(left, ["twin-2", "twin-0"]);
    assert_eq!(counts, [2]);
    let (all, counts) = list_all(&sb.url, DEMO_KEY, None, None).await;
    assert_eq!(
        (all.len(), counts[0]),
        (202, 202),
        "200 demo rows + 3 twins - 1 deleted, counted without a term too"
    );

    // A raw insert that bypasses store::insert is refused rather than silently unsearchable.
    let err = conn
        .execute(
            "INSERT INTO transactions (transaction_id, tenant, created, search, doc) VALUES ('raw', 'demo', ?1, 'raw', '{}')",
            [&created],
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("store::transactions::insert"),
        "{err}"
    );
}

#[tokio::test]
async fn a_data_dir_from_before_the_index_is_indexed_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let before = list_all(&sb.url, DEMO_KEY, Some("tesla"), None).await;
    let all_before = list_all(&sb.url, DEMO_KEY, None, None).await;
    sb.shutdown().await;
    {
        // Back to the old schema: no ord, no index, no triggers.
        let conn = open(dir.path());
        conn.execute_batch(
            "DROP TRIGGER transactions_need_ord; DROP TRIGGER transactions_fts_insert;
             DROP TRIGGER transactions_fts_update; DROP TRIGGER transactions_fts_delete;
             DROP TRIGGER transactions_count_insert; DROP TRIGGER transactions_count_delete;
             DROP TABLE transactions_fts; DROP TABLE search_tenants; DROP INDEX transactions_by_ord;
             ALTER TABLE transactions DROP COLUMN ord;",
        )
        .unwrap();
    }
    let sb = start(dir.path(), Seed::Demo).await;
    assert_eq!(
        list_all(&sb.url, DEMO_KEY, Some("tesla"), None).await,
        before
    );
    assert_eq!(list_all(&sb.url, DEMO_KEY, None, None).await, all_before);
    assert_eq!(
        before.1,
        [like_scan(&open(dir.path()), DEMO_TENANT, Some("tesla"), None).len() as i64]
    );
}
