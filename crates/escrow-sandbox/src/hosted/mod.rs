//! Hosted pages: HTML a person's browser opens, with an unguessable token in the URL
//! instead of an API key. [`page`] is the shared shell (forms are read with
//! [`crate::form`]); the other modules are the pages of one API each.

pub mod accounts;
pub mod checkout;
pub mod page;
pub mod session;
pub mod signing;
pub mod trade;

use crate::openapi::table::Routes;

/// Every hosted page.
pub fn routes() -> Routes {
    accounts::routes().merge(checkout::routes()).merge(signing::routes()).merge(trade::routes())
}
