//! Search counts split across two read connections (`store::split_count`), forced on for
//! small data: they must equal a plain LIKE count for every tenant, term, page size and
//! skip, and a write between the page and the helper's count must not leak into it.

mod common;

use common::{like_scan, open};
use escrow_sandbox::DEMO_TENANT;
use escrow_sandbox::db::count_cache::CountCache;
use escrow_sandbox::v2::transactions::search::{self, ListQuery};
use escrow_sandbox::v2::transactions::split_count::{CountSplit, SplitEvent};
use escrow_sandbox::v2::transactions::store;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::sync::Mutex;

const OTHER: &str = "other";

/// 2,500 bulk transactions for the demo tenant, and 60 for another tenant all created in
/// the same millisecond (consecutive `ord`s, so chunk edges fall on real rows).
async fn data() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, 2_500).await.unwrap();
    let conn = open(dir.path());
    let created = escrow_sandbox::clock::stamp(chrono::Utc::now());
    let ids = like_scan(&conn, DEMO_TENANT, None, None);
    for (i, id) in ids.iter().step_by(7).take(60).enumerate() {
        let mut doc = store::get(&conn, DEMO_TENANT, id).unwrap().unwrap();
        doc.transaction_id = format!("other-{i}");
        doc.created = created.clone();
        store::insert(&conn, OTHER, &doc).unwrap();
    }
    dir
}

fn readers(dir: &Path, n: usize) -> Vec<Mutex<Connection>> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    (0..n).map(|_| Mutex::new(Connection::open_with_flags(dir.join("sandbox.sqlite"), flags).unwrap())).collect()
}

/// A split forced on whatever the size of the count.
fn forced<'a>(spares: &'a [Mutex<Connection>], chunks: usize, hook: &'a (dyn Fn(SplitEvent) + Sync)) -> CountSplit<'a> {
    CountSplit { spares, min_matches: 0, chunks, hook: Some(hook) }
}

fn query(search: Option<&str>, reference: Option<&str>, take: i64, skip: i64) -> ListQuery {
    ListQuery { skip, take, search: search.map(Into::into), reference_id: reference.map(Into::into) }
}

fn ids(items: &[store::TxnDoc]) -> Vec<String> {
    items.iter().map(|t| t.transaction_id.clone()).collect()
}

#[tokio::test]
async fn split_counts_equal_a_like_count_for_every_tenant_term_page_and_skip() {
    let dir = data().await;
    let conn = open(dir.path());
    let spares = readers(dir.path(), 2);
    let events = Mutex::new(Vec::new());
    let hook = |e| events.lock().unwrap().push(e);
    let terms: [(Option<&str>, Option<&str>); 6] = [
        (Some("example.dk"), None),
        (Some("Volkswagen"), None),
        (Some("e"), None),
        (None, Some("deal")),
        (Some("a"), Some("o")),
        (Some("zzzqqq"), None),
    ];
    let mut split_counts = 0;
    for tenant in [DEMO_TENANT, OTHER] {
        for (search, reference) in terms {
            let expected = like_scan(&conn, tenant, search, reference);
            let total = expected.len() as i64;
            for chunks in [2, 3, 8] {
                for take in [1, 7, 20, 100] {
                    for skip in [0, 5, 333, total - 1, total, total + 10] {
                        let skip = skip.max(0);
                        let q = query(search, reference, take, skip);
                        let split = forced(&spares, chunks, &hook);
                        let (items, count) =
                            search::list_with(&conn, tenant, &q, &CountCache::default(), &split).unwrap();
                        let case = format!("{tenant} {search:?} {reference:?} chunks {chunks} take {take} skip {skip}");
                        assert_eq!(count, total, "{case}: count");
                        let page: Vec<String> =
                            expected.iter().skip(skip as usize).take(take as usize).cloned().collect();
                        assert_eq!(ids(&items), page, "{case}: page");
                        split_counts += 1;
                    }
                }
            }
        }
    }
    let events = events.lock().unwrap();
    let counted = events.iter().filter(|&&e| e == SplitEvent::HelperCounted).count();
    assert!(counted > split_counts / 4, "the helper counted in {counted} of {split_counts} lists");
    assert!(
        !events.contains(&SplitEvent::FellBack),
        "nothing was written, so the helper always had the page's snapshot"
    );
}

/// Lists `search` once with `write` run on the helper thread before its snapshot: the
/// answer must be the count of the page's snapshot, however much `write` changes.
fn list_with_write_between(dir: &Path, search: &str, write: &(dyn Fn(&Connection) + Sync)) -> (i64, Vec<SplitEvent>) {
    let conn = open(dir);
    let spares = readers(dir, 1);
    let writer = Mutex::new(open(dir));
    let events = Mutex::new(Vec::new());
    let hook = |e| {
        if e == SplitEvent::HelperStarts {
            write(&writer.lock().unwrap());
        }
        events.lock().unwrap().push(e);
    };
    let q = query(Some(search), None, 20, 0);
    let (_, count) =
        search::list_with(&conn, DEMO_TENANT, &q, &CountCache::default(), &forced(&spares, 4, &hook)).unwrap();
    (count, events.into_inner().unwrap())
}

#[tokio::test]
async fn a_write_between_the_page_and_the_helpers_count_falls_back_to_the_pages_snapshot() {
    let dir = data().await;
    let conn = open(dir.path());
    let before = like_scan(&conn, DEMO_TENANT, Some("example.dk"), None).len() as i64;
    assert!(before > 500, "a broad term: every chunk holds matches");

    // Every match older than the newest 100 transactions stops matching.
    let (count, events) = list_with_write_between(dir.path(), "example.dk", &|w| {
        w.execute(
            "UPDATE transactions SET search = replace(search, 'example.dk', 'elsewhere.dk')
             WHERE tenant = ?1 AND ord < (SELECT min(ord) FROM
                 (SELECT ord FROM transactions WHERE tenant = ?1 ORDER BY ord DESC LIMIT 100))",
            [DEMO_TENANT],
        )
        .unwrap();
    });
    let after = like_scan(&conn, DEMO_TENANT, Some("example.dk"), None).len() as i64;
    assert!(after < before / 2, "the write took most matches away");
    assert_eq!(count, before, "the count of the page's snapshot, not a mix of two");
    assert_eq!(
        events,
        [SplitEvent::HelperStarts, SplitEvent::FellBack],
        "the helper saw another generation and counted nothing"
    );
    // Listed again, in a snapshot after the write: the new count, split again.
    let (count, events) = list_with_write_between(dir.path(), "example.dk", &|_| {});
    assert_eq!(count, after);
    assert_eq!(events, [SplitEvent::HelperStarts, SplitEvent::HelperCounted]);
}

#[tokio::test]
async fn a_write_to_another_tenant_keeps_the_split() {
    let dir = data().await;
    let conn = open(dir.path());
    let expected = like_scan(&conn, DEMO_TENANT, Some("example.dk"), None).len() as i64;
    let (count, events) = list_with_write_between(dir.path(), "example.dk", &|w| {
        w.execute("DELETE FROM transactions WHERE tenant = ?1", [OTHER]).unwrap();
    });
    assert_eq!(count, expected);
    assert_eq!(
        events,
        [SplitEvent::HelperStarts, SplitEvent::HelperCounted],
        "the demo tenant's generation did not move"
    );
    assert!(like_scan(&conn, OTHER, None, None).is_empty());
}
