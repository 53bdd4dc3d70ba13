//! Hosted pages: HTML a person's browser opens, with an unguessable token in the URL
//! instead of an API key. [`page`] and [`form`] are the shared shell and form reading;
//! the other modules are the pages of one API each.

pub mod accounts;
pub mod checkout;
pub mod form;
pub mod page;
pub mod session;
pub mod signing;
pub mod trade;

use crate::openapi::table::Routes;

/// Every hosted page.
pub fn routes() -> Routes {
    accounts::routes().merge(checkout::routes()).merge(signing::routes()).merge(trade::routes())
}
