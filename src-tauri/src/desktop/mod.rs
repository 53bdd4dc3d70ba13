//! Desktop conventions: the native menu with the app's shortcuts, one window per data
//! folder, and the window's size and place kept between starts.

pub mod commands;
pub mod instance;
pub mod menu;
pub mod window_state;
