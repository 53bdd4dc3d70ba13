//! The mirror when the service cannot be reached: the one rule for "offline" (a failure to
//! reach the service at all: no connection, no name, no answer in time), noting it when a
//! live read fails that way, and one deal's mirrored list item for its page. What the mirror
//! holds is shown marked with its time; it is never used for money (every action reads the
//! live record, and none is offered from a mirrored copy).

use super::store::{self, SyncState};
use desk_core::error::{AppError, ErrorCode};
use escrow_api::TransactionListItem;
use rusqlite::{Connection, OptionalExtension, params};

/// Whether a failure means the service could not be reached at all (a connection refused,
/// a name that does not resolve, a timeout), as opposed to an answer that refused.
pub fn unreachable(e: &AppError) -> bool {
    matches!(e.code, ErrorCode::Network | ErrorCode::Timeout)
}

/// Whether the last contact with the service, recorded in the mirror's state, failed as
/// unreachable (a sync, a list page or a deal's live read); a sync that ends clears it.
pub fn is_offline(state: &SyncState) -> bool {
    matches!(state.error_code.as_deref(), Some("network" | "timeout"))
}

/// Records that a live read could not reach the service: the mirror's status says offline
/// until a sync succeeds.
pub fn note(conn: &Connection, env: &str, e: &AppError) -> Result<(), AppError> {
    let code = if e.code == ErrorCode::Timeout { "timeout" } else { "network" };
    store::record_error(conn, env, code, "The service could not be reached.")
}

/// The mirror's time for what it shows: its last refresh, once it has had a full pass.
pub fn as_of(state: &SyncState) -> Option<String> {
    state.refreshed_at.clone().filter(|_| state.full_at.is_some())
}

/// One deal's mirrored list item and the mirror's time, once the mirror has had a full pass;
/// `None` before, or when the mirror has no readable copy of it. Not gated on the mirror's
/// state: a sync that ends while the service goes away would clear it between the page's
/// failed live read and this one (the page asks only after such a failure).
pub fn deal(conn: &Connection, env: &str, id: &str) -> Result<Option<(TransactionListItem, String)>, AppError> {
    let state = store::state(conn, env)?;
    let Some(as_of) = as_of(&state) else { return Ok(None) };
    let text: Option<String> = conn
        .prepare_cached("SELECT item FROM mirror_items WHERE environment_id = ?1 AND transaction_id = ?2")
        .and_then(|mut s| s.query_row(params![env, id], |r| r.get(0)).optional())
        .map_err(AppError::storage)?;
    // Rows were written by this app; one that no longer reads is no copy, not a failure.
    Ok(text.and_then(|t| serde_json::from_str(&t).ok()).map(|item| (item, as_of)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::MirrorRow;

    fn item(id: &str) -> TransactionListItem {
        serde_json::from_value(serde_json::json!({
            "transactionId": id,
            "amount": "289500.00",
            "currency": "DKK",
            "status": "PAID",
            "title": "Tesla Model 3",
            "payee": {"name": "Forhandler A/S"},
            "payments": {"inbound": {"amount": "289500.00"}},
        }))
        .unwrap()
    }

    fn mirrored(dir: &std::path::Path) -> Connection {
        let db = desk_core::appdb::AppDb::open(dir).unwrap();
        let mut conn = db.second_connection().unwrap();
        let pass = store::begin_pass(&conn, "env").unwrap();
        let row = MirrorRow::from_item(&item("tx-1")).unwrap();
        store::upsert(&mut conn, "env", pass, &[row], "2026-11-24T08:00:00.000Z").unwrap();
        conn
    }

    #[test]
    fn a_deals_copy_is_the_mirrored_item_as_of_the_mirrors_time_after_a_full_pass() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = mirrored(dir.path());
        assert_eq!(deal(&conn, "env", "tx-1").unwrap(), None, "no full pass yet: no time to mark it with");
        let pass = store::state(&conn, "env").unwrap().pass;
        store::finish_full(&mut conn, "env", pass, "2026-11-24T08:00:05.000Z").unwrap();
        let (copy, at) = deal(&conn, "env", "tx-1").unwrap().expect("the mirror's copy");
        assert_eq!(copy, item("tx-1"));
        assert_eq!(at, "2026-11-24T08:00:05.000Z", "as of the mirror's last refresh");
        assert_eq!(deal(&conn, "env", "tx-unknown").unwrap(), None, "a deal the mirror never saw");
        assert_eq!(deal(&conn, "other", "tx-1").unwrap(), None, "another environment's mirror");
        store::finish_refresh(&conn, "env", "2026-11-24T08:10:00.000Z").unwrap();
        assert_eq!(deal(&conn, "env", "tx-1").unwrap().map(|d| d.1).as_deref(), Some("2026-11-24T08:10:00.000Z"));
    }

    #[test]
    fn a_failure_to_reach_the_service_is_noted_as_offline_and_an_answer_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let conn = mirrored(dir.path());
        let refused = AppError::new(ErrorCode::Network, "connection refused");
        let slow = AppError::new(ErrorCode::Timeout, "slow");
        assert!(unreachable(&refused) && unreachable(&slow));
        assert!(!unreachable(&AppError::new(ErrorCode::NotFound, "gone")), "an answer is not offline");
        assert!(!unreachable(&AppError::new(ErrorCode::Unauthorized, "key")), "a refused key is not offline");
        assert!(!is_offline(&store::state(&conn, "env").unwrap()));
        note(&conn, "env", &refused).unwrap();
        assert!(is_offline(&store::state(&conn, "env").unwrap()));
        note(&conn, "env", &slow).unwrap();
        assert_eq!(store::state(&conn, "env").unwrap().error_code.as_deref(), Some("timeout"));
        // A sync that ends clears it.
        store::finish_refresh(&conn, "env", "2026-11-24T08:10:00.000Z").unwrap();
        assert!(!is_offline(&store::state(&conn, "env").unwrap()));
    }
}
