//! Persistence of each resource, one module per resource. Functions take an open
//! SQLite connection or transaction, so handlers compose them atomically.

pub mod auto_files;
pub mod count_cache;
pub mod documents;
pub mod files;
pub mod ledger;
mod search_filter;
pub mod split_count;
pub mod transactions;
pub mod users;

/// Escapes `%`, `_` and `\` for a `LIKE ... ESCAPE '\'` pattern.
pub fn like_pattern(needle: &str) -> String {
    let mut out = String::with_capacity(needle.len() + 2);
    out.push('%');
    for c in needle.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}
