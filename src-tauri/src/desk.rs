//! The app's core without Tauri: the local database and the audit trail, environments and
//! their keys, and the client of the active one, with the helpers every domain runs its
//! work through ([`Desk::active_client`], [`Desk::journal_run`]). The one `impl Desk`: a
//! domain's own state holds an `Arc<Desk>` (see `wiring.rs`), never the other way round.

use crate::appdb::AppDb;
use crate::error::{AppError, ErrorCode};
use crate::settings::environments::{self as envs, Badge, EnvironmentList, EnvironmentView, ProfileInput, SANDBOX_ID};
use crate::settings::keychain::Keychain;
use crate::settings::policy::{self, Policy};
// From its crate: `crate::audit` is the audit page's side, whose state holds the core.
use desk_audit::Trail;
use desk_journal::{JournalStore, LocalJournal};
use escrow_api::{Client, ListTransactions};
use serde::Serialize;
use std::sync::{Arc, RwLock};
use ts_rs::TS;

const ACTIVE_SETTING: &str = "active_environment";

/// The built-in Sandbox, running in-process.
#[derive(Debug, Clone)]
pub struct BuiltInSandbox {
    pub url: String,
    pub key: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionCheck {
    pub transaction_count: i32,
}

struct Active {
    id: String,
    /// Built lazily; dropped when the environment or its key changes.
    client: Option<Client>,
}

pub struct Desk {
    pub(crate) db: AppDb,
    /// The audit key and anchor of this data folder (see [`desk_audit`]).
    pub(crate) audit: Trail,
    /// Where actions are journaled: this desk's own database, or its team's store once it
    /// has joined one (`team`).
    journal: RwLock<Arc<dyn JournalStore>>,
    keychain: Keychain,
    sandbox: Option<BuiltInSandbox>,
    active: RwLock<Active>,
    /// The organisation's policy (`settings::policy`); the default presets nothing.
    policy: Policy,
}

impl Desk {
    pub fn new(db: AppDb, keychain: Keychain, sandbox: Option<BuiltInSandbox>) -> Result<Self, AppError> {
        let stored = envs::get_setting(&db, ACTIVE_SETTING)?;
        let audit = Trail::open(&keychain, &db, envs::kind_on);
        let journal: RwLock<Arc<dyn JournalStore>> =
            RwLock::new(Arc::new(LocalJournal::new(db.clone(), audit.clone())));
        let active = RwLock::new(Active { id: SANDBOX_ID.into(), client: None });
        let desk = Self { db, audit, journal, keychain, sandbox, active, policy: Policy::default() };
        if let Some(id) = stored
            && desk.view(&id).is_ok()
        {
            desk.set_active(id, None)?;
        } else if desk.sandbox.is_none()
            && let Some(first) = envs::list_profiles(&desk.db)?.into_iter().next()
        {
            // No built-in Sandbox (the organisation's policy): the first environment.
            desk.set_active(first.id, None)?;
        }
        Ok(desk)
    }

    /// The same desk under the organisation's `policy` (already applied to its data folder,
    /// see [`crate::settings::policy::apply`]): what users may not change is refused.
    pub fn with_policy(mut self, policy: Policy) -> Self {
        self.policy = policy;
        self
    }

    pub(crate) fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Gives back the page cache of the app's database connection when not in use (see
    /// [`crate::platform::idle`]); answers how many shrank (the mirror has its own).
    pub fn release_memory(&self) -> usize {
        self.db.release_memory()
    }

    /// The store every journaled action of this desk goes through now (held for one action:
    /// a switch of store applies to the next).
    pub fn journal(&self) -> Arc<dyn JournalStore> {
        match self.journal.read() {
            Ok(j) => j.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Journals the next actions in `store` (a team's, or back to this desk's own).
    pub(crate) fn set_journal(&self, store: Arc<dyn JournalStore>) {
        match self.journal.write() {
            Ok(mut j) => *j = store,
            Err(poisoned) => *poisoned.into_inner() = store,
        }
    }

    /// Every environment this desk knows, with its base URL (how a team's desks name one
    /// service alike).
    pub(crate) fn base_urls(&self) -> Result<Vec<(String, String)>, AppError> {
        let mut all: Vec<(String, String)> =
            self.sandbox.iter().map(|s| (SANDBOX_ID.to_owned(), s.url.clone())).collect();
        all.extend(envs::list_profiles(&self.db)?.into_iter().map(|p| (p.id, p.base_url)));
        Ok(all)
    }

    /// The OS keychain this desk keeps its secrets in.
    pub(crate) fn keychain(&self) -> &Keychain {
        &self.keychain
    }

    /// This desk's own journal, in its own database.
    pub(crate) fn local_journal(&self) -> Arc<dyn JournalStore> {
        Arc::new(LocalJournal::new(self.db.clone(), self.audit.clone()))
    }

    /// The audit trail this desk writes (tests append through it as a crashed app would).
    pub fn audit_trail(&self) -> &Trail {
        &self.audit
    }

    fn sandbox_view(&self) -> Option<EnvironmentView> {
        self.sandbox.as_ref().map(|s| EnvironmentView {
            id: SANDBOX_ID.into(),
            name: "Sandbox".into(),
            base_url: s.url.clone(),
            badge: Badge::Sandbox,
            built_in: true,
            has_key: true,
            routes: String::new(),
            dialect: escrow_api::Dialect::Spec,
            managed: false,
        })
    }

    fn view(&self, id: &str) -> Result<EnvironmentView, AppError> {
        if id == SANDBOX_ID {
            return self.sandbox_view().ok_or_else(|| not_found(id));
        }
        let p = envs::get_profile(&self.db, id)?;
        Ok(EnvironmentView {
            has_key: self.keychain.get(&p.id).ok().flatten().is_some(),
            managed: policy::is_managed(&p.id),
            id: p.id,
            name: p.name,
            base_url: p.base_url,
            badge: p.badge,
            built_in: false,
            routes: p.routes,
            dialect: p.dialect,
        })
    }

    pub(crate) fn active_id(&self) -> Result<String, AppError> {
        Ok(self.active.read().map_err(|_| AppError::new(ErrorCode::Internal, "state lock poisoned"))?.id.clone())
    }

    fn set_active(&self, id: String, client: Option<Client>) -> Result<(), AppError> {
        let mut a = self.active.write().map_err(|_| AppError::new(ErrorCode::Internal, "state lock poisoned"))?;
        *a = Active { id, client };
        Ok(())
    }

    pub fn list_environments(&self) -> Result<EnvironmentList, AppError> {
        let mut environments: Vec<EnvironmentView> = self.sandbox_view().into_iter().collect();
        for p in envs::list_profiles(&self.db)? {
            environments.push(self.view(&p.id)?);
        }
        Ok(EnvironmentList { active_id: self.active_id()?, environments, locked: self.policy.locks("environments") })
    }

    pub fn select_environment(&self, id: &str) -> Result<EnvironmentView, AppError> {
        let view = self.view(id)?;
        self.set_active(view.id.clone(), None)?;
        envs::set_setting(&self.db, ACTIVE_SETTING, &view.id)?;
        Ok(view)
    }

    pub fn save_profile(&self, input: &ProfileInput) -> Result<EnvironmentView, AppError> {
        if input.id.as_deref().is_some_and(policy::is_managed) {
            return Err(AppError::validation("Your organisation sets this environment: only its API key is yours."));
        }
        if input.id.is_none() && self.policy.locks("environments") {
            return Err(AppError::validation("Your organisation sets the environments."));
        }
        let saved = envs::save_profile(&self.db, input)?;
        self.forget_client(&saved.id)?;
        self.view(&saved.id)
    }

    /// Stores (or replaces) a profile's key in the keychain. Returns nothing, ever. What was
    /// kept with the old key is then the caller's to forget, and the client after it (see
    /// [`crate::environments::profiles`]).
    pub(crate) fn store_api_key(&self, profile_id: &str, api_key: &str) -> Result<(), AppError> {
        let key = api_key.trim();
        if key.is_empty() || key.len() > 4096 || key.chars().any(|c| c.is_control()) {
            return Err(AppError::validation("The API key must be 1 to 4096 visible characters."));
        }
        if profile_id == SANDBOX_ID {
            return Err(AppError::validation("The built-in Sandbox needs no key."));
        }
        envs::get_profile(&self.db, profile_id)?;
        self.keychain.set(profile_id, key)
    }

    /// Deletes a profile and its key. What was kept for it is then the caller's to forget,
    /// before the built-in Sandbox takes over if it was active (see
    /// [`crate::environments::profiles`]).
    pub(crate) fn remove_profile(&self, id: &str) -> Result<(), AppError> {
        if id == SANDBOX_ID {
            return Err(AppError::validation("The built-in Sandbox cannot be deleted."));
        }
        if policy::is_managed(id) {
            return Err(AppError::validation("Your organisation sets this environment: it cannot be deleted here."));
        }
        envs::get_profile(&self.db, id)?;
        self.keychain.delete(id)?;
        envs::delete_profile(&self.db, id)
    }

    /// The network the desk's clients and update checks go through (Environments → Network).
    pub fn network(&self) -> Result<escrow_api::network::Network, AppError> {
        crate::settings::network::network(&self.db, &self.keychain)
    }

    /// The network settings (Environments → Network).
    pub fn network_settings(&self) -> Result<crate::settings::network::NetworkSettings, AppError> {
        crate::settings::network::load(&self.db, &self.keychain)
    }

    /// Stores the network settings; the next request builds its client with them.
    pub fn save_network_settings(
        &self,
        input: &crate::settings::network::NetworkInput,
    ) -> Result<crate::settings::network::NetworkSettings, AppError> {
        let saved = crate::settings::network::save(&self.db, &self.keychain, input)?;
        let mut a = self.active.write().map_err(|_| AppError::new(ErrorCode::Internal, "state lock poisoned"))?;
        a.client = None;
        Ok(saved)
    }

    /// Drops the client of `id` if it is the active one (its key or profile changed).
    pub(crate) fn forget_client(&self, id: &str) -> Result<(), AppError> {
        let mut a = self.active.write().map_err(|_| AppError::new(ErrorCode::Internal, "state lock poisoned"))?;
        if a.id == id {
            a.client = None;
        }
        Ok(())
    }

    /// A client for environment `id`, with its key from the keychain.
    pub(crate) fn build_client(&self, id: &str) -> Result<Client, AppError> {
        let (url, key) = if id == SANDBOX_ID {
            let s = self.sandbox.as_ref().ok_or_else(|| not_found(id))?;
            (s.url.clone(), s.key.clone())
        } else {
            let p = envs::get_profile(&self.db, id)?;
            let key = self.keychain.get(id)?.ok_or_else(|| {
                AppError::new(
                    ErrorCode::NoApiKey,
                    format!("No API key is stored for {}. Add one under Environments.", p.name),
                )
            })?;
            let routes = crate::settings::route_overrides::parse(&p.routes)?;
            let network = crate::settings::network::network(&self.db, &self.keychain)?;
            return Ok(Client::builder(p.base_url, key)
                .network(network)
                .routes(routes.v2)
                .trade_routes(routes.trade)
                .trade_action_codes(routes.trade_action_codes)
                .dialect(p.dialect)
                .build()?);
        };
        // The built-in Sandbox is on this computer (or the team's LAN): never through a proxy.
        let direct = escrow_api::network::Network { proxy: escrow_api::network::Proxy::Direct, extra_roots_pem: None };
        Ok(Client::builder(url, key).network(direct).build()?)
    }

    /// The active environment's id and client (built on first use).
    /// Validates, then runs `request` through the journal in the active environment.
    pub(crate) async fn journal_run<A: crate::journal::Action>(
        &self,
        request: &A,
    ) -> Result<(String, crate::journal::Run<A>), AppError> {
        self.journal_run_seen(request, None).await
    }

    /// [`Desk::journal_run`] for a request whose consequence its person saw read at `seen_at`
    /// (the consequence's `read_at`).
    pub(crate) async fn journal_run_seen<A: crate::journal::Action>(
        &self,
        request: &A,
        seen_at: Option<&str>,
    ) -> Result<(String, crate::journal::Run<A>), AppError> {
        let request = crate::journal::check(request)?; // field faults before anything else (a missing key, say)
        let (environment_id, client) = self.active_client()?;
        let run = crate::journal::run_seen(self.journal().as_ref(), &client, &environment_id, request, seen_at).await?;
        Ok((environment_id, run))
    }

    /// Runs `action` and answers its record with the id or link it returned.
    pub(crate) async fn run_with_value<A>(&self, action: &A) -> Result<crate::journal::Outcome<A>, AppError>
    where
        A: crate::journal::Action<Answer = Option<String>>,
    {
        let (environment_id, run) = self.journal_run(action).await?;
        Ok(crate::journal::Outcome { environment_id, record: run.record, value: run.answer.flatten(), link: None })
    }

    pub(crate) fn active_client(&self) -> Result<(String, Client), AppError> {
        {
            let a = self.active.read().map_err(|_| AppError::new(ErrorCode::Internal, "state lock poisoned"))?;
            if let Some(c) = &a.client {
                return Ok((a.id.clone(), c.clone()));
            }
        }
        let id = self.active_id()?;
        let client = self.build_client(&id)?;
        let mut a = self.active.write().map_err(|_| AppError::new(ErrorCode::Internal, "state lock poisoned"))?;
        if a.id == id {
            a.client = Some(client.clone());
        }
        Ok((id, client))
    }

    /// The built-in Sandbox when it is the active environment (its `/_sandbox` inspection
    /// routes add webhook deliveries and what the record does not show); else `None`.
    pub(crate) fn active_builtin_sandbox(&self) -> Result<Option<BuiltInSandbox>, AppError> {
        Ok(if self.active_id()? == SANDBOX_ID { self.sandbox.clone() } else { None })
    }

    pub async fn test_connection(&self, id: &str) -> Result<ConnectionCheck, AppError> {
        let client = self.build_client(id)?;
        let page = client.transactions().list(&ListTransactions { take: Some(1), ..Default::default() }).await?;
        Ok(ConnectionCheck { transaction_count: page.count })
    }
}

pub(crate) fn valid_id(id: &str) -> Result<&str, AppError> {
    let id = id.trim();
    if id.is_empty() || id.len() > 100 || id.chars().any(char::is_control) {
        return Err(AppError::validation("An id is 1 to 100 visible characters."));
    }
    Ok(id)
}

fn not_found(id: &str) -> AppError {
    AppError::new(ErrorCode::EnvironmentNotFound, format!("No environment with id {id}."))
}
