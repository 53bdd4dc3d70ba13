//! Joining a team store (`desk-team`): the desk's journal moves to the team's PostgreSQL,
//! where two desks never move the same money twice and every row's actor is the staff
//! member's own login. The address, the login and the TLS choice are settings of this data
//! folder; the password is in the OS keychain only. Leaving returns the desk to its own
//! journal.

pub mod admin;
pub mod approvals;
mod bring;
pub mod cli;
pub mod commands;
pub mod filters;
mod heard;
mod mapped;
pub mod pulse;
pub mod queue;
mod refusing;
pub mod service;
pub mod state;

pub use admin::{TeamAdminInput, TeamTask};
pub use approvals::{ApprovalCheck, ApprovalItem, ApprovalRuleInput, ApprovalRuleView, ApprovalsInbox};
pub use filters::SharedFilterView;
pub use heard::{TeamChange, TeamPulse};
pub use queue::{QueueItemRef, QueueMove, TeamItemView, TeamNoteView, TeamQueueView};
pub use service::{JoinTeam, TeamStanding, TeamStatus};
pub use state::Team;
