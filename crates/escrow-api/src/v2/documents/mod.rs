//! Documents (spec section 4, "Documents"): upload, list, get, sign, download, delete.

mod handler;
pub mod models;
pub mod upload;

pub use handler::DocumentsHandler;
pub use models::*;
pub use upload::{UploadDocument, content_type_for};
