//! Formula defusing for CSV: a spreadsheet runs a cell starting with `= + - @` (or a tab or
//! carriage return) as a formula, so such text gets a leading apostrophe, except a plain number.

/// Whether `s` is a plain decimal number (`-12.50`, `-12,50`): a sign then stays a number.
fn is_number(s: &str) -> bool {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, frac) = digits.split_once(['.', ',']).unwrap_or((digits, "0"));
    !int.is_empty() && !frac.is_empty() && int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
}

/// `value` as a spreadsheet may safely read it.
pub fn defuse(value: &str) -> std::borrow::Cow<'_, str> {
    if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(value) {
        format!("'{value}").into()
    } else {
        value.into()
    }
}

#[cfg(test)]
mod tests {
    use super::defuse;

    #[test]
    fn formulas_get_an_apostrophe_and_numbers_do_not() {
        assert_eq!(defuse("plain"), "plain");
        assert_eq!(defuse("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(defuse("+45 12 34"), "'+45 12 34");
        assert_eq!(defuse("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(defuse("-cmd"), "'-cmd");
        assert_eq!(defuse("-12.50"), "-12.50");
        assert_eq!(defuse("-12,50"), "-12,50");
        assert_eq!(defuse("-1e5"), "'-1e5");
        assert_eq!(defuse("-"), "'-");
        assert_eq!(defuse("\tx"), "'\tx");
    }
}
