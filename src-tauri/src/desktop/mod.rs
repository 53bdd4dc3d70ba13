//! Desktop conventions: the native menu with the app's shortcuts, one window per data
//! folder, the window's size and place kept between starts, and the web engine's settings.

pub mod instance;
pub mod menu;
pub mod web_engine;
pub mod window_state;
