//! Resources of the API (section 2), `camelCase` on the wire. Unknown fields are ignored.

pub mod transaction;

pub use transaction::*;
