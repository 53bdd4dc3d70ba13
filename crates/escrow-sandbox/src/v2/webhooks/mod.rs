//! Webhooks: the outbox and its delivery worker, and the examples route.

pub mod outbox;
pub mod routes;
