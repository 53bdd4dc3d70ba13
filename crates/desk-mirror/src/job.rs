//! One sync as a job: claim the environment, read the list (full pass or refresh), check
//! the details of the deals that are due, release, and record a failure for the status.

use super::store;
use super::sync::{Mirror, SyncKind};
use desk_core::error::AppError;
use escrow_api::Client;

impl Mirror {
    /// Starts a sync of `env` in the background; `false` when one is already running.
    pub fn start(&self, client: Client, env: String, kind: SyncKind) -> bool {
        if !self.claim(&env, kind) {
            return false;
        }
        let me = self.clone();
        tokio::spawn(async move {
            let _ = me.run_claimed(&client, &env, kind).await;
        });
        true
    }

    /// Runs one sync of `env` to its end; `Ok(false)` when another sync of that
    /// environment was already running.
    pub async fn sync(&self, client: &Client, env: &str, kind: SyncKind) -> Result<bool, AppError> {
        if !self.claim(env, kind) {
            return Ok(false);
        }
        self.run_claimed(client, env, kind).await.map(|()| true)
    }

    /// A failure is recorded in the state; the rows stay as they were, so the last known
    /// state stays browsable.
    async fn run_claimed(&self, client: &Client, env: &str, kind: SyncKind) -> Result<(), AppError> {
        let started = std::time::Instant::now();
        let result = match kind {
            SyncKind::Full => self.full(client, env).await,
            SyncKind::Refresh | SyncKind::Details => self.refresh(client, env).await,
        };
        let listed = started.elapsed();
        let result = match result {
            Ok(()) => super::details::check(self, client, env).await,
            Err(e) => Err(e),
        };
        self.release(env);
        tracing::info!(
            environment = env,
            kind = ?kind,
            list_ms = listed.as_millis() as u64,
            total_ms = started.elapsed().as_millis() as u64,
            ok = result.is_ok(),
            "mirror sync ended"
        );
        if let Err(e) = &result {
            tracing::warn!(environment = env, code = ?e.code, "mirror sync failed: {}", e.message);
            let code = serde_json::to_value(e.code).ok().and_then(|v| v.as_str().map(str::to_owned));
            store::record_error(&*self.lock()?, env, code.as_deref().unwrap_or("internal"), &e.message)?;
        }
        result
    }
}
