//! The mirror as the desk offers it: status, overview, attention queue, changes,
//! snoozes and settings, always for the active environment.

use super::MirrorService;
use super::rules::{Rule, Thresholds};
use super::settings::{self, Intervals};
use super::store;
use super::sync::{SyncKind, now};
use super::views::{AttentionView, ChangesView, MirrorStatus, Overview, SnoozeTarget, SyncProgress};
use super::{attention, changes, overview};
use crate::desk::valid_id;
use crate::error::AppError;
use chrono::Utc;

/// Items snoozed in one go at most (the page lists at most [`attention::SHOWN`]).
pub const MAX_SNOOZED_AT_ONCE: usize = 1000;

impl MirrorService {
    fn status_of(&self, conn: &rusqlite::Connection, env: &str) -> Result<MirrorStatus, AppError> {
        let state = store::state(conn, env)?;
        let syncing = self.db.running(env).map(|r| SyncProgress {
            kind: match r.kind {
                SyncKind::Full => "full",
                SyncKind::Refresh => "refresh",
                SyncKind::Details => "details",
            }
            .into(),
            fetched: r.fetched,
            total: r.total,
        });
        Ok(MirrorStatus {
            environment_id: env.to_owned(),
            rows: state.total,
            offline: super::offline::is_offline(&state),
            full_at: state.full_at,
            refreshed_at: state.refreshed_at,
            syncing,
            error: state.error,
        })
    }

    pub fn mirror_status(&self) -> Result<MirrorStatus, AppError> {
        let env = self.desk.active_id()?;
        self.status_of(&*self.db.read()?, &env)
    }

    /// Starts a sync of the active environment in the background (a full pass when
    /// `full`, or when the mirror has never had one); answers at once with the status.
    pub fn sync_mirror(&self, full: bool) -> Result<MirrorStatus, AppError> {
        let (env, client) = self.desk.active_client()?;
        let never = store::state(&*self.db.read()?, &env)?.full_at.is_none();
        let kind = if full || never { SyncKind::Full } else { SyncKind::Refresh };
        self.db.start(client, env.clone(), kind);
        self.status_of(&*self.db.read()?, &env)
    }

    /// What sync the scheduler should start now for the active environment, if any.
    pub fn mirror_due(&self, last_attempt: Option<std::time::Instant>) -> Result<Option<SyncKind>, AppError> {
        let env = self.desk.active_id()?;
        if self.db.running(&env).is_some() {
            return Ok(None);
        }
        let intervals = settings::intervals(&self.desk.db)?;
        let refresh = std::time::Duration::from_secs(u64::from(intervals.refresh_seconds));
        if last_attempt.is_some_and(|t| t.elapsed() < refresh) {
            return Ok(None);
        }
        let state = store::state(&*self.db.read()?, &env)?;
        let older = |at: &Option<String>, by: chrono::Duration| {
            at.as_deref()
                .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
                .is_none_or(|t| Utc::now() - t.with_timezone(&Utc) > by)
        };
        if older(&state.full_at, chrono::Duration::minutes(i64::from(intervals.full_minutes))) {
            return Ok(Some(SyncKind::Full));
        }
        if older(&state.refreshed_at, chrono::Duration::seconds(i64::from(intervals.refresh_seconds))) {
            return Ok(Some(SyncKind::Refresh));
        }
        Ok(None)
    }

    /// Runs one sync of the active environment to its end (the scheduler's step).
    pub async fn run_mirror_sync(&self, kind: SyncKind) -> Result<bool, AppError> {
        let (env, client) = self.desk.active_client()?;
        self.db.sync(&client, &env, kind).await
    }

    pub fn overview(&self) -> Result<Overview, AppError> {
        let env = self.desk.active_id()?;
        let conn = self.db.read()?;
        let lines = overview::status_lines(&conn, &env)?;
        let (escrow, escrow_by_status) = overview::escrow(&lines);
        let state = store::state(&conn, &env)?;
        Ok(Overview {
            status: self.status_of(&conn, &env)?,
            escrow,
            escrow_by_status,
            counts: overview::counts(&lines),
            days: overview::days(&conn, &env, Utc::now().date_naive())?,
            watched_since: state.full_at.clone(),
            ageing: overview::ageing(&conn, &env, Utc::now().date_naive())?,
            top_payees: overview::top_payees(&conn, &env)?,
            inexact: overview::inexact(&conn, &env)?,
        })
    }

    /// The queue (of one rule when `rule` is given), its first items and every rule's count.
    pub fn attention(&self, rule: Option<&str>) -> Result<AttentionView, AppError> {
        let only = match rule.filter(|r| !r.is_empty()) {
            Some(r) => Some(Rule::parse(r).ok_or_else(|| AppError::validation("Unknown attention rule."))?),
            None => None,
        };
        let env = self.desk.active_id()?;
        let thresholds = settings::thresholds(&self.desk.db)?;
        let conn = self.db.read()?;
        let queue = attention::queue(&conn, &env, Utc::now(), &thresholds, only)?;
        let attention::Queue { items, total, counts, snoozed } = queue;
        Ok(AttentionView { status: self.status_of(&conn, &env)?, thresholds, items, total, counts, snoozed })
    }

    pub fn changes(&self) -> Result<ChangesView, AppError> {
        let env = self.desk.active_id()?;
        let conn = self.db.read()?;
        let looked_at = store::state(&conn, &env)?.looked_at;
        Ok(ChangesView {
            status: self.status_of(&conn, &env)?,
            items: changes::since(&conn, &env, looked_at.as_deref())?,
            looked_at,
        })
    }

    pub fn mark_changes_seen(&self) -> Result<ChangesView, AppError> {
        let env = self.desk.active_id()?;
        changes::mark_seen(&*self.db.lock()?, &env, &now())?;
        self.changes()
    }

    /// Snoozes the items (one, or many picked on the page) until `days` from now, all with
    /// the same note and end: one database transaction, one audit row per item. Answers the
    /// queue the page shows: `shown` is its one rule, if a chip is picked.
    pub fn snooze(
        &self,
        items: &[SnoozeTarget],
        days: u32,
        note: &str,
        shown: Option<&str>,
    ) -> Result<AttentionView, AppError> {
        if items.is_empty() || items.len() > MAX_SNOOZED_AT_ONCE {
            return Err(AppError::validation(format!("Snooze 1 to {MAX_SNOOZED_AT_ONCE} items at once.")));
        }
        let mut targets: Vec<(&str, Rule)> = Vec::with_capacity(items.len());
        for item in items {
            let id = valid_id(&item.transaction_id)?;
            let rule = Rule::parse(&item.rule).ok_or_else(|| AppError::validation("Unknown attention rule."))?;
            if !targets.contains(&(id, rule)) {
                targets.push((id, rule));
            }
        }
        let note = note.trim();
        if !(1..=365).contains(&days) {
            return Err(AppError::validation("Snooze for 1 to 365 days."));
        }
        if note.is_empty() || note.chars().count() > 500 {
            return Err(AppError::validation("Write a note of 1 to 500 characters saying why."));
        }
        let env = self.desk.active_id()?;
        let until = (Utc::now() + chrono::Duration::days(i64::from(days))).to_rfc3339();
        let rows: Vec<(&str, String)> =
            targets.iter().map(|(id, rule)| (*id, format!("{}: snoozed {days} days: {note}", rule.as_str()))).collect();
        let created = now();
        self.audited(&env, "snooze_attention", &rows, |tx| {
            let mut insert = tx.prepare_cached(
                "INSERT INTO attention_snoozes (environment_id, transaction_id, rule, until, note, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (environment_id, transaction_id, rule) DO UPDATE SET until = ?4, note = ?5, created = ?6",
            )?;
            for (id, rule) in &targets {
                insert.execute(rusqlite::params![env, id, rule.as_str(), until, note, created])?;
            }
            Ok(())
        })?;
        self.attention(shown)
    }

    /// Wakes one snoozed item; answers the queue the page shows, as `snooze` does.
    pub fn unsnooze(&self, transaction_id: &str, rule: &str, shown: Option<&str>) -> Result<AttentionView, AppError> {
        let id = valid_id(transaction_id)?;
        let rule = Rule::parse(rule).ok_or_else(|| AppError::validation("Unknown attention rule."))?;
        let env = self.desk.active_id()?;
        self.audited(&env, "unsnooze_attention", &[(id, rule.as_str().to_owned())], |tx| {
            tx.execute(
                "DELETE FROM attention_snoozes WHERE environment_id = ?1 AND transaction_id = ?2 AND rule = ?3",
                rusqlite::params![env, id, rule.as_str()],
            )
            .map(drop)
        })?;
        self.attention(shown)
    }

    /// A local change committed together with its audit rows, one per (target, detail)
    /// (then anchored at the last).
    fn audited(
        &self,
        env: &str,
        kind: &str,
        rows: &[(&str, String)],
        change: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<()>,
    ) -> Result<(), AppError> {
        let sealed = {
            let mut conn = self.desk.db.lock()?;
            let tx = conn.transaction().map_err(AppError::storage)?;
            change(&tx).map_err(AppError::storage)?;
            let mut last = None;
            for (target, detail) in rows {
                let entry = crate::audit::NewEntry {
                    environment_id: env,
                    action_id: &uuid::Uuid::new_v4().to_string(),
                    kind,
                    target,
                    amount: None,
                    idempotency_key: None,
                    correlation_id: None,
                    phase: "local",
                    outcome: "done",
                    detail: Some(detail),
                };
                last = Some(self.desk.audit.append(&tx, &entry)?);
            }
            tx.commit().map_err(AppError::storage)?;
            last
        };
        if let Some(sealed) = sealed {
            self.desk.audit.anchor(&self.desk.db, sealed);
        }
        Ok(())
    }

    pub fn attention_thresholds(&self) -> Result<Thresholds, AppError> {
        settings::thresholds(&self.desk.db)
    }

    pub fn save_attention_thresholds(&self, t: &Thresholds) -> Result<Thresholds, AppError> {
        settings::save_thresholds(&self.desk.db, t)
    }

    pub fn mirror_intervals(&self) -> Result<Intervals, AppError> {
        settings::intervals(&self.desk.db)
    }

    pub fn save_mirror_intervals(&self, i: &Intervals) -> Result<Intervals, AppError> {
        settings::save_intervals(&self.desk.db, i)
    }

    /// Deletes what the mirror holds for `env` (its key was replaced or it was deleted).
    pub(crate) fn forget(&self, env: &str) -> Result<(), AppError> {
        store::forget(&*self.db.lock()?, env)
    }
}
