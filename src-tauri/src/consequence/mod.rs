//! What a money move will do, computed before it is confirmed (shared by the transaction
//! actions and the Auto debt registration): who receives what, which
//! split payouts are released, kept or cancelled, what returns to the payer and the most
//! that can be reimbursed. The dialog shows it; the intent's audit row records the same
//! numbers (see [`Consequence::summary`]).
//!
//! The money model is the one the sandbox documents (`escrow-sandbox`,
//! `v2/transactions/machine.rs`), from the spec's rules:
//! - the payer owes `amount + payer fee`; money paid in beyond it is *excess*, and a split
//!   payout created while there is excess is paid from it (not from the payee's share);
//! - at release the payee gets `amount − payee fee − split payouts − reimbursed`;
//! - ON_CLOSE split payouts are paid at release; NEXT_PAYOUT ones with the next payout run,
//!   "independently of release or return", so a cancel keeps them (as far as funds allow)
//!   and refunds the rest of what is in escrow.
//!
//! The record does not say which split payouts were paid from excess; `ledger` replays
//! their creations against the payments authorized by then, as the sandbox decided them.
//! `model` the types the dialog shows, `ledger` the record's figures, `rules` each move's
//! consequence, `live` reading the record and the audit line; `money` where a deal's money
//! is now (paid in, owed, returned to the payer, paid out, kept as fees), the one rule behind
//! the detail's money cards, the Auto checklist and the mirror's excess.
//!
//! The rules themselves are the `desk-money` crate (re-exported here); [`live`] reads the
//! record they run on and words the audit line.

mod live;

pub use desk_money::*;
pub use live::{ConsequenceView, audit_note, debt_audit_note, live, read_live, view_of};
