//! Resources of the trade API (spec document 2, section 2), `camelCase` on the wire.
//!
//! Responses tolerate unknown fields and nulls. Money is [`rust_decimal::Decimal`]. Names
//! carry a `Trade` prefix where the v2 models already use the plain name, so the
//! generated TypeScript declarations never collide.

pub mod business_user;
pub mod payment;
pub mod status;
pub mod trade;
pub mod user;
pub mod wire;

pub use business_user::*;
pub use payment::*;
pub use status::{TradePartyStatus, TradePhase, TradePhases, TradeStatusAction, TradeTimelineEvent};
pub use trade::*;
pub use user::*;
pub use wire::{amount, optional_amount, optional_percent, percent};
// In reach of the models' docs, which name it relative to here (and feed bindings.ts).
pub use crate::routes::action_codes::TradeActionCodes;
