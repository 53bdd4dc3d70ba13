//! Desktop notifications, sent from Rust (the web view has no notification permission):
//! a long export or a bulk run that ends while the window is unfocused, and — when turned
//! on — mirror changes that need a person. Texts hold counts and deal titles only.

pub mod commands;
pub mod note;
pub mod plugin;
pub mod sender;
pub mod settings;
mod state;
pub mod watch;

pub use state::Notify;
