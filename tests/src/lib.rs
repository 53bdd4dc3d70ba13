//! The end-to-end harness shared by every test in `tests/tests` and the app benchmark:
//! a private X display per window, tauri-driver in a process group of its own, a window
//! whose every WebDriver call is bounded, screenshots from the X server, a time cap per
//! test, the sandbox's control API, and money as the window shows it and the sandbox
//! records it (`consequence`).

mod artifacts;
mod cap;
pub mod consequence;
mod display;
mod driver;
pub mod native_dialog;
mod procs;
pub mod raw_text;
pub mod raw_walk;
mod sandbox;
mod steps;
mod trade_steps;
mod window;

pub use artifacts::{artifacts, capture_display};
pub use cap::{Failure, TEST_CAP, capped, capped_for, supervise};
pub use driver::{Launch, app_binary};
pub use procs::{
    age_ms, app_pids, descendants, kill_all, pss_anon_kb, pss_kb, tree_anon_pss_kb, tree_pss_kb, tree_rss_kb,
};
pub use sandbox::{Control, own_sandbox, own_sandbox_in};
pub use steps::{
    ProfileForm, add_profile, confirm_action, danish, detail_id, open_action, open_transaction, refresh_mirror,
    run_action, sandbox_url,
};
pub use trade_steps::{fill_business_user, initiate_trade, refresh_trade_until, trade_action, walk_trade_to_finished};
pub use window::{AppWindow, El, WAIT, step_timeout};
