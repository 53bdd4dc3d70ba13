//! What a PostgreSQL error means to a staff member.

use desk_core::error::{AppError, ErrorCode};
use tokio_postgres::error::SqlState;

/// An error of the team store as the UI shows it: refused by a role's grants, the server
/// out of reach, or a fault of the store.
pub fn from_postgres(e: tokio_postgres::Error) -> AppError {
    let Some(db) = e.as_db_error() else {
        return if out_of_reach(&e) {
            AppError::new(ErrorCode::TeamUnreachable, format!("The team store cannot be reached: {e}"))
        } else {
            // A value this version could not write or read: a fault here, not the network's.
            AppError::new(ErrorCode::Storage, format!("The team store's answer could not be used: {e}"))
        };
    };
    let code = db.code();
    if *code == SqlState::INSUFFICIENT_PRIVILEGE {
        return AppError::new(
            ErrorCode::NotPermitted,
            format!("Your role in the team store does not allow this ({}).", db.message()),
        );
    }
    if *code == SqlState::CHECK_VIOLATION {
        // The schema's own rules (an action that waits for no approval, say) in words.
        return AppError::new(ErrorCode::Validation, format!("The team store refused it: {}", db.message()));
    }
    if *code == SqlState::INVALID_PASSWORD || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION {
        return AppError::new(ErrorCode::Unauthorized, format!("The team store refused the login: {}", db.message()));
    }
    if *code == SqlState::ADMIN_SHUTDOWN || *code == SqlState::CANNOT_CONNECT_NOW || *code == SqlState::CRASH_SHUTDOWN {
        return AppError::new(ErrorCode::TeamUnreachable, format!("The team store is restarting: {}", db.message()));
    }
    AppError::new(ErrorCode::Storage, format!("The team store refused it: {}", db.message()))
}

/// The unique index that keeps one open money move per environment, target and kind.
pub(crate) const ONE_OPEN_MONEY_MOVE: &str = "intents_one_open_money_move";

/// The open-money-move index refused the row.
pub(crate) fn is_taken(e: &tokio_postgres::Error) -> bool {
    e.as_db_error()
        .is_some_and(|db| *db.code() == SqlState::UNIQUE_VIOLATION && db.constraint() == Some(ONE_OPEN_MONEY_MOVE))
}

/// The connection was there a moment ago and is not now.
pub(crate) fn gone() -> AppError {
    AppError::new(ErrorCode::TeamUnreachable, "The team store cannot be reached.")
}

/// No answer from the server: never connected, timed out, or the connection dropped.
fn out_of_reach(e: &tokio_postgres::Error) -> bool {
    let io = std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>());
    let text = e.to_string();
    e.is_closed() || io || text.starts_with("error connecting") || text.contains("timeout")
}
