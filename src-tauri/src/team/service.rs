//! Joining, leaving and the status of this desk's team link.

use super::mapped::{MappedJournal, Names};
use super::state::{Link, Team};
use crate::appdb::settings::{get_setting, set_setting};
use crate::error::{AppError, ErrorCode};
use desk_team::{Connection, TeamConfig, TeamJournal, Tls};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use ts_rs::TS;

/// The setting that holds the link (address, login, CA file; never the password).
const LINK: &str = "team.link";
/// Where a former version kept the one password of the link.
const LEGACY_PASSWORD: &str = "team-store-password";

/// The keychain account of a staff member's password for a team store: one per login and
/// store, so two data folders of one OS user (two desks on one machine) keep their own.
fn password_account(stored: &Stored) -> String {
    format!("team-store-password:{}@{}", stored.user, stored.url)
}

/// Who this desk is in its team, and what the database's grants let them do (the UI hides
/// the rest and says why; the database refuses it anyway).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamStanding {
    pub login: String,
    /// `viewer`, `operator`, `approver` or `admin`; `None` when in no group of the team.
    pub group: Option<String>,
    /// May ask for actions (operators and up).
    pub can_act: bool,
    /// May approve or reject what others asked for (approvers and admins).
    pub can_approve: bool,
    /// May set the approval rules (admins).
    pub can_admin: bool,
}

/// What joining asks for.
#[derive(Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct JoinTeam {
    /// `postgres://host[:port]/database`.
    pub url: String,
    /// The staff member's PostgreSQL login.
    pub user: String,
    pub password: String,
    /// CA certificates (PEM) to check the server against instead of the system's.
    pub ca_file: Option<String>,
}

/// Never prints the password (a join may be logged or shown in a panic).
impl std::fmt::Debug for JoinTeam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JoinTeam").field("url", &self.url).field("user", &self.user).finish_non_exhaustive()
    }
}

/// The link as this data folder keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stored {
    url: String,
    user: String,
    ca_file: Option<String>,
}

/// Whether this desk journals in a team store, and which.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamStatus {
    pub joined: bool,
    pub url: Option<String>,
    pub user: Option<String>,
}

impl Team {
    /// Joins the team store: connects as the staff member (a wrong address, password or
    /// certificate is said now), checks its schema is this version's, brings the desk's open
    /// actions and audit chain into it, then keeps the link (the password in the keychain)
    /// and journals every next action there.
    pub async fn join_team(&self, input: &JoinTeam) -> Result<TeamStatus, AppError> {
        let stored = Stored {
            url: input.url.trim().to_owned(),
            user: input.user.trim().to_owned(),
            ca_file: input.ca_file.as_deref().map(str::trim).filter(|f| !f.is_empty()).map(str::to_owned),
        };
        if stored.url.is_empty() || stored.user.is_empty() || input.password.is_empty() {
            return Err(AppError::validation("The team store's address, your login and your password are needed."));
        }
        // Scrubbed from every log line and diagnostics text from now on, as an API key is.
        crate::support::redact::register(&input.password);
        let config = config(&stored, input.password.clone());
        let conn = Connection::open(config.clone()).await?;
        check_schema(&conn).await?;
        // The desk's own open actions and audit chain go along (all or nothing).
        let brought = super::bring::bring(&self.desk, &conn).await?;
        tracing::info!(rows = brought.rows, open_actions = brought.open_actions, "brought into the team store");
        self.desk.keychain().set(&password_account(&stored), &input.password)?;
        let text = serde_json::to_string(&stored).map_err(AppError::storage)?;
        set_setting(&self.desk.db, LINK, &text)?;
        self.link_to(conn, config);
        tracing::info!(url = %stored.url, user = %stored.user, "joined the team store");
        self.team_status()
    }

    /// Returns the desk to its own journal; the link and the password are forgotten. What
    /// was journaled in the team store stays there.
    pub fn leave_team(&self) -> Result<TeamStatus, AppError> {
        self.desk.set_journal(self.desk.local_journal());
        *self.link.lock().unwrap_or_else(|p| p.into_inner()) = None;
        self.beat(false, false);
        if let Some(stored) = stored(&self.desk.db)? {
            self.desk.keychain().delete(&password_account(&stored))?;
        }
        set_setting(&self.desk.db, LINK, "")?;
        tracing::info!("left the team store");
        self.team_status()
    }

    pub fn team_status(&self) -> Result<TeamStatus, AppError> {
        Ok(match stored(&self.desk.db)? {
            Some(s) => TeamStatus { joined: true, url: Some(s.url), user: Some(s.user) },
            None => TeamStatus { joined: false, url: None, user: None },
        })
    }

    /// At start: the team store again, when this data folder had joined one.
    /// When the link cannot be made (the password is not in the keychain), every action is
    /// refused with why until the desk joins again or leaves: nothing falls back to the
    /// desk's own journal.
    pub(super) fn restore(&self) -> Result<(), AppError> {
        let Some(stored) = stored(&self.desk.db)? else { return Ok(()) };
        let password = match self.password(&stored) {
            Ok(p) => p,
            Err(e) => {
                self.desk.set_journal(Arc::new(super::refusing::Refusing(e.clone())));
                self.beat(true, false);
                return Err(e);
            }
        };
        // Connected on first use: a store out of reach is said by the first action, and by
        // the listener's pulse.
        let config = config(&stored, password);
        self.link_to(Connection::new(config.clone()), config);
        Ok(())
    }

    /// The staff member's password for the stored link; one a former version kept under a
    /// single account moves to this link's own.
    fn password(&self, stored: &Stored) -> Result<String, AppError> {
        let keychain = self.desk.keychain();
        let account = password_account(stored);
        if let Some(p) = keychain.get(&account)? {
            return Ok(p);
        }
        if let Some(p) = keychain.get(LEGACY_PASSWORD)? {
            keychain.set(&account, &p)?;
            keychain.delete(LEGACY_PASSWORD)?;
            return Ok(p);
        }
        Err(AppError::new(
            ErrorCode::NoApiKey,
            "The team store's password is not in this computer's keychain: join the team again (Environments → Team).",
        ))
    }

    /// Journals in the store of `conn` from the next action on, and listens to it.
    fn link_to(&self, conn: Connection, config: TeamConfig) {
        let desk = self.desk.clone();
        let names: Names = Arc::new(move || desk.base_urls());
        let journal = MappedJournal::new(Arc::new(TeamJournal::new(conn.clone())), names);
        self.desk.set_journal(Arc::new(journal));
        // Within reach until the listener finds otherwise.
        self.beat(true, true);
        let listening = self.listen(conn.clone(), config);
        *self.link.lock().unwrap_or_else(|p| p.into_inner()) = Some(Link { conn, listening });
    }

    /// The staff member this desk logs in as, and what their group lets them do.
    pub async fn team_standing(&self) -> Result<TeamStanding, AppError> {
        let standing = desk_team::standing(&self.connection()?).await?;
        let rank = standing.group.map_or(0, |g| g as u8 + 1);
        Ok(TeamStanding {
            login: standing.login,
            group: standing.group.map(|g| g.role().trim_start_matches("escrow_").to_owned()),
            can_act: rank >= 2,
            can_approve: rank >= 3,
            can_admin: rank >= 4,
        })
    }
}

fn stored(db: &crate::appdb::AppDb) -> Result<Option<Stored>, AppError> {
    match get_setting(db, LINK)? {
        Some(text) if !text.is_empty() => serde_json::from_str(&text).map(Some).map_err(AppError::storage),
        _ => Ok(None),
    }
}

fn config(stored: &Stored, password: String) -> TeamConfig {
    let tls = stored.ca_file.clone().map_or(Tls::SystemRoots, |f| Tls::CaFile(f.into()));
    TeamConfig { url: stored.url.clone(), user: stored.user.clone(), password, tls }
}

/// The store's schema must be the one this version writes.
async fn check_schema(conn: &Connection) -> Result<(), AppError> {
    let found = desk_team::schema_of(conn).await?;
    let wanted = desk_team::schema_version();
    if found != wanted {
        return Err(AppError::validation(format!(
            "The team store's schema is at step {found}; this version of Escrow Desk needs step {wanted}. \
             An administrator runs `escrow-desk team init`."
        )));
    }
    Ok(())
}
