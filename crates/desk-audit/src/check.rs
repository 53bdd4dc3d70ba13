//! The integrity check of the log in the database: every row walked with the key
//! ([`super::chain`]), then the end of the log held against the anchor in the keychain.
//! Deleting the newest rows or emptying the table shows as `truncated` (the log ends
//! before the anchored row); a chain rewritten with recomputed plain hashes shows at its
//! first row whose MAC fails, or, where MACs were dropped, against the anchored row.

use super::anchor::{self, Anchor};
use super::chain::{Finding, Walker};
use super::entry;
use super::report::{AnchorState, ChainCheck, ChainProblem, ChainStatus};
use super::trail::Trail;
use desk_core::appdb::AppDb;
use desk_core::error::AppError;

/// What the walk and the anchor came to.
struct Facts {
    found: Option<Finding>,
    /// The newest row's seq (0 for an empty log).
    last: i64,
    rows: i64,
    /// The anchor (an error: the keychain could not be read) and the link of its row now.
    anchor: Result<Option<Anchor>, AppError>,
    anchored_link: Option<String>,
    key_available: bool,
}

impl Trail {
    /// Checks the whole log; reads the key and the anchor afresh from the keychain.
    pub fn check(&self, db: &AppDb) -> Result<ChainCheck, AppError> {
        let key = self.key();
        let anchor = anchor::read(self.inner.keychain.as_ref(), &self.inner.anchor_account);
        let conn = db.lock()?;
        let mut walker = Walker::new(key.as_ref().ok(), false);
        let mut found = None;
        entry::each(&conn, |r| {
            found = walker.step(r, |link| entry::seq_of_link(&conn, link).ok().flatten());
            found.is_none()
        })?;
        let last = entry::head(&conn)?.map_or(0, |(seq, _)| seq);
        let rows = entry::count(&conn)?;
        let anchored_link = match &anchor {
            Ok(Some(a)) => entry::link_at(&conn, a.seq)?,
            _ => None,
        };
        drop(conn);
        Ok(judge(&walker, Facts { found, last, rows, anchor, anchored_link, key_available: key.is_ok() }))
    }
}

fn judge(w: &Walker<'_>, facts: Facts) -> ChainCheck {
    let mut problem = facts.found;
    let mut consider = |f: Finding| {
        if problem.as_ref().is_none_or(|p| f.seq < p.seq) {
            problem = Some(f);
        }
    };
    let last = facts.last;
    let (anchor, anchored_seq) = match &facts.anchor {
        Err(_) => (AnchorState::Unavailable, None),
        Ok(None) => (AnchorState::Missing, None),
        Ok(Some(a)) if last < a.seq => {
            consider(Finding {
                seq: last + 1,
                problem: ChainProblem::Truncated,
                detail: format!("the log ends at row {last} but the anchor is at row {}", a.seq),
            });
            (AnchorState::Mismatch, Some(a.seq))
        }
        Ok(Some(a)) if facts.anchored_link.as_deref() != Some(a.link.as_str()) => {
            consider(Finding {
                seq: w.unkeyed_from.filter(|&u| u <= a.seq).unwrap_or(a.seq),
                problem: ChainProblem::Rewritten,
                detail: format!("row {} is not the row anchored in the keychain", a.seq),
            });
            (AnchorState::Mismatch, Some(a.seq))
        }
        Ok(Some(a)) if a.seq == last => (AnchorState::Matches, Some(a.seq)),
        Ok(Some(a)) => (AnchorState::Behind, Some(a.seq)),
    };
    let unanchored = matches!(anchor, AnchorState::Missing | AnchorState::Unavailable) && last > 0;
    let status = if problem.is_some() {
        ChainStatus::Broken
    } else if unanchored || w.unchecked_macs > 0 || w.unkeyed_from.is_some() {
        ChainStatus::Unverified
    } else {
        ChainStatus::Intact
    };
    let message = match (&problem, status) {
        (Some(p), _) => format!("Row {}: {} — {}.", p.seq, p.problem.words(), p.detail),
        (None, ChainStatus::Intact) => {
            format!("Intact: {} rows, anchored at row {}.", facts.rows, anchored_seq.unwrap_or(0))
        }
        (None, _) => {
            let mut why = Vec::new();
            if let Err(e) = &facts.anchor {
                why.push(format!("anchor unavailable ({})", e.message));
            } else if unanchored {
                why.push("no anchor in this keychain for this data folder".to_owned());
            }
            if w.unchecked_macs > 0 {
                why.push(format!("{} MACs not checked: the audit key is unavailable", w.unchecked_macs));
            }
            if let Some(u) = w.unkeyed_from {
                why.push(format!("rows from {u} have no MAC (written without the key)"));
            }
            format!("No fault found, not fully verified: {}.", why.join("; "))
        }
    };
    ChainCheck {
        rows: facts.rows,
        legacy_rows: w.legacy_rows,
        keyed_rows: w.keyed_rows,
        status,
        problem: problem.as_ref().map(|p| p.problem),
        broken_at: problem.as_ref().map(|p| p.seq),
        unkeyed_from: w.unkeyed_from,
        anchor,
        anchored_seq,
        key_available: facts.key_available,
        message,
    }
}
