//! Reading the trade API's failures: field faults, and not-found in either of its forms.

use crate::error::{Error, ErrorBody, ErrorKind, FieldError};

/// The field faults of a 400 (`errors[{key, value}]`), empty when there are none.
pub fn field_errors(err: &Error) -> &[FieldError] {
    match err.body() {
        Some(ErrorBody::Problem(p)) => p.errors.as_deref().unwrap_or_default(),
        _ => &[],
    }
}

/// Not found: a 404, or a 400 whose `typeCode` names a not-found (the spec's example).
pub fn is_not_found(err: &Error) -> bool {
    match &err.kind {
        ErrorKind::NotFound(_) => true,
        ErrorKind::BadRequest(ErrorBody::Problem(p)) => {
            p.type_code.as_deref().is_some_and(|c| c.to_ascii_lowercase().contains("notfound"))
        }
        _ => false,
    }
}
