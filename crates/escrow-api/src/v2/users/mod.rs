//! Users and their bank accounts (spec section 4, "Users and bank accounts").

mod handler;
pub mod models;
pub mod query;

pub use handler::UsersHandler;
pub use models::*;
pub use query::ListUsers;
