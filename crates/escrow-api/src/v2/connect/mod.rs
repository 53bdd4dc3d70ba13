//! Connect (spec section 4, "Connect"): link a tenant's own user id (referenceId) to an
//! account, look it up, make guest accounts, remove a link.

mod handler;
pub mod models;

pub use handler::ConnectHandler;
pub use models::*;
