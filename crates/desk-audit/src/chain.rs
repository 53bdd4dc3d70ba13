//! Walking the chain row by row, oldest first; shared by the database check and the
//! verifier of an exported file. Each row is checked against its own hash (and MAC), and
//! against the row before it: the first bad row is named with the reason.

use super::digest::{self, GENESIS, MacKey};
use super::entry::{AuditEntry, RowFormat};
use super::report::ChainProblem;

/// A bad row and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub seq: i64,
    pub problem: ChainProblem,
    pub detail: String,
}

fn finding(seq: i64, problem: ChainProblem, detail: String) -> Option<Finding> {
    Some(Finding { seq, problem, detail })
}

/// How far a row verified by itself.
enum Own {
    /// Its MAC verified with the key.
    Keyed,
    /// Its hash matches (a legacy row, a row without a MAC, or no key to check the MAC).
    Plain,
}

/// The state of a walk and what it has counted.
pub struct Walker<'k> {
    key: Option<(&'k MacKey, String)>,
    gaps_allowed: bool,
    prev: Option<(i64, String)>,
    seen_v2: bool,
    pub rows: i64,
    pub legacy_rows: i64,
    pub keyed_rows: i64,
    /// MACs not checked for want of the key.
    pub unchecked_macs: i64,
    pub first_keyed: Option<i64>,
    pub unkeyed_from: Option<i64>,
    /// Ranges of rows not walked (only when gaps are allowed: a filtered export).
    pub gaps: Vec<(i64, i64)>,
}

impl<'k> Walker<'k> {
    pub fn new(key: Option<&'k MacKey>, gaps_allowed: bool) -> Self {
        Self {
            key: key.map(|k| (k, k.id())),
            gaps_allowed,
            prev: None,
            seen_v2: false,
            rows: 0,
            legacy_rows: 0,
            keyed_rows: 0,
            unchecked_macs: 0,
            first_keyed: None,
            unkeyed_from: None,
            gaps: Vec::new(),
        }
    }

    /// Checks the next row; `owner_of` names the row whose link is the given one (it tells
    /// a reordered chain from a rewritten one). `None`: the row is good.
    pub fn step(&mut self, r: &AuditEntry, owner_of: impl FnOnce(&str) -> Option<i64>) -> Option<Finding> {
        self.rows += 1;
        let (prev_seq, expected) = self.prev.clone().unwrap_or_else(|| (0, GENESIS.to_owned()));
        if r.seq <= prev_seq {
            return finding(r.seq, ChainProblem::Reordered, format!("row {} comes after row {prev_seq}", r.seq));
        }
        if r.format == RowFormat::V1 && self.seen_v2 {
            return finding(r.seq, ChainProblem::Rewritten, "a row in the legacy format after the upgrade".into());
        }
        let contiguous = r.seq == prev_seq + 1;
        if !contiguous {
            let missing = (prev_seq + 1, r.seq - 1);
            if !self.gaps_allowed {
                return finding(r.seq, ChainProblem::Removed, format!("rows {}–{} are missing", missing.0, missing.1));
            }
            self.gaps.push(missing);
        }
        let linked = !contiguous || r.prev_hash == expected;
        if !linked && let Some(other) = owner_of(&r.prev_hash) {
            return finding(
                r.seq,
                ChainProblem::Reordered,
                format!("it chains from row {other}, not from row {prev_seq}"),
            );
        }
        let own = match self.own(r) {
            Ok(own) => own,
            Err(f) => return Some(f),
        };
        if !linked {
            return match own {
                Own::Keyed => {
                    finding(prev_seq, ChainProblem::Rewritten, format!("row {} sealed another version of it", r.seq))
                }
                Own::Plain => finding(
                    r.seq,
                    ChainProblem::Rewritten,
                    format!("it does not chain from row {prev_seq}: it or the row before it was rewritten"),
                ),
            };
        }
        self.prev = Some((r.seq, r.link().to_owned()));
        None
    }

    fn own(&mut self, r: &AuditEntry) -> Result<Own, Finding> {
        let bad = |problem, detail: &str| Finding { seq: r.seq, problem, detail: detail.to_owned() };
        if r.format == RowFormat::V1 {
            let extra =
                [&r.environment_kind, &r.app_version, &r.actor_user, &r.actor_host, &r.staff_name, &r.key_id, &r.mac];
            if extra.iter().any(|v| v.is_some()) {
                return Err(bad(ChainProblem::Edited, "a legacy row carries fields its hash does not cover"));
            }
            if digest::v1_hash(r) != r.hash {
                return Err(bad(ChainProblem::Edited, "its content no longer matches its hash"));
            }
            self.legacy_rows += 1;
            return Ok(Own::Plain);
        }
        self.seen_v2 = true;
        let message = digest::v2_message(r);
        if digest::sha256_hex(&message) != r.hash {
            return Err(bad(ChainProblem::Edited, "its content no longer matches its hash"));
        }
        match (&r.mac, &self.key) {
            (None, _) if r.key_id.is_some() => Err(bad(ChainProblem::Edited, "its MAC was removed")),
            (None, _) => {
                self.unkeyed_from.get_or_insert(r.seq);
                Ok(Own::Plain)
            }
            (Some(_), None) => {
                self.unchecked_macs += 1;
                Ok(Own::Plain)
            }
            (Some(mac), Some((key, id))) => {
                if r.key_id.as_deref() != Some(id.as_str()) {
                    let theirs = r.key_id.as_deref().unwrap_or("none");
                    return Err(bad(
                        ChainProblem::WrongKey,
                        &format!("it was sealed with key {theirs}; this keychain's key is {id}"),
                    ));
                }
                if &key.sign(&message) != mac {
                    return Err(bad(
                        ChainProblem::Rewritten,
                        "its MAC does not match: it was rewritten without the key",
                    ));
                }
                self.keyed_rows += 1;
                self.first_keyed.get_or_insert(r.seq);
                Ok(Own::Keyed)
            }
        }
    }

    /// The seq of the last good row walked.
    pub fn last_seq(&self) -> Option<i64> {
        self.prev.as_ref().map(|(s, _)| *s)
    }
}
