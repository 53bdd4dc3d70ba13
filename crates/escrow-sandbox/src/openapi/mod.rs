//! The route table every route is added through, and the OpenAPI 3.1 document made
//! from it: [`op`] what one operation is, [`table`] the table that builds the router,
//! [`document`] the document, [`schemas`] its component schemas.

pub mod document;
pub mod op;
pub mod schemas;
pub mod table;

pub use document::document;
pub use op::Op;
pub use table::{Api, Operation, Routes};
