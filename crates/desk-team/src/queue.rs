//! The attention queue worked together: take an item ("mine"), hand it to a colleague,
//! release it, snooze it for the whole team, and write notes on it. The database stamps who
//! did each and refuses to take an item a colleague has.

use crate::connect::Connection;
use crate::errors::{from_postgres, gone};
use desk_core::error::{AppError, ErrorCode};
use tokio_postgres::error::SqlState;

/// One attention item: a deal and the rule that raised it, in an environment.
#[derive(Debug, Clone, Copy)]
pub struct Item<'a> {
    pub environment_id: &'a str,
    pub transaction_id: &'a str,
    /// The attention rule, as the desks' mirrors name it.
    pub reason: &'a str,
}

/// What the team decided about an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemState {
    pub transaction_id: String,
    pub reason: String,
    pub taken_by: Option<String>,
    pub snoozed_until: Option<String>,
    pub snoozed_by: Option<String>,
    pub notes: Vec<Note>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub written_by: String,
    pub written: String,
    pub text: String,
}

/// `$5`: a snooze's hours, ended by the database's clock (every desk's alike); NULL: none.
const UPSERT: &str = "INSERT INTO escrow.queue_items (environment_id, transaction_id, reason, taken_by, snoozed_until) \
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5)) \
     ON CONFLICT (environment_id, transaction_id, reason) DO UPDATE SET ";

/// Takes the item for the staff member `conn` logs in as; refused while a colleague has it.
pub async fn take(conn: &Connection, item: Item<'_>) -> Result<(), AppError> {
    let sql = format!("{UPSERT} taken_by = excluded.taken_by");
    write(conn, &sql, item, Some(conn.user()), None).await
}

/// Lets the item go (whoever has it, or an admin).
pub async fn release(conn: &Connection, item: Item<'_>) -> Result<(), AppError> {
    write(conn, &format!("{UPSERT} taken_by = NULL"), item, None, None).await
}

/// Hands the item to the colleague `to` (a staff member who can work the queue).
pub async fn hand_over(conn: &Connection, item: Item<'_>, to: &str) -> Result<(), AppError> {
    let sql = format!("{UPSERT} taken_by = excluded.taken_by");
    write(conn, &sql, item, Some(to), None).await
}

/// Snoozes the item for the whole team for `hours` (0: wakes it).
pub async fn snooze(conn: &Connection, item: Item<'_>, hours: u32) -> Result<(), AppError> {
    let hours = i32::try_from(hours).map_err(|_| AppError::validation("Too many hours."))?;
    let sql = format!("{UPSERT} snoozed_until = excluded.snoozed_until");
    // A snooze of an item no one has yet leaves it untaken.
    write(conn, &sql, item, None, (hours > 0).then_some(hours)).await
}

/// Adds a note to the item (1 to 2,000 characters).
pub async fn note(conn: &Connection, item: Item<'_>, text: &str) -> Result<(), AppError> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > 2000 {
        return Err(AppError::validation("A note is 1 to 2,000 characters."));
    }
    let guard = conn.client().await?;
    guard
        .as_ref()
        .ok_or_else(gone)?
        .execute(
            "INSERT INTO escrow.queue_notes (environment_id, transaction_id, reason, note) VALUES ($1, $2, $3, $4)",
            &[&item.environment_id, &item.transaction_id, &item.reason, &text],
        )
        .await
        .map_err(from_postgres)?;
    Ok(())
}

/// What the team decided about the items of `environment_id`, with their notes, oldest first.
pub async fn items(conn: &Connection, environment_id: &str) -> Result<Vec<ItemState>, AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    let rows = client
        .query(
            "SELECT i.transaction_id, i.reason, i.taken_by::text, i.snoozed_until::text, i.snoozed_by::text, \
             coalesce((SELECT json_agg(json_build_array(n.written_by::text, n.written::text, n.note) ORDER BY n.id) \
                       FROM escrow.queue_notes n WHERE n.environment_id = i.environment_id \
                       AND n.transaction_id = i.transaction_id AND n.reason = i.reason), '[]')::text \
             FROM escrow.queue_items i WHERE i.environment_id = $1 ORDER BY i.transaction_id, i.reason",
            &[&environment_id],
        )
        .await
        .map_err(from_postgres)?;
    rows.iter()
        .map(|r| {
            let notes: Vec<(String, String, String)> =
                serde_json::from_str(&r.get::<_, String>(5)).map_err(AppError::storage)?;
            Ok(ItemState {
                transaction_id: r.get(0),
                reason: r.get(1),
                taken_by: r.get(2),
                snoozed_until: r.get(3),
                snoozed_by: r.get(4),
                notes: notes
                    .into_iter()
                    .map(|(written_by, written, text)| Note { written_by, written, text })
                    .collect(),
            })
        })
        .collect()
}

async fn write(
    conn: &Connection,
    sql: &str,
    item: Item<'_>,
    taken_by: Option<&str>,
    snooze_hours: Option<i32>,
) -> Result<(), AppError> {
    let guard = conn.client().await?;
    let done = guard
        .as_ref()
        .ok_or_else(gone)?
        .execute(sql, &[&item.environment_id, &item.transaction_id, &item.reason, &taken_by, &snooze_hours])
        .await;
    match done {
        Ok(_) => Ok(()),
        Err(e) => Err(taken(&e).unwrap_or_else(|| from_postgres(e))),
    }
}

/// The refusal to take an item a colleague has, in words.
fn taken(e: &tokio_postgres::Error) -> Option<AppError> {
    let db = e.as_db_error()?;
    let who = db.message().strip_suffix(" has this item")?;
    (*db.code() == SqlState::INSUFFICIENT_PRIVILEGE)
        .then(|| AppError::new(ErrorCode::InProgress, format!("{who} has this item.")))
}
