//! The Auto modules (spec section 4, Transactions): debt information and the bill of
//! sale of an Auto transaction. Both need the tenant's module enabled.

mod checks;
mod handler;
pub mod models;

pub use handler::AutoHandler;
pub use models::*;
