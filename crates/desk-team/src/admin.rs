//! What an administrator of the server does to a team store, from the command line
//! (`escrow-desk team init|add-staff`) or from a desk's Team section: bring the schema and
//! the group roles to this version, or add a staff member with a new password shown once.
//! Connected as the administrator for the one task; the administrator's password is kept
//! nowhere.

use crate::connect::{TeamConfig, connect};
use crate::staff::{Group, add_staff};
use desk_core::error::{AppError, ErrorCode};

/// One administrator's task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    /// Create or upgrade the schema and the group roles.
    Init,
    /// A login role for the staff member `name` in `group`, with a new password.
    AddStaff { name: String, group: Group },
}

/// Does `task` as the administrator of `config`; answers what to tell them (for a new staff
/// member, their password, shown this once).
pub async fn administer(config: &TeamConfig, task: &Task) -> Result<String, AppError> {
    let mut client = connect(config).await?;
    match task {
        Task::Init => {
            let report = crate::init::init(&mut client).await?;
            Ok(match report.applied.as_slice() {
                [] => format!("the team schema is up to date (step {})", report.version),
                steps => format!("the team schema is at step {} (applied now: {steps:?})", report.version),
            })
        }
        Task::AddStaff { name, group } => {
            let password = new_password()?;
            add_staff(&client, name, &password, *group).await?;
            Ok(format!(
                "{name} can log in as a member of {}; their password (shown once, for their desk's keychain):\n{password}",
                group.role()
            ))
        }
    }
}

/// 24 characters from the OS's random source, letters and digits that cannot be mistaken
/// for each other (~139 bits; each byte below a multiple of the alphabet, so no bias).
fn new_password() -> Result<String, AppError> {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let limit = 256 - 256 % ALPHABET.len();
    let mut out = String::with_capacity(24);
    while out.len() < 24 {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| AppError::new(ErrorCode::Internal, format!("no random source: {e}")))?;
        let usable = bytes.iter().filter(|b| usize::from(**b) < limit);
        out.extend(usable.map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char).take(24 - out.len()));
    }
    Ok(out)
}
