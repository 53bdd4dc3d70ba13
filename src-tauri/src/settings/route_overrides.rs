//! Per-profile route overrides, read by the client's reader ([`escrow_api::overrides`], the
//! same the CLI uses) and refused as the app refuses a form: every bad line named as a field
//! (`routes:<line>`).

use crate::error::{AppError, FieldErrorView};
use escrow_api::overrides::{OverridesError, parse as read};

pub use escrow_api::overrides::{MAX_LEN, RouteOverrides};

/// Parses the text, reporting every bad line at once (`field` is `routes:<line>`).
pub fn parse(text: &str) -> Result<RouteOverrides, AppError> {
    let bad = match read(text) {
        Ok(o) => return Ok(o),
        Err(OverridesError::TooLong) => {
            return Err(AppError::validation(format!("Route overrides are limited to {MAX_LEN} characters.")));
        }
        Err(OverridesError::Lines(bad)) => bad,
    };
    let lines: Vec<String> = bad.iter().map(|b| format!("line {}: {}", b.line, b.message)).collect();
    let mut err = AppError::validation(format!("Check the route overrides: {}.", lines.join("; ")));
    err.field_errors = Some(
        bad.into_iter().map(|b| FieldErrorView { field: format!("routes:{}", b.line), message: b.message }).collect(),
    );
    Err(err)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_bad_line_is_a_field() {
        let err = super::parse("nonsense\nfoo = /x\n").unwrap_err();
        let fields: Vec<_> = err.field_errors.unwrap().into_iter().map(|f| f.field).collect();
        assert_eq!(fields, ["routes:1", "routes:2"]);
        assert!(super::parse(&"#".repeat(super::MAX_LEN + 1)).is_err());
    }
}
