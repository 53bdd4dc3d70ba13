//! A transaction search as a filter over `transactions_fts`, with its values owned, so the
//! page and any part of the count can run on any connection (see `split_count`).

use crate::error::ApiResult;
use crate::store::like_pattern;
use rusqlite::{Connection, ToSql};

/// The trigram index answers terms of at least three characters; shorter ones scan.
const MIN_TRIGRAM_CHARS: usize = 3;

pub(crate) struct SearchFilter {
    /// The tenant's rowid range.
    pub lo: i64,
    pub hi: i64,
    /// The WHERE clause, with `:lo` and `:hi` for the rowid range.
    sql: String,
    /// The FTS5 phrases of the 3+ character terms, if any.
    expr: Option<String>,
    /// LIKE patterns of the shorter terms, by parameter name.
    patterns: Vec<(&'static str, String)>,
}

impl SearchFilter {
    /// Lowercased terms: `search` over the body, `reference` over the reference id; `%`, `_`,
    /// `\` and `"` are literal either way.
    pub fn new((lo, hi): (i64, i64), search: Option<&str>, reference: Option<&str>) -> Self {
        let mut sql = String::from("rowid BETWEEN :lo AND :hi");
        let mut phrases = Vec::new();
        let mut patterns = Vec::new();
        for (column, name, term) in [("body", ":body", search), ("ref", ":ref", reference)] {
            let Some(term) = term else { continue };
            if term.chars().count() >= MIN_TRIGRAM_CHARS {
                // A quoted FTS5 string is literal but for `"`, written twice.
                phrases.push(format!("{column} : \"{}\"", term.replace('"', "\"\"")));
            } else {
                sql.push_str(&format!(" AND {column} LIKE {name} ESCAPE '\\'"));
                patterns.push((name, like_pattern(term)));
            }
        }
        let expr = (!phrases.is_empty()).then(|| phrases.join(" AND "));
        if expr.is_some() {
            sql.push_str(" AND transactions_fts MATCH :expr");
        }
        Self { lo, hi, sql, expr, patterns }
    }

    fn binds<'a>(&'a self, range: &'a [i64; 2]) -> Vec<(&'a str, &'a dyn ToSql)> {
        let mut binds: Vec<(&str, &dyn ToSql)> = vec![(":lo", &range[0]), (":hi", &range[1])];
        binds.extend(self.patterns.iter().map(|(name, pattern)| (*name, pattern as &dyn ToSql)));
        binds.extend(self.expr.iter().map(|expr| (":expr", expr as &dyn ToSql)));
        binds
    }

    /// The page's rowids in list order: FTS5 walks the matches newest first and stops at
    /// the page's end.
    pub fn page(&self, conn: &Connection, take: i64, skip: i64) -> ApiResult<Vec<i64>> {
        let range = [self.lo, self.hi];
        let mut binds = self.binds(&range);
        binds.extend([(":take", &take as &dyn ToSql), (":skip", &skip as &dyn ToSql)]);
        Ok(conn
            .prepare_cached(&format!(
                "SELECT rowid FROM transactions_fts WHERE {} ORDER BY rowid DESC LIMIT :take OFFSET :skip",
                self.sql
            ))?
            .query_map(binds.as_slice(), |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?)
    }

    /// The number of matches with a rowid in `lo..=hi`.
    pub fn count(&self, conn: &Connection, lo: i64, hi: i64) -> ApiResult<i64> {
        let range = [lo, hi];
        Ok(conn
            .prepare_cached(&format!("SELECT count(*) FROM transactions_fts WHERE {}", self.sql))?
            .query_row(self.binds(&range).as_slice(), |r| r.get(0))?)
    }
}
