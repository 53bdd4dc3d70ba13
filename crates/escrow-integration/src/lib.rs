//! The client against the sandbox: this crate is mostly its tests, the checkout example
//! and the benches, kept apart so `escrow-api` needs no sandbox to build or test. The
//! one library module is the load run, shared by `benches/load.rs` and `tests/load.rs`
//! so the full run and the short one in `make test` check the same things.

pub mod load;
