//! Helpers shared by the search tests.

use escrow_sandbox::store::like_pattern;
use rusqlite::{Connection, params};
use std::path::Path;

/// A read-write connection to the sandbox's database, as another process would open it.
pub fn open(dir: &Path) -> Connection {
    let conn = Connection::open(dir.join("sandbox.sqlite")).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    conn
}

/// The reference answer: a LIKE scan over the stored search text, in the spec's order.
pub fn like_scan(conn: &Connection, tenant: &str, search: Option<&str>, reference: Option<&str>) -> Vec<String> {
    let mut stmt = conn
        .prepare(
            "SELECT transaction_id FROM transactions WHERE tenant = ?1
               AND (?2 IS NULL OR search LIKE ?2 ESCAPE '\\')
               AND (?3 IS NULL OR reference_id LIKE ?3 ESCAPE '\\')
             ORDER BY created DESC, seq DESC",
        )
        .unwrap();
    let search = search.map(str::trim).filter(|s| !s.is_empty()).map(like_pattern);
    let reference = reference.map(str::trim).filter(|s| !s.is_empty()).map(like_pattern);
    stmt.query_map(params![tenant, search, reference], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}
