//! Resources of the API (section 2), `camelCase` on the wire. Unknown fields are ignored.

pub mod actions;
pub mod auto;
pub mod payment;
pub mod split_payout;
pub mod connect;
pub mod document;
pub mod transaction;
pub mod user;
pub mod webhook;

pub use actions::*;
pub use auto::*;
pub use payment::*;
pub use split_payout::*;
pub use connect::*;
pub use document::*;
pub use transaction::*;
pub use user::*;
pub use webhook::*;
