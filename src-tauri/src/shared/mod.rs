//! Small pieces every domain uses and none owns: checked fields of a request (`fields`), files
//! picked by the person (`files`), the chosen language (`lang`) and the views of a page of results
//! (`views`).

pub use desk_core::fields;
pub mod files;
pub mod lang;
pub mod views;
