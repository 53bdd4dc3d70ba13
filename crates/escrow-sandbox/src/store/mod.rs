//! Persistence shared by every feature: files on disk, the money ledger, and the
//! LIKE escaping of searches. Each feature keeps its own tables in its `store.rs`.

pub mod files;
pub mod ledger;

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
