//! Resources of the API (section 2), `camelCase` on the wire. Unknown fields are ignored.

pub mod actions;
pub mod auto;
pub mod connect;
pub mod document;
pub mod payment;
pub mod split_payout;
pub mod transaction;
pub mod user;
pub mod webhook;

pub use actions::*;
pub use auto::*;
pub use connect::*;
pub use document::*;
pub use payment::*;
pub use split_payout::*;
pub use transaction::*;
pub use user::*;
pub use webhook::*;
