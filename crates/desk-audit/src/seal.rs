//! Writing the trail: [`Trail::append`] inside the caller's transaction, then, once that
//! transaction has committed, [`Trail::anchor`].
//!
//! Crash ordering: the row commits first and the anchor follows, so a crash between the
//! two leaves the anchor one row behind, never ahead. The check accepts an anchor behind
//! the newest row because every row after it must still carry a valid MAC (no one
//! without the key can add one); only rows after the anchor could be cut off unseen,
//! which is the window between a commit and its anchor write.
//!
//! When the keychain is unavailable the action still runs and its row is still written:
//! without the key the row carries no MAC (the check then names it "unkeyed"), and
//! without an anchor write the check says the anchor is behind or unavailable. Nothing
//! is dropped silently: each such failure is also printed on stderr.
//!
//! An anchor whose row no longer matches (rows deleted or rewritten since) is never
//! overwritten: it stays as the evidence the check reports.

use super::actor::{self, APP_VERSION};
use super::anchor::{self, Anchor};
use super::digest::{self, GENESIS};
use super::entry::{self, AuditEntry, NewEntry, RowFormat};
use super::trail::Trail;
use crate::vault::Vault;
use desk_core::appdb::AppDb;
use desk_core::error::AppError;
use rusqlite::Connection;

/// A row appended in a transaction not yet committed; hand it to [`Trail::anchor`] after
/// the commit.
#[must_use = "anchor the row once its transaction has committed"]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub seq: i64,
    pub link: String,
}

fn warn(what: &str, e: &AppError) {
    eprintln!("escrow-desk: audit trail: {what}: {}", e.message);
}

impl Trail {
    /// The trail of `db`'s folder: reads (or on first start makes) the audit key, and
    /// anchors the newest row when this folder has no anchor yet (a log from before the
    /// upgrade is anchored at its last legacy row). Never fails: what cannot be done now
    /// is retried on the next append and reported by the check.
    pub fn open<V: Vault + Clone + 'static>(keychain: &V, db: &AppDb, kind_of: actor::KindOf) -> Self {
        let trail = Self::new(std::sync::Arc::new(keychain.clone()), db.dir(), kind_of);
        if let Err(e) = trail.key() {
            warn("the audit key is not available", &e);
        }
        match db.lock().and_then(|c| entry::head(&c)) {
            Ok(Some((seq, link))) => trail.anchor(db, Sealed { seq, link }),
            Ok(None) => {}
            Err(e) => warn("the newest row could not be read", &e),
        }
        trail
    }

    /// Appends a row for `e` on `conn` (inside the caller's transaction): the actor, the
    /// origin, the time with its UTC offset, the chain from the newest row and, when the
    /// key is at hand, the MAC.
    pub fn append(&self, conn: &Connection, e: &NewEntry<'_>) -> Result<Sealed, AppError> {
        let (prev_seq, prev_link) = entry::head(conn)?.unwrap_or_else(|| (0, GENESIS.to_owned()));
        let key = self.key().map_err(|err| warn("row written without a MAC", &err)).ok();
        let actor = self.actor();
        let mut row = AuditEntry {
            seq: prev_seq + 1,
            at: chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false),
            environment_id: e.environment_id.to_owned(),
            environment_kind: Some(actor::environment_kind(conn, e.environment_id, self.inner.kind_of)?),
            app_version: Some(APP_VERSION.to_owned()),
            actor_user: Some(actor.user.clone()),
            actor_host: Some(actor.host.clone()),
            staff_name: actor::staff_name(conn)?,
            action_id: e.action_id.to_owned(),
            kind: e.kind.to_owned(),
            target: e.target.to_owned(),
            amount: e.amount.map(str::to_owned),
            idempotency_key: e.idempotency_key.map(str::to_owned),
            correlation_id: e.correlation_id.map(str::to_owned),
            phase: e.phase.to_owned(),
            outcome: e.outcome.to_owned(),
            detail: e.detail.map(str::to_owned),
            format: RowFormat::V2,
            key_id: key.as_ref().map(|k| k.id()),
            prev_hash: prev_link,
            hash: String::new(),
            mac: None,
        };
        let message = digest::v2_message(&row);
        row.hash = digest::sha256_hex(&message);
        row.mac = key.map(|k| k.sign(&message));
        entry::insert(conn, &row)?;
        Ok(Sealed { seq: row.seq, link: row.link().to_owned() })
    }

    /// Writes the anchor for a committed row (see the module notes); a failure is printed,
    /// not returned: the row is committed and the action goes on.
    pub fn anchor(&self, db: &AppDb, sealed: Sealed) {
        if let Err(e) = self.advance(db, sealed) {
            warn("anchor not written", &e);
        }
    }

    fn advance(&self, db: &AppDb, sealed: Sealed) -> Result<(), AppError> {
        let (keychain, account) = (self.inner.keychain.as_ref(), &self.inner.anchor_account);
        let mut memo = self.anchor_memo()?;
        let current = match memo.as_ref() {
            Some(known) => known.clone(),
            None => anchor::read(keychain, account)?,
        };
        *memo = Some(current.clone());
        if let Some(a) = current {
            if a.seq == sealed.seq && a.link == sealed.link {
                return Ok(());
            }
            if a.seq >= sealed.seq {
                return Err(AppError::storage(format!(
                    "the anchor is at row {} but the log ends at row {}; the anchor is kept as the evidence",
                    a.seq, sealed.seq
                )));
            }
            if entry::link_at(&*db.lock()?, a.seq)?.as_deref() != Some(a.link.as_str()) {
                return Err(AppError::storage(format!(
                    "row {} no longer matches the anchor; the anchor is kept as the evidence",
                    a.seq
                )));
            }
        }
        let next = Anchor { seq: sealed.seq, link: sealed.link };
        anchor::write(keychain, account, &next)?;
        *memo = Some(Some(next));
        Ok(())
    }
}
