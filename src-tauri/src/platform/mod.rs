//! How the app lives on the machine, whatever the domain: its memory handed back to the OS
//! (`memory`, `idle`) and work kept off the thread that paints the window (`on_worker`).

pub mod idle;
pub mod memory;
pub mod on_worker;
