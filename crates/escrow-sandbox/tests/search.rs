//! Search and list at scale: the trigram index must answer exactly what a plain LIKE scan
//! answers (same rows, same order, same count), stay in step with every write, and be
//! built for data dirs written before it existed.

mod common;

use chrono::{Duration, Utc};
use common::{like_scan, open};
use escrow_sandbox::v2::transactions::{search, store};
use escrow_sandbox::{DEMO_KEY, DEMO_TENANT, SandboxConfig, Seed, TenantConfig};
use serde_json::Value;
use std::path::Path;

const OTHER_KEY: &str = "other-key";

async fn start(dir: &Path, seed: Seed) -> escrow_sandbox::RunningSandbox {
    escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.into(),
        tenants: vec![TenantConfig::demo(), TenantConfig::parse(&format!("other={OTHER_KEY}")).unwrap()],
        seed,
        dialect: Default::default(),
    })
    .await
    .unwrap()
}

fn encode(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// Every page of a query over HTTP: (ids in order, count of each page).
async fn list_all(url: &str, key: &str, search: Option<&str>, reference: Option<&str>) -> (Vec<String>, Vec<i64>) {
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
        let page: Value =
            http.get(format!("{url}/v2/transactions?{q}")).bearer_auth(key).send().await.unwrap().json().await.unwrap();
        let items = page["items"].as_array().unwrap();
        counts.push(page["count"].as_i64().unwrap());
        ids.extend(items.iter().map(|t| t["transactionId"].as_str().unwrap().to_owned()));
        if items.len() < 100 {
            return (ids, counts);
        }
    }
}

#[tokio::test]
async fn trigram_search_answers_exactly_what_a_like_scan_answers() {
    let dir = tempfile::tempdir().unwrap();
    escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, 2_500).await.unwrap();
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
        assert_eq!(ids.len(), expected.len(), "search {search:?} reference {reference:?}: rows");
        assert!(ids == expected, "search {search:?} reference {reference:?}: same rows in the same order");
        let total = i64::try_from(expected.len()).unwrap();
        assert!(
            counts.iter().all(|&c| c == total),
            "search {search:?} reference {reference:?}: count {counts:?} != {total}"
        );
    }
    // The other tenant sees none of it, by any path.
    for (search, reference) in [(None, None), (Some("volkswagen"), None), (Some("e"), None), (None, Some("deal"))] {
        let (ids, counts) = list_all(&sb.url, OTHER_KEY, search, reference).await;
        assert!(ids.is_empty() && counts == [0], "other tenant, {search:?} {reference:?}");
    }
}

#[tokio::test]
async fn skip_past_the_end_and_short_pages_keep_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let get = |q: String| {
        let url = sb.url.clone();
        async move { page(&url, DEMO_KEY, &q).await }
    };
    let (_, tesla) = get("Search=deal-&Take=1".into()).await;
    assert!(tesla > 3, "the demo data has many Auto deals");
    assert_eq!(get(format!("Search=deal-&Skip={tesla}")).await, (0, tesla), "skip exactly to the end");
    assert_eq!(get(format!("Search=deal-&Skip={}", tesla + 50)).await, (0, tesla), "skip past the end");
    assert_eq!(get(format!("Search=deal-&Skip={}&Take=2", tesla - 1)).await, (1, tesla), "last row");
    assert_eq!(get(format!("Search=deal-&Skip={}&Take=1", tesla - 2)).await, (1, tesla), "full page before the end");
    assert_eq!(get("Skip=500".into()).await, (0, 200), "no term, past the end");
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
    assert_eq!(list_all(&sb.url, DEMO_KEY, Some("citroën 2cv"), None).await.0, ids);
    assert!(list_all(&sb.url, DEMO_KEY, Some("EV 48 213"), None).await.0.is_empty());

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
    assert_eq!(list_all(&sb.url, DEMO_KEY, Some("2cv"), None).await.0[..3], new_ids[..]);
    assert_eq!(list_all(&sb.url, DEMO_KEY, None, Some("twin")).await.0, new_ids);
    assert_eq!(list_all(&sb.url, DEMO_KEY, None, None).await.0[..3], new_ids[..]);
    assert_eq!(list_all(&sb.url, DEMO_KEY, Some("v"), None).await.0[..3], new_ids[..], "LIKE path, same order");

    // Delete: gone from the index and the count.
    conn.execute("DELETE FROM transactions WHERE transaction_id = 'twin-1'", []).unwrap();
    let (left, counts) = list_all(&sb.url, DEMO_KEY, None, Some("twin")).await;
    assert_eq!(left, ["twin-2", "twin-0"]);
    assert_eq!(counts, [2]);
    let (all, counts) = list_all(&sb.url, DEMO_KEY, None, None).await;
    assert_eq!((all.len(), counts[0]), (202, 202), "200 demo rows + 3 twins - 1 deleted, counted without a term too");

    // A raw insert that bypasses store::insert is refused rather than silently unsearchable.
    let err = conn
        .execute(
            "INSERT INTO transactions (transaction_id, tenant, created, search, doc) VALUES ('raw', 'demo', ?1, 'raw', '{}')",
            [&created],
        )
        .unwrap_err();
    assert!(err.to_string().contains("store::transactions::insert"), "{err}");
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
    assert_eq!(list_all(&sb.url, DEMO_KEY, Some("tesla"), None).await, before);
    assert_eq!(list_all(&sb.url, DEMO_KEY, None, None).await, all_before);
    assert_eq!(before.1, [like_scan(&open(dir.path()), DEMO_TENANT, Some("tesla"), None).len() as i64]);
}

// ---- Remembered search counts ----------------------------------------------------------
//
// A search's count is reused while the tenant's search generation is unchanged. These fail
// if a remembered count ever outlives a write that changes the matches.

/// `(items on the page, count)` of one list call.
async fn page(url: &str, key: &str, query: &str) -> (usize, i64) {
    let v: Value = reqwest::Client::new()
        .get(format!("{url}/v2/transactions?{query}"))
        .bearer_auth(key)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (v["items"].as_array().unwrap().len(), v["count"].as_i64().unwrap())
}

/// A payee and a payer of the tenant, for creating transactions over HTTP.
async fn two_users(url: &str, key: &str) -> (String, String) {
    let http = reqwest::Client::new();
    let mut ids = Vec::new();
    for who in ["payee", "payer"] {
        let v: Value = http
            .post(format!("{url}/_sandbox/users"))
            .bearer_auth(key)
            .json(&serde_json::json!({"referenceId": format!("count-{who}"), "name": who, "email": null, "phoneNumber": null, "type": "Private"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids.push(v["serviceAccountId"].as_str().unwrap().to_owned());
    }
    (ids[0].clone(), ids[1].clone())
}

/// Creates a Marketplace transaction over HTTP; its id.
async fn create(url: &str, key: &str, users: &(String, String), title: &str) -> String {
    let res = reqwest::Client::new()
        .post(format!("{url}/v2/transactions/marketplace"))
        .bearer_auth(key)
        .json(&serde_json::json!({"amount": 100, "title": title, "payeeId": users.0, "payerId": users.1}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "create {title}");
    let v: Value = res.json().await.unwrap();
    v["transactionId"].as_str().unwrap().to_owned()
}

/// Asserts the count of `query` on its first page and on later pages (which reuse it).
async fn assert_count(url: &str, key: &str, query: &str, expected: i64, step: &str) {
    for skip in [0, 1, 2] {
        let (_, count) = page(url, key, &format!("{query}&Take=1&Skip={skip}")).await;
        assert_eq!(count, expected, "{step}: {query} Skip={skip}");
    }
}

#[tokio::test]
async fn a_remembered_count_follows_inserts_updates_and_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let conn = open(dir.path());
    let users = two_users(&sb.url, DEMO_KEY).await;
    let (q, short) = ("Search=ZEBRAFINK", "Search=fi");
    let short_before = page(&sb.url, DEMO_KEY, short).await.1;
    let mut ids = Vec::new();
    for i in 0..3 {
        ids.push(create(&sb.url, DEMO_KEY, &users, &format!("Zebrafink bur {i}")).await);
    }
    assert_count(&sb.url, DEMO_KEY, q, 3, "created over HTTP").await;

    ids.push(create(&sb.url, DEMO_KEY, &users, "Zebrafink bur 3").await);
    assert_count(&sb.url, DEMO_KEY, q, 4, "one more created").await;

    // An update by another connection (not through the sandbox) stops, then starts, a match.
    let mut doc = store::get(&conn, DEMO_TENANT, &ids[0]).unwrap().unwrap();
    doc.title = Some("Papegøjebur".into());
    store::update(&conn, DEMO_TENANT, &doc).unwrap();
    assert_count(&sb.url, DEMO_KEY, q, 3, "updated to stop matching").await;
    doc.title = Some("Zebrafinkebur".into());
    store::update(&conn, DEMO_TENANT, &doc).unwrap();
    assert_count(&sb.url, DEMO_KEY, q, 4, "updated to match again").await;

    // Deleted over HTTP.
    let res = reqwest::Client::new()
        .post(format!("{}/v2/transactions/{}/delete", sb.url, ids[1]))
        .bearer_auth(DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_count(&sb.url, DEMO_KEY, q, 3, "one deleted").await;

    // The short-term (LIKE) path is remembered the same way.
    let expected = like_scan(&conn, DEMO_TENANT, Some("fi"), None).len() as i64;
    assert_eq!(short_before + 3, expected, "three more 'fi' matches");
    assert_eq!(page(&sb.url, DEMO_KEY, short).await.1, expected);
    assert_eq!(like_scan(&conn, DEMO_TENANT, Some("zebrafink"), None).len(), 3);
}

#[tokio::test]
async fn tenants_keep_their_own_counts_for_the_same_term() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let demo_users = two_users(&sb.url, DEMO_KEY).await;
    let other_users = two_users(&sb.url, OTHER_KEY).await;
    for i in 0..3 {
        create(&sb.url, DEMO_KEY, &demo_users, &format!("Kanarie {i}")).await;
    }
    create(&sb.url, OTHER_KEY, &other_users, "Kanarie").await;
    // The same generation number in both tenants must not mix their counts up.
    open(dir.path()).execute("UPDATE search_tenants SET gen = (SELECT max(gen) + 1 FROM search_tenants)", []).unwrap();
    for round in ["cold", "warm"] {
        assert_count(&sb.url, DEMO_KEY, "Search=kanarie", 3, round).await;
        assert_count(&sb.url, OTHER_KEY, "Search=kanarie", 1, round).await;
    }
    // A write in one tenant changes only its own count.
    create(&sb.url, OTHER_KEY, &other_users, "Kanarie 2").await;
    assert_count(&sb.url, OTHER_KEY, "Search=kanarie", 2, "other wrote").await;
    assert_count(&sb.url, DEMO_KEY, "Search=kanarie", 3, "other wrote").await;
}

#[tokio::test]
async fn paging_through_a_term_keeps_the_first_pages_count() {
    let dir = tempfile::tempdir().unwrap();
    escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, 1_000).await.unwrap();
    let sb = start(dir.path(), Seed::None).await;
    let conn = open(dir.path());
    for (search, reference) in
        [(Some("example.dk"), None), (Some("volkswagen"), None), (None, Some("deal")), (Some("e"), None)]
    {
        let expected = like_scan(&conn, DEMO_TENANT, search, reference);
        let (ids, counts) = list_all(&sb.url, DEMO_KEY, search, reference).await;
        assert!(counts.len() > 1 || search == Some("volkswagen"), "{search:?} {reference:?}: several pages");
        assert_eq!(ids, expected, "{search:?} {reference:?}");
        let total = expected.len() as i64;
        assert!(counts.iter().all(|&c| c == total), "{search:?} {reference:?}: {counts:?} != {total}");
    }
    let total = like_scan(&conn, DEMO_TENANT, Some("example.dk"), None).len() as i64;
    assert_eq!(
        page(&sb.url, DEMO_KEY, &format!("Search=example.dk&Skip={}", total + 5)).await,
        (0, total),
        "past the end, from the remembered count"
    );
}

#[tokio::test]
async fn list_reuses_a_count_only_at_its_generation() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let conn = open(dir.path());
    let counts = escrow_sandbox::db::count_cache::CountCache::default();
    let q = search::ListQuery { skip: 0, take: 1, search: Some("Tesla".into()), reference_id: None };
    let truth = like_scan(&conn, DEMO_TENANT, Some("tesla"), None).len() as i64;
    assert!(truth > 1);
    assert_eq!(search::list(&conn, DEMO_TENANT, &q, &counts).unwrap().1, truth);
    assert_eq!(counts.len(), 1);
    // Plant a wrong count at the current generation: list answers it (it did not count).
    let generation = || -> i64 {
        conn.query_row("SELECT gen FROM search_tenants WHERE tenant = ?1", [DEMO_TENANT], |r| r.get(0)).unwrap()
    };
    let key = escrow_sandbox::db::count_cache::CountKey {
        tenant: DEMO_TENANT.into(),
        search: Some("tesla".into()),
        reference: None,
    };
    counts.put(key, generation(), 999);
    assert_eq!(search::list(&conn, DEMO_TENANT, &q, &counts).unwrap().1, 999);
    // Any write to the tenant's transactions moves the generation on: counted again.
    let before = generation();
    let mut doc =
        store::get(&conn, DEMO_TENANT, &list_all(&sb.url, DEMO_KEY, Some("tesla"), None).await.0[0]).unwrap().unwrap();
    doc.description = Some("now also a bicycle".into());
    store::update(&conn, DEMO_TENANT, &doc).unwrap();
    assert!(generation() > before);
    assert_eq!(search::list(&conn, DEMO_TENANT, &q, &counts).unwrap().1, truth);
    // A change that leaves the searched text alone keeps the generation.
    let before = generation();
    conn.execute("UPDATE transactions SET doc = doc WHERE transaction_id = ?1", [&doc.transaction_id]).unwrap();
    assert_eq!(generation(), before);
}

#[tokio::test]
async fn a_data_dir_from_before_the_search_generation_gets_it_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), Seed::Demo).await;
    let tesla = list_all(&sb.url, DEMO_KEY, Some("tesla"), None).await.0;
    sb.shutdown().await;
    {
        // Back to the schema before `gen`: index triggers that do not bump it.
        let conn = open(dir.path());
        conn.execute_batch(
            "DROP TRIGGER transactions_fts_insert; DROP TRIGGER transactions_fts_update;
             DROP TRIGGER transactions_fts_delete;
             ALTER TABLE search_tenants DROP COLUMN gen;
             CREATE TRIGGER transactions_fts_insert AFTER INSERT ON transactions BEGIN
                 INSERT INTO transactions_fts (rowid, body, ref) VALUES (new.ord, new.search, coalesce(new.reference_id, ''));
             END;
             CREATE TRIGGER transactions_fts_update AFTER UPDATE OF search, reference_id, ord ON transactions
             WHEN old.search IS NOT new.search OR old.reference_id IS NOT new.reference_id OR old.ord IS NOT new.ord BEGIN
                 DELETE FROM transactions_fts WHERE rowid = old.ord;
                 INSERT INTO transactions_fts (rowid, body, ref)
                     SELECT new.ord, new.search, coalesce(new.reference_id, '') WHERE new.ord IS NOT NULL;
             END;
             CREATE TRIGGER transactions_fts_delete AFTER DELETE ON transactions BEGIN
                 DELETE FROM transactions_fts WHERE rowid = old.ord;
             END;",
        )
        .unwrap();
    }
    let sb = start(dir.path(), Seed::None).await;
    let conn = open(dir.path());
    let n = tesla.len() as i64;
    assert_count(&sb.url, DEMO_KEY, "Search=tesla", n, "reopened").await;
    conn.execute("DELETE FROM transactions WHERE transaction_id = ?1", [&tesla[0]]).unwrap();
    assert_count(&sb.url, DEMO_KEY, "Search=tesla", n - 1, "deleted after the upgrade").await;
    let mut doc = store::get(&conn, DEMO_TENANT, &tesla[1]).unwrap().unwrap();
    doc.title = Some("Cykel".into());
    doc.auto_information = None;
    store::update(&conn, DEMO_TENANT, &doc).unwrap();
    let expected = like_scan(&conn, DEMO_TENANT, Some("tesla"), None).len() as i64;
    assert!(expected < n - 1, "the update took a match away");
    assert_count(&sb.url, DEMO_KEY, "Search=tesla", expected, "updated after the upgrade").await;
}
