//! Checks of typed fields that every domain's actions share: ids, exact amounts and
//! optional text.

use crate::error::AppError;
use rust_decimal::Decimal;
use std::str::FromStr;

/// An id as the service takes it: 1 to 100 visible characters (trimmed).
pub fn id<'a>(field: &str, v: &'a str) -> Result<&'a str, AppError> {
    let v = v.trim();
    if v.is_empty() || v.len() > 100 || v.chars().any(char::is_control) {
        return Err(AppError::validation(format!("{field} must be 1 to 100 visible characters.")));
    }
    Ok(v)
}

/// Parses a decimal string exactly; refuses more than 2 decimals rather than rounding
/// a figure the staff member typed.
pub fn parse_amount(field: &str, text: &str) -> Result<Decimal, AppError> {
    let t = text.trim();
    let d = Decimal::from_str(t).map_err(|_| AppError::validation(format!("The {field} is not a number.")))?;
    if d.scale() > 2 {
        return Err(AppError::validation(format!("The {field} has more than 2 decimals.")));
    }
    Ok(d)
}

pub fn positive(field: &str, text: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, text)?;
    if d <= Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must be greater than zero.")));
    }
    Ok(d)
}

pub fn non_negative(field: &str, text: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, text)?;
    if d < Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must not be negative.")));
    }
    Ok(d)
}

/// Optional text as sent: trimmed, `None` when blank.
pub fn text(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// Optional text of at most `max` visible characters.
pub fn short(field: &str, v: &Option<String>, max: usize) -> Result<(), AppError> {
    if v.as_deref().is_some_and(|s| s.chars().count() > max || s.chars().any(char::is_control)) {
        return Err(AppError::validation(format!("{field} is at most {max} visible characters.")));
    }
    Ok(())
}

/// Separators people put between groups of thousands: `.` (Danish), `,` (English), spaces
/// (also no-break and narrow no-break) and `'`.
const GROUP_SEPARATORS: [char; 6] = ['.', ',', ' ', '\u{a0}', '\u{202f}', '\''];

/// A whole number as people type it: plain digits (`45000`) or digits grouped in threes by
/// one separator (`45.000`, `45,000`, `45 000`). The UI reads the locale's notation and
/// sends plain digits; this accepts the same grouped forms so a pasted `45.000` is never
/// refused here after the form took it. `None` when it is not such a number.
pub fn whole_number(text: &str) -> Option<u64> {
    let t = text.trim();
    let sep = t.chars().find(|c| GROUP_SEPARATORS.contains(c));
    let digits = match sep {
        None => t.to_owned(),
        Some(sep) => {
            let groups: Vec<&str> = t.split(sep).collect();
            let first_ok = groups[0].len() <= 3 && !groups[0].is_empty();
            let rest_ok = groups[1..].iter().all(|g| g.len() == 3);
            if !first_ok || !rest_ok {
                return None;
            }
            groups.concat()
        }
    };
    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::whole_number;

    #[test]
    fn whole_numbers_are_read_plain_or_grouped_in_threes() {
        for (text, want) in [
            ("45000", Some(45000)),
            ("45.000", Some(45000)),
            ("45,000", Some(45000)),
            ("45 000", Some(45000)),
            ("1.234.567", Some(1_234_567)),
            (" 0 ", Some(0)),
            ("45.5", None),
            ("45,00", None),
            ("4.5000", None),
            ("1.234,567", None),
            ("-5", None),
            ("", None),
            ("12a", None),
            (".000", None),
        ] {
            assert_eq!(whole_number(text), want, "{text:?}");
        }
    }
}
