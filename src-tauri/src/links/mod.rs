//! Links into the desk: `escrow-desk://` URLs that open a deal, a user, a trade, a filtered
//! list or the attention queue in a named environment (`parse`), handed to the running window
//! when the desktop opens one (`inbox`), and made for "Copy link" (`commands`).

pub mod commands;
pub mod inbox;
pub mod parse;
pub mod resolve;

mod state;

pub use state::Links;
