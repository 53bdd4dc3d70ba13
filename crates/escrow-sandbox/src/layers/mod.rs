//! The middleware around every route (see [`crate::app`]), outermost last: [`object_body`]
//! a JSON object wherever the route table says one is read, [`dialect`]
//! the published dialect's names at the edge of both APIs, [`faults`] fault injection,
//! [`access_log`] one log line per request. They read the running state and know each
//! API's conventions (its paths, its problem shape), so they sit above the APIs; nothing
//! below imports them.

pub mod access_log;
pub mod dialect;
pub mod faults;
pub mod object_body;
