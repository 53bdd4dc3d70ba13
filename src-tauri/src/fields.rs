//! Checks of typed fields that every domain's actions share: ids, exact amounts and
//! optional text.

use crate::error::AppError;
use rust_decimal::Decimal;
use std::str::FromStr;

/// An id as the service takes it: 1 to 100 visible characters (trimmed).
pub(crate) fn id<'a>(field: &str, v: &'a str) -> Result<&'a str, AppError> {
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

pub(crate) fn positive(field: &str, text: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, text)?;
    if d <= Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must be greater than zero.")));
    }
    Ok(d)
}

pub(crate) fn non_negative(field: &str, text: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, text)?;
    if d < Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must not be negative.")));
    }
    Ok(d)
}

/// Optional text as sent: trimmed, `None` when blank.
pub(crate) fn text(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// Optional text of at most `max` visible characters.
pub(crate) fn short(field: &str, v: &Option<String>, max: usize) -> Result<(), AppError> {
    if v.as_deref().is_some_and(|s| s.chars().count() > max || s.chars().any(char::is_control)) {
        return Err(AppError::validation(format!("{field} is at most {max} visible characters.")));
    }
    Ok(())
}
