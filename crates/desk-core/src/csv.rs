//! CSV cells for the exports (transactions, audit log), and reading a CSV file back (the
//! audit verifier reads an exported log).

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

/// The records of a CSV text (RFC 4180: quoted fields with doubled quotes and line breaks,
/// CRLF or LF line ends, a leading byte-order mark ignored). An unterminated quote is an
/// error; a last line without a line end is a record.
pub fn parse(text: &str) -> Result<Vec<Vec<String>>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (mut records, mut record, mut cell) = (Vec::new(), Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let (mut quoted, mut line) = (false, 1usize);
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                line += usize::from(c == '\n');
                cell.push(c);
            }
            (false, '"') if cell.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut cell)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                line += 1;
                record.push(std::mem::take(&mut cell));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => cell.push(c),
        }
    }
    if quoted {
        return Err(format!("a quoted field opened before line {line} is never closed"));
    }
    if !cell.is_empty() || !record.is_empty() {
        record.push(cell);
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_field_writes() {
        let values = ["plain", "a,b", "say \"hi\"", "two\r\nlines", "", "æøå; ok"];
        let line = values.iter().map(|v| field(v)).collect::<Vec<_>>().join(",");
        let text = format!("\u{feff}h1,h2,h3,h4,h5,h6\r\n{line}\r\nlast,row");
        let records = parse(&text).unwrap();
        assert_eq!(records.len(), 3);
        assert_eq!(records[1], values);
        assert_eq!(records[2], ["last", "row"]);
        assert!(parse("a,\"open\r\n").is_err());
    }
}
