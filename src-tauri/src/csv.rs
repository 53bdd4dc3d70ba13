//! CSV cells for the exports (transactions, audit log).

/// One CSV field: quoted when needed; a leading `= + - @` is defused so spreadsheets
/// never run it as a formula.
pub fn field(value: &str) -> String {
    let defused = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && value.parse::<f64>().is_err() {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if defused.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}
