//! Verifying an exported audit CSV with the audit key: every row against its hash and
//! MAC, and against the row before it. A whole export (no filter) must hold every row
//! from row 1 on; with `partial` (a filtered export) rows may be missing between the ones
//! present, each present keyed row is still proven by its own MAC, and rows from before
//! the upgrade, which have none, count only where the file holds every row from them up
//! to the first keyed one. A file cut short at its end cannot show it: Escrow Desk checks
//! its own log's end against the anchor in the keychain; compare the file's last row with
//! the audit page.

use super::chain::Walker;
use super::digest::MacKey;
use std::collections::HashMap;

/// Whether the file verified, and what to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileVerdict {
    pub ok: bool,
    pub lines: Vec<String>,
}

fn failed(line: String) -> FileVerdict {
    FileVerdict { ok: false, lines: vec![line] }
}

pub fn verify_csv(text: &str, key: &MacKey, partial: bool) -> FileVerdict {
    let rows = match super::csv_rows::read(text) {
        Ok(rows) => rows,
        Err(e) => return failed(format!("FAILED: the file cannot be read: {e}.")),
    };
    let owners: HashMap<&str, i64> = rows.iter().map(|r| (r.link(), r.seq)).collect();
    let mut walker = Walker::new(Some(key), partial);
    for r in &rows {
        if let Some(f) = walker.step(r, |link| owners.get(link).copied()) {
            return failed(format!("FAILED at row {}: {} — {}.", f.seq, f.problem.words(), f.detail));
        }
    }
    if let Some(u) = walker.unkeyed_from {
        return failed(format!("FAILED at row {u}: unkeyed — it has no MAC, so nothing proves who wrote it."));
    }
    let Some(first_keyed) = walker.first_keyed else {
        return failed("FAILED: no row in this file carries a MAC; nothing in it can be proven with the key.".into());
    };
    if walker.legacy_rows > 0 && walker.gaps.iter().any(|&(from, _)| from < first_keyed) {
        return failed(format!(
            "FAILED: rows are missing before row {first_keyed}, so the {} rows from before the upgrade are not sealed \
             by a keyed row in this file.",
            walker.legacy_rows
        ));
    }
    let (first, last) = (rows.first().map_or(0, |r| r.seq), rows.last().map_or(0, |r| r.seq));
    let mut lines = vec![format!(
        "OK: {} rows verified (rows {first}–{last}) with audit key {}: {} sealed by their MAC{}.",
        rows.len(),
        key.id(),
        walker.keyed_rows,
        if walker.legacy_rows > 0 {
            format!(", {} from before the upgrade sealed by row {first_keyed}", walker.legacy_rows)
        } else {
            String::new()
        }
    )];
    if !walker.gaps.is_empty() {
        let gaps: Vec<String> =
            walker.gaps.iter().map(|(a, b)| if a == b { a.to_string() } else { format!("{a}–{b}") }).collect();
        lines.push(format!("Not in this file (filtered export): rows {}.", gaps.join(", ")));
    }
    lines.push(format!(
        "The file ends at row {last}; rows cut off after it would not show here: compare with the audit page."
    ));
    FileVerdict { ok: true, lines }
}
