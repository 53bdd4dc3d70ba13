//! Documents to sign: upload, list, sign (hosted), download.

pub mod routes;
pub mod store;
pub mod view;
