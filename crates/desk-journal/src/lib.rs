//! The action journal: every staff action on the service, run exactly once.
//!
//! The intent (kind, target, amount, a fresh Idempotency-Key and the exact request) is
//! committed to the journal's store before the first request; the outcome after. A retry —
//! also after a crash or restart — resends the stored request with the stored key, so the
//! service executes it at most once. An ambiguous failure (timeout, dropped connection,
//! retries exhausted on 409/5xx) is recorded as `unknown`, never `failed`.
//!
//! The journal knows no domain: a domain's actions implement [`Action`], and
//! [`run`]/[`resume`] are the one road from intent to outcome for all of them, first
//! attempt and retry alike. It knows no database either: a [`JournalStore`] keeps the rows,
//! this desk's SQLite ([`LocalJournal`]) or a team's shared store.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

mod action;
mod checkpoint;
mod journal;
pub mod local;
mod record;
mod run;
mod store;

pub use action::{Action, Checked, Sent, check};
pub use checkpoint::{Checkpoint, set_checkpoint_hook};
pub use journal::{LiveRead, dismiss, get, open, record_intent};
pub use local::LocalJournal;
pub use record::{ActionState, Outcome, Record};
pub use run::{Run, resume, run, run_in, run_seen, send_unrecorded};
pub use store::{
    Approval, BATCH_PREFIX, Facts, JournalStore, NewIntent, NewOutcome, StoreFuture, StoredRecord, batch_detail,
    read_message, typed,
};
