//! The route table every route is added through, and the OpenAPI 3.1 document made
//! from it: [`op`] what one operation is, [`table`] the table that builds the router,
//! [`document`] the document, with its [`params`], [`refusals`] and, in the published
//! dialect, [`published`] names. Schemas come from the handlers' types (`schemars`).

pub mod document;
pub mod kept;
pub mod op;
pub mod params;
pub mod published;
pub mod refusals;
pub mod table;

pub use document::document;
pub use op::Op;
pub use table::{Api, Operation, Routes};
