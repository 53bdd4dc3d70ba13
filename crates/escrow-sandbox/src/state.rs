//! Shared state of the running sandbox.

use crate::clock::Clock;
use crate::config::TenantConfig;
use crate::db::Db;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub tenants: Arc<Vec<TenantConfig>>,
    pub clock: Clock,
    /// Where hosted pages live (`http://host:port`), for URLs in responses.
    pub public_url: Arc<str>,
    /// Fault-injection rules (in memory; reset on restart).
    pub faults: Arc<crate::faults::Faults>,
    /// Idempotency keys whose first request is still being processed (→ 409).
    pub in_flight: Arc<std::sync::Mutex<std::collections::HashSet<(String, String)>>>,
    /// What the service's APIs speak on the wire (see [`crate::dialect`]).
    pub dialect: crate::dialect::Dialect,
}
