//! The newest `n` of a stream of (created, id) keys, kept in one pass: a search counts its
//! matches and picks its page in the same scan of the search table, where SQL would scan
//! twice (a `count(*)` and an `ORDER BY … LIMIT`).

use super::first_n::FirstN;
use std::cmp::Reverse;

/// A match's sort key: creation time (RFC 3339 text, `None` sorts oldest, as SQLite's NULL
/// does) and the transaction id; both compared bytewise, as SQLite's BINARY collation does.
pub type Key = (Option<String>, String);

/// Keeps the `n` greatest keys seen (newest first once sorted).
pub struct Newest(FirstN<Reverse<Key>>);

impl Newest {
    pub fn new(n: usize) -> Self {
        Self(FirstN::new(n))
    }

    /// Offers a key by reference: copied only when it is kept.
    pub fn offer(&mut self, created: Option<&str>, id: &str) {
        self.0.offer_with(
            // Reversed: a newer key is a smaller `Reverse` one.
            |Reverse((kept_created, kept_id))| (kept_created.as_deref(), kept_id.as_str()).cmp(&(created, id)),
            || Reverse((created.map(str::to_owned), id.to_owned())),
        );
    }

    /// The kept keys, newest first.
    pub fn into_sorted(self) -> Vec<Key> {
        self.0.into_sorted().into_iter().map(|Reverse(k)| k).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(pairs: &[(Option<&str>, &str)]) -> Vec<Key> {
        pairs.iter().map(|(c, i)| (c.map(str::to_owned), (*i).to_owned())).collect()
    }

    #[test]
    fn keeps_the_newest_in_order_with_ties_broken_by_id_and_no_date_last() {
        let mut newest = Newest::new(3);
        for (c, i) in [
            (Some("2026-01-02"), "b"),
            (None, "z"),
            (Some("2026-01-03"), "a"),
            (Some("2026-01-02"), "c"),
            (Some("2025-12-31"), "d"),
        ] {
            newest.offer(c, i);
        }
        assert_eq!(
            newest.into_sorted(),
            keys(&[(Some("2026-01-03"), "a"), (Some("2026-01-02"), "c"), (Some("2026-01-02"), "b")])
        );
    }

    #[test]
    fn fewer_than_n_and_zero() {
        let mut newest = Newest::new(5);
        newest.offer(None, "x");
        newest.offer(Some("2026-01-01"), "y");
        assert_eq!(newest.into_sorted(), keys(&[(Some("2026-01-01"), "y"), (None, "x")]));
        let mut none = Newest::new(0);
        none.offer(Some("2026-01-01"), "y");
        assert!(none.into_sorted().is_empty());
    }

    /// The same order as SQLite's `ORDER BY created DESC, transaction_id DESC`.
    #[test]
    fn agrees_with_sqlite() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (created TEXT, id TEXT)").unwrap();
        let mut newest = Newest::new(7);
        let mut state = 12345u64;
        for i in 0..200 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let created =
                (!state.is_multiple_of(5)).then(|| format!("2026-0{}-1{}T00:00:00Z", 1 + state % 9, state % 7));
            let id = format!("{:x}-{i}", state % 13);
            conn.execute("INSERT INTO t VALUES (?1, ?2)", rusqlite::params![created, id]).unwrap();
            newest.offer(created.as_deref(), &id);
        }
        let mut stmt = conn.prepare("SELECT created, id FROM t ORDER BY created DESC, id DESC LIMIT 7").unwrap();
        let by_sql: Vec<Key> =
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect();
        assert_eq!(newest.into_sorted(), by_sql);
    }
}
