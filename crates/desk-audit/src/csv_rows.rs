//! The exported audit CSV, both ways: its columns, how a value becomes a cell, and how a
//! file is read back into rows for verification.
//!
//! Cells are defused for spreadsheets by the one export writer (a leading `= + - @` gets an
//! apostrophe, see [`desk_export::defuse`]). So that the verifier can always undo it, a value that itself
//! starts with an apostrophe gets one more: reading strips exactly one leading
//! apostrophe from every cell. An empty cell reads as an absent value (the hashes frame
//! both alike).

use super::entry::{AuditEntry, RowFormat};
use std::collections::HashMap;

/// The columns, in order: the first 13 as before the keyed trail, then the actor, the
/// origin and what verification needs. `environment` is the environment's name at export
/// time (not covered by the hashes).
pub const HEADER: [&str; 23] = [
    "seq",
    "time",
    "environment_id",
    "environment",
    "action_id",
    "action",
    "target",
    "amount",
    "idempotency_key",
    "correlation_id",
    "phase",
    "outcome",
    "detail",
    "environment_kind",
    "app_version",
    "actor_user",
    "actor_host",
    "staff_name",
    "format",
    "key_id",
    "prev_hash",
    "hash",
    "mac",
];

/// One cell: an extra leading apostrophe kept reversible (see the module notes).
pub fn cell(value: &str) -> String {
    if value.starts_with('\'') { format!("'{value}") } else { value.to_owned() }
}

/// The rows as CSV text (the tools' convention: `,` and `.`, RFC 3339 times as stored, CRLF
/// line ends), every column of [`HEADER`]; with a UTF-8 byte-order mark for a file (`bom`), so
/// spreadsheets read æ, ø, å. `environment` names each row's environment.
pub fn text(rows: &[AuditEntry], environment: impl Fn(&str) -> String, bom: bool) -> String {
    let columns: Vec<desk_export::Column> = HEADER.iter().map(|&h| desk_export::Column::new(h, h, h)).collect();
    let write = || -> Result<Vec<u8>, desk_export::ExportError> {
        let mut sheet = desk_export::CsvSheet::new(Vec::new(), desk_export::Convention::English, &columns, bom)?;
        for r in rows {
            let cells = cells(r, &environment(&r.environment_id)).map(|c| desk_export::Cell::Text(cell(&c)));
            sheet.row(&cells)?;
        }
        sheet.finish()
    };
    // Writing to memory cannot fail; the text is UTF-8 as every cell is.
    write().map(|bytes| String::from_utf8_lossy(&bytes).into_owned()).unwrap_or_default()
}

/// The cells of one row, in [`HEADER`] order (`environment` is the name to show).
pub fn cells(r: &AuditEntry, environment: &str) -> [String; 23] {
    let o = |v: &Option<String>| v.clone().unwrap_or_default();
    [
        r.seq.to_string(),
        r.at.clone(),
        r.environment_id.clone(),
        environment.to_owned(),
        r.action_id.clone(),
        r.kind.clone(),
        r.target.clone(),
        o(&r.amount),
        o(&r.idempotency_key),
        o(&r.correlation_id),
        r.phase.clone(),
        r.outcome.clone(),
        o(&r.detail),
        o(&r.environment_kind),
        o(&r.app_version),
        o(&r.actor_user),
        o(&r.actor_host),
        o(&r.staff_name),
        r.format.as_str().to_owned(),
        o(&r.key_id),
        r.prev_hash.clone(),
        r.hash.clone(),
        o(&r.mac),
    ]
}

/// The rows of an exported file, in file order. An error names the line and what is wrong.
pub fn read(text: &str) -> Result<Vec<AuditEntry>, String> {
    let mut records = desk_core::csv::parse(text)?.into_iter();
    let header = records.next().ok_or("the file is empty")?;
    let index: HashMap<&str, usize> = header.iter().enumerate().map(|(i, h)| (h.as_str(), i)).collect();
    let missing: Vec<&str> = HEADER.iter().copied().filter(|h| !index.contains_key(h)).collect();
    if !missing.is_empty() {
        return Err(format!("not an Escrow Desk audit export: no column {}", missing.join(", ")));
    }
    records
        .enumerate()
        .filter(|(_, rec)| rec.iter().any(|c| !c.is_empty()))
        .map(|(i, rec)| row(&index, &rec, i + 2))
        .collect()
}

fn row(index: &HashMap<&str, usize>, rec: &[String], line: usize) -> Result<AuditEntry, String> {
    let text = |name: &str| {
        let raw = index.get(name).and_then(|&i| rec.get(i)).map(String::as_str).unwrap_or("");
        raw.strip_prefix('\'').unwrap_or(raw).to_owned()
    };
    let opt = |name: &str| Some(text(name)).filter(|v| !v.is_empty());
    let seq = text("seq").parse().map_err(|_| format!("record {line}: seq is not a number"))?;
    let format = match text("format").as_str() {
        "v1" => RowFormat::V1,
        "v2" => RowFormat::V2,
        other => return Err(format!("record {line}: unknown format {other:?}")),
    };
    Ok(AuditEntry {
        seq,
        at: text("time"),
        environment_id: text("environment_id"),
        environment_kind: opt("environment_kind"),
        app_version: opt("app_version"),
        actor_user: opt("actor_user"),
        actor_host: opt("actor_host"),
        staff_name: opt("staff_name"),
        action_id: text("action_id"),
        kind: text("action"),
        target: text("target"),
        amount: opt("amount"),
        idempotency_key: opt("idempotency_key"),
        correlation_id: opt("correlation_id"),
        phase: text("phase"),
        outcome: text("outcome"),
        detail: opt("detail"),
        format,
        key_id: opt("key_id"),
        prev_hash: text("prev_hash"),
        hash: text("hash"),
        mac: opt("mac"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(detail: &str, staff: Option<&str>) -> AuditEntry {
        AuditEntry {
            seq: 1,
            at: "2026-11-24T22:19:00.123+01:00".into(),
            environment_id: "sandbox".into(),
            environment_kind: Some("sandbox".into()),
            app_version: Some("0.1.0".into()),
            actor_user: Some("mette".into()),
            actor_host: Some("desk-1".into()),
            staff_name: staff.map(str::to_owned),
            action_id: "a-1".into(),
            kind: "payout".into(),
            target: "t-1".into(),
            amount: Some("-5.00".into()),
            idempotency_key: Some("k-1".into()),
            correlation_id: None,
            phase: "outcome".into(),
            outcome: "failed".into(),
            detail: Some(detail.into()),
            format: RowFormat::V2,
            key_id: Some("0123456789abcdef".into()),
            prev_hash: "0".repeat(64),
            hash: "ab".repeat(32),
            mac: Some("cd".repeat(32)),
        }
    }

    /// Whatever a value starts with, the file reads back exactly what was written.
    #[test]
    fn every_value_reads_back_exactly() {
        let details = ["=1+1", "'=1+1", "'", "''", "-abc", "+4", "@x", "plain, \"quoted\"\r\nnext", "'Kunden fortrød"];
        let rows: Vec<AuditEntry> = details
            .iter()
            .enumerate()
            .map(|(i, d)| AuditEntry { seq: i as i64 + 1, ..row(d, Some("'Mette")) })
            .collect();
        let text = text(&rows, |_| "Sandbox, local".into(), true);
        assert!(text.starts_with("\u{feff}seq,time,"));
        assert_eq!(read(&text).unwrap(), rows);
        assert!(text.contains(",'=1+1,") && text.contains(",''=1+1,"), "defused, and reversibly: {text}");
        let err = read("seq,time\r\n1,x\r\n").unwrap_err();
        assert!(err.starts_with("not an Escrow Desk audit export: no column environment_id,"), "{err}");
        assert!(read(&text.replace(",v2,", ",v9,")).unwrap_err().contains("unknown format \"v9\""));
    }
}
