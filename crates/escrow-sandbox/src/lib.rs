//! A faithful, stateful emulator of the escrow payment service (v2 core API).
//!
//! Written from the spec on its own (it does not use the client crate), so it catches
//! the client's mistakes instead of sharing them. Use [`start`] to run it in-process
//! (tests, the desktop app's built-in Sandbox) or the `escrow-sandbox` binary.

pub mod answers;
pub mod auth;
pub mod banks;
pub mod clock;
pub mod config;
pub mod control;
pub mod db;
pub mod dialect;
pub mod error;
pub mod extract;
pub mod faults;
pub mod form;
pub mod hosted;
pub mod idempotency;
pub mod inspect;
pub mod layers;
pub mod meta;
pub mod money;
pub mod openapi;
pub mod pdf;
pub mod receiver;
pub mod seed;
mod sqlite_setup;
pub mod state;
pub mod store;
pub mod trade;
pub mod v2;

pub use config::{DEMO_KEY, DEMO_TENANT, Modules, SandboxConfig, Seed, ServeOptions, TenantConfig};
pub use dialect::Dialect;
/// The bulk loader, at its old path (benches and other crates load rows with it).
pub use seed::bulk as seed_bulk;

use axum::Router;
use state::AppState;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::oneshot;

/// Every route in `dialect`, with the table the OpenAPI document is made from.
pub fn routes(dialect: Dialect) -> openapi::table::Routes {
    let all = v2::routes(dialect)
        .merge(control::routes())
        .merge(inspect::routes())
        .merge(receiver::routes())
        .merge(hosted::routes())
        .merge(trade::routes::routes(dialect));
    meta::with_meta(all, dialect)
}

/// The whole HTTP surface over a given state.
pub fn app(state: AppState) -> Router {
    let routes = routes(state.dialect);
    let bodies = layers::object_body::Guard::new(state.clone(), routes.table(), routes.apis());
    routes
        .into_router()
        .route_layer(axum::middleware::from_fn_with_state(bodies, layers::object_body::guard))
        .fallback(|| async { error::ApiError::NotFound })
        .layer(axum::middleware::from_fn_with_state(state.clone(), layers::dialect::apply))
        .layer(axum::middleware::from_fn_with_state(state.clone(), layers::faults::inject))
        .layer(axum::middleware::from_fn(layers::access_log::log))
        .with_state(state)
}

/// A sandbox serving in the background. Dropping it shuts it down.
pub struct RunningSandbox {
    pub addr: SocketAddr,
    /// `http://127.0.0.1:PORT`: the base URL for clients (routes are under `/v2`).
    pub url: String,
    /// The base of every link handed out: [`ServeOptions::public_url`], else [`Self::url`].
    pub public_url: String,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
    db: db::Db,
}

impl RunningSandbox {
    /// Gives the database connections' caches back (see `Db::release_memory`): for a host
    /// that embeds the sandbox, at its idle moments. Answers how many connections shrank.
    pub fn release_memory(&self) -> usize {
        self.db.release_memory()
    }

    /// Stops accepting connections and waits for in-flight requests to finish.
    pub async fn shutdown(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for RunningSandbox {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Opens (or creates) the data dir, seeds if asked, binds and starts serving.
pub async fn start(config: SandboxConfig) -> Result<RunningSandbox, String> {
    start_with(config, ServeOptions::default()).await
}

/// [`start`], with how the sandbox is reached from outside.
pub async fn start_with(config: SandboxConfig, options: ServeOptions) -> Result<RunningSandbox, String> {
    let public_url = options.public_url.as_deref().map(config::public_url).transpose()?;
    if config.tenants.is_empty() {
        return Err("at least one tenant is needed".into());
    }
    let db = db::Db::open(&config.data_dir, v2::SCHEMA)?;
    let clock = clock::Clock::default();
    if config.seed == Seed::Demo {
        let tenant = config.tenants[0].name.clone();
        let now = clock.now();
        db.call(move |conn| seed::seed_demo(conn, &tenant, now)).await.map_err(|e| format!("seed: {e}"))?;
    }
    let listener =
        tokio::net::TcpListener::bind(&config.listen).await.map_err(|e| format!("listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let url = format!("http://{addr}");
    let public_url = public_url.unwrap_or_else(|| url.clone());
    // Delivered to itself over loopback HTTP, as to any receiver.
    let own_receiver = options.own_receiver.then(|| url.clone());
    let worker = tokio::spawn(v2::webhooks::outbox::deliver_forever(db.clone(), config.dialect, own_receiver));
    let state = AppState {
        db: db.clone(),
        tenants: Arc::new(config.tenants),
        clock,
        public_url: public_url.clone().into(),
        faults: Arc::new(faults::Faults::default()),
        in_flight: Arc::default(),
        dialect: config.dialect,
    };
    let (tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let serve = axum::serve(listener, app(state)).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = serve.await {
            tracing::error!("sandbox server stopped: {e}");
        }
        worker.abort();
    });
    Ok(RunningSandbox { addr, url, public_url, shutdown: Some(tx), task: Some(task), db })
}
