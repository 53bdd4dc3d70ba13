//! Reading a CSV file back (the audit verifier reads an exported log); writing is
//! `desk-export`'s.

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
    fn reads_quoted_fields_and_line_breaks() {
        let values = ["plain", "a,b", "say \"hi\"", "two\r\nlines", "", "æøå; ok"];
        let line = "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\",,æøå; ok";
        let text = format!("\u{feff}h1,h2,h3,h4,h5,h6\r\n{line}\r\nlast,row");
        let records = parse(&text).unwrap();
        assert_eq!(records.len(), 3);
        assert_eq!(records[1], values);
        assert_eq!(records[2], ["last", "row"]);
        assert!(parse("a,\"open\r\n").is_err());
    }
}
