//! Desktop conventions: the native menu with the app's shortcuts, one window per data
//! folder, the window's size and place kept between starts, the web engine's settings, and
//! the window's process without an OpenGL driver, and WebKit's memory budget.

pub mod instance;
pub mod menu;
pub mod ui_gl;
pub mod web_engine;
pub mod web_memory;
pub mod window_state;
