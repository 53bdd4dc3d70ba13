//! How the app lives on the machine, whatever the domain: its memory handed back to the OS
//! (`memory`, `idle`), work kept off the thread that paints the window (`on_worker`), and
//! the web engine's process settings made before the window exists: WebKit's defaults
//! (`web_engine`), the window's process without an OpenGL driver (`ui_gl`) and WebKit's
//! memory budget (`web_memory`).

pub mod idle;
pub mod memory;
pub mod on_worker;
pub mod ui_gl;
pub mod web_engine;
pub mod web_memory;
