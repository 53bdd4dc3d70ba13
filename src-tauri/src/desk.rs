//! The app's logic without Tauri: environments, keys and transaction browsing.
//! Commands in [`crate::commands`] are thin wrappers over this; tests drive it directly.

use crate::actions::{self, ActionRecord, ActionRequest, ActionState};
use crate::appdb::AppDb;
use crate::audit::{self, AuditEntry, ChainCheck};
use crate::environments::{self as envs, Badge, EnvironmentList, EnvironmentView, ProfileInput, SANDBOX_ID};
use crate::error::{AppError, ErrorCode};
use crate::filters::{Cached, TransactionFilters};
use crate::keychain::Keychain;
use escrow_api::{Client, ListTransactions};
use escrow_api::{Transaction, TransactionListItem};
use serde::{Deserialize, Serialize};
use std::sync::RwLock;
use ts_rs::TS;

const ACTIVE_SETTING: &str = "active_environment";

/// The built-in Sandbox, running in-process.
#[derive(Debug, Clone)]
pub struct BuiltInSandbox {
    pub url: String,
    pub key: String,
}

/// A page query from the UI.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionQuery {
    pub search: Option<String>,
    pub skip: u32,
    pub take: u32,
    /// Status, type, currency and date filters (applied by the desk; see [`crate::filters`]).
    #[serde(default)]
    pub filters: Option<TransactionFilters>,
}

/// A page, tagged with the environment it came from so the UI never mixes two.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionPageView {
    pub environment_id: String,
    pub count: i32,
    pub items: Vec<TransactionListItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionView {
    pub environment_id: String,
    pub transaction: Transaction,
}

/// Split payouts of a transaction, tagged with their environment.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SplitPayoutsView {
    pub environment_id: String,
    pub items: Vec<escrow_api::SplitPayout>,
}

/// Manual-transfer instructions, tagged with their environment.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInstructionsView {
    pub environment_id: String,
    pub instructions: escrow_api::PaymentInstructions,
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
    keychain: Keychain,
    sandbox: Option<BuiltInSandbox>,
    active: RwLock<Active>,
    /// The last filtered result, for paging (see [`crate::filters`]).
    filtered: std::sync::Mutex<Option<Cached>>,
    exports: crate::export::Exports,
    /// Where CSV exports are written (the user's Downloads folder in the app).
    export_dir: std::path::PathBuf,
}

impl Desk {
    pub fn new(db: AppDb, keychain: Keychain, sandbox: Option<BuiltInSandbox>) -> Result<Self, AppError> {
        let stored = envs::get_setting(&db, ACTIVE_SETTING)?;
        let desk = Self {
            db,
            keychain,
            sandbox,
            active: RwLock::new(Active { id: SANDBOX_ID.into(), client: None }),
            filtered: std::sync::Mutex::new(None),
            exports: crate::export::Exports::default(),
            export_dir: std::env::temp_dir(),
        };
        if let Some(id) = stored
            && desk.view(&id).is_ok()
        {
            desk.set_active(id, None)?;
        }
        Ok(desk)
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
        })
    }

    fn view(&self, id: &str) -> Result<EnvironmentView, AppError> {
        if id == SANDBOX_ID {
            return self.sandbox_view().ok_or_else(|| not_found(id));
        }
        let p = envs::get_profile(&self.db, id)?;
        Ok(EnvironmentView {
            has_key: self.keychain.get(&p.id).ok().flatten().is_some(),
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
        Ok(EnvironmentList { active_id: self.active_id()?, environments })
    }

    pub fn select_environment(&self, id: &str) -> Result<EnvironmentView, AppError> {
        let view = self.view(id)?;
        self.set_active(view.id.clone(), None)?;
        envs::set_setting(&self.db, ACTIVE_SETTING, &view.id)?;
        Ok(view)
    }

    pub fn save_profile(&self, input: &ProfileInput) -> Result<EnvironmentView, AppError> {
        let saved = envs::save_profile(&self.db, input)?;
        self.forget_client(&saved.id)?;
        self.view(&saved.id)
    }

    /// Stores (or replaces) a profile's key in the keychain. Returns nothing, ever.
    pub fn set_api_key(&self, profile_id: &str, api_key: &str) -> Result<(), AppError> {
        let key = api_key.trim();
        if key.is_empty() || key.len() > 4096 || key.chars().any(|c| c.is_control()) {
            return Err(AppError::validation("The API key must be 1 to 4096 visible characters."));
        }
        if profile_id == SANDBOX_ID {
            return Err(AppError::validation("The built-in Sandbox needs no key."));
        }
        envs::get_profile(&self.db, profile_id)?;
        self.keychain.set(profile_id, key)?;
        self.forget_client(profile_id)
    }

    pub fn delete_profile(&self, id: &str) -> Result<(), AppError> {
        if id == SANDBOX_ID {
            return Err(AppError::validation("The built-in Sandbox cannot be deleted."));
        }
        envs::get_profile(&self.db, id)?;
        self.keychain.delete(id)?;
        envs::delete_profile(&self.db, id)?;
        if self.active_id()? == id {
            self.select_environment(SANDBOX_ID)?;
        }
        Ok(())
    }

    fn forget_client(&self, id: &str) -> Result<(), AppError> {
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
            let routes = crate::route_overrides::parse(&p.routes)?;
            return Ok(Client::builder(p.base_url, key)
                .routes(routes.v2)
                .trade_routes(routes.trade)
                .trade_action_codes(routes.trade_action_codes)
                .dialect(p.dialect)
                .build()?);
        };
        Ok(Client::builder(url, key).build()?)
    }

    /// The active environment's id and client (built on first use).
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

    pub async fn test_connection(&self, id: &str) -> Result<ConnectionCheck, AppError> {
        let client = self.build_client(id)?;
        let page = client.transactions().list(&ListTransactions { take: Some(1), ..Default::default() }).await?;
        Ok(ConnectionCheck { transaction_count: page.count })
    }

    pub async fn list_transactions(&self, q: &TransactionQuery) -> Result<TransactionPageView, AppError> {
        if q.take == 0 || q.take > escrow_api::transactions::MAX_TAKE {
            return Err(AppError::validation("take must be 1 to 100"));
        }
        if q.search.as_ref().is_some_and(|s| s.len() > 200) {
            return Err(AppError::validation("The search text is too long (200 characters at most)."));
        }
        let (environment_id, client) = self.active_client()?;
        if let Some(filters) = q.filters.as_ref().filter(|f| !f.is_empty()) {
            return self.filtered_page(environment_id, client, q, filters).await;
        }
        let page = client
            .transactions()
            .list(&ListTransactions {
                skip: Some(q.skip),
                take: Some(q.take),
                search: q.search.clone(),
                reference_id: None,
            })
            .await?;
        Ok(TransactionPageView { environment_id, count: page.count, items: page.items })
    }

    /// Sets where CSV exports go (the app passes the Downloads folder).
    pub fn with_export_dir(mut self, dir: std::path::PathBuf) -> Self {
        self.export_dir = dir;
        self
    }

    /// Where exports are written (the user's Downloads folder in the app).
    pub fn export_dir(&self) -> &std::path::Path {
        &self.export_dir
    }

    /// Starts a CSV export of every transaction matching the search and filters.
    pub fn start_export(
        &self,
        request: &crate::export::ExportRequest,
    ) -> Result<crate::export::ExportStatus, AppError> {
        let (environment_id, client) = self.active_client()?;
        self.exports.start(client, environment_id, request, &self.export_dir)
    }

    pub fn export_status(&self, id: &str) -> Result<crate::export::ExportStatus, AppError> {
        self.exports.status(id)
    }

    pub fn cancel_export(&self, id: &str) -> Result<crate::export::ExportStatus, AppError> {
        self.exports.cancel(id)
    }

    /// Reads every match of the search (export stream), filters, caches and pages.
    async fn filtered_page(
        &self,
        environment_id: String,
        client: Client,
        q: &TransactionQuery,
        filters: &TransactionFilters,
    ) -> Result<TransactionPageView, AppError> {
        let checked = filters.check()?;
        let search = q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        let key = (environment_id.clone(), search.clone(), filters.clone());
        let cached =
            self.filtered.lock().ok().and_then(|c| c.as_ref().filter(|c| c.fresh_for(&key)).map(|c| c.items.clone()));
        let items = match cached {
            Some(items) => items,
            None => {
                use futures::StreamExt;
                let query = ListTransactions { search, ..Default::default() };
                let mut stream = Box::pin(client.transactions().export(&query, Default::default(), |_| {}));
                let mut kept = Vec::new();
                while let Some(item) = stream.next().await {
                    let item = item?;
                    if checked.matches(&item) {
                        kept.push(item);
                    }
                }
                let items = std::sync::Arc::new(kept);
                if let Ok(mut slot) = self.filtered.lock() {
                    *slot = Some(Cached { key, at: std::time::Instant::now(), items: items.clone() });
                }
                items
            }
        };
        let start = (q.skip as usize).min(items.len());
        let end = (start + q.take as usize).min(items.len());
        Ok(TransactionPageView {
            environment_id,
            count: i32::try_from(items.len()).unwrap_or(i32::MAX),
            items: items[start..end].to_vec(),
        })
    }

    pub async fn get_transaction(&self, id: &str) -> Result<TransactionView, AppError> {
        let id = id.trim();
        if id.is_empty() || id.len() > 100 {
            return Err(AppError::validation("A transaction id is 1 to 100 characters."));
        }
        let (environment_id, client) = self.active_client()?;
        let transaction = client.transactions().get(id).await?;
        Ok(TransactionView { environment_id, transaction })
    }
}

/// Actions and the audit log.
impl Desk {
    /// Runs a staff action once: intent committed, request sent, outcome committed.
    pub async fn start_action(&self, request: &ActionRequest) -> Result<ActionRecord, AppError> {
        let (environment_id, client) = self.active_client()?;
        let record = actions::record_intent(&self.db, &environment_id, request)?;
        let outcome = actions::send(&client, &record).await;
        actions::record_outcome(&self.db, &record, &outcome)
    }

    /// Resends an open action with its stored key (in its own environment), after
    /// checking with a GET whether it already took effect.
    pub async fn retry_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        let record = actions::get(&self.db, id)?;
        if !matches!(record.state, ActionState::Pending | ActionState::Unknown) {
            return Err(AppError::validation("Only a pending or unknown action can be retried."));
        }
        let client = self.build_client(&record.environment_id)?;
        if actions::reconcile(&client, &record).await? == Some(true) {
            return actions::record_outcome(&self.db, &record, &Ok(None));
        }
        let outcome = actions::send(&client, &record).await;
        actions::record_outcome(&self.db, &record, &outcome)
    }

    pub fn dismiss_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        actions::dismiss(&self.db, id)
    }

    /// Actions without a clear end, to offer retry or dismiss.
    pub fn open_actions(&self) -> Result<Vec<ActionRecord>, AppError> {
        actions::open(&self.db)
    }

    pub fn audit_log(&self, text: Option<&str>, limit: u32) -> Result<Vec<AuditEntry>, AppError> {
        if text.is_some_and(|t| t.len() > 200) {
            return Err(AppError::validation("The filter is too long (200 characters at most)."));
        }
        audit::list(&*self.db.lock()?, text, limit.clamp(1, 10_000))
    }

    pub async fn list_split_payouts(&self, transaction_id: &str) -> Result<SplitPayoutsView, AppError> {
        let (environment_id, client) = self.active_client()?;
        let items = client.split_payouts().list(valid_id(transaction_id)?).await?.items;
        Ok(SplitPayoutsView { environment_id, items })
    }

    pub async fn payment_instructions(
        &self,
        transaction_id: &str,
        service_account_id: &str,
    ) -> Result<PaymentInstructionsView, AppError> {
        let (environment_id, client) = self.active_client()?;
        let instructions = client
            .transactions()
            .payment_instructions(valid_id(transaction_id)?, valid_id(service_account_id)?)
            .await?;
        Ok(PaymentInstructionsView { environment_id, instructions })
    }

    pub fn verify_audit_log(&self) -> Result<ChainCheck, AppError> {
        audit::verify(&*self.db.lock()?)
    }
}

fn valid_id(id: &str) -> Result<&str, AppError> {
    let id = id.trim();
    if id.is_empty() || id.len() > 100 || id.chars().any(char::is_control) {
        return Err(AppError::validation("An id is 1 to 100 visible characters."));
    }
    Ok(id)
}

fn not_found(id: &str) -> AppError {
    AppError::new(ErrorCode::EnvironmentNotFound, format!("No environment with id {id}."))
}
