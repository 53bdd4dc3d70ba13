//! What this desk hears from its team store: one task per joined store listens (LISTEN on
//! the store's channel), reconnecting with backoff when the store is out of reach; each
//! change bumps the pulse a page waits on, and a change addressed to this staff member
//! (an approval asked of an approver, a decision on what they asked for) is a desktop
//! notification. The web view is given no event permission: it asks
//! [`Team::next_change`], which answers as soon as something changed.

use super::heard::{TeamChange, TeamPulse};
use super::mapped::desk_environment;
use super::state::Team;
use crate::desk::Desk;
use crate::notifications::note::Note;
use crate::notifications::sender::Notices;
use desk_team::listen::{Change, Listener};
use desk_team::{Connection, Group, TeamConfig};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The longest a page waits for a change before it is answered anyway.
const WAIT: Duration = Duration::from_secs(25);
/// The longest pause between two attempts to reach the store again.
const MOST: Duration = Duration::from_secs(30);

impl Team {
    /// Answers the pulse as soon as it is not `after` any more (or after 25 s anyway); at
    /// once when this desk has not joined a team (nothing to wait for).
    pub async fn next_change(&self, after: u32) -> TeamPulse {
        let mut heard = self.pulse.subscribe();
        if self.connection().is_err() {
            return heard.borrow().clone();
        }
        let _ = tokio::time::timeout(WAIT, heard.wait_for(|p| p.seq != after)).await;
        heard.borrow().clone()
    }

    /// Starts listening to the store of `config` as its staff member.
    pub(super) fn listen(&self, conn: Connection, config: TeamConfig) -> tauri::async_runtime::JoinHandle<()> {
        // Not the whole `Team`: the task must not keep alive the link that stops it.
        let ears = Ears { desk: self.desk.clone(), pulse: self.pulse.clone(), notices: self.notices.clone() };
        tauri::async_runtime::spawn(async move { ears.keep_listening(conn, config).await })
    }

    /// Marks the pulse: joined or not, reachable or not (not yet listening).
    pub(super) fn beat(&self, joined: bool, reachable: bool) {
        beat(&self.pulse, joined, reachable, false, None);
    }
}

/// Marks the pulse: joined or not, reachable or not, listening or not, and what was heard.
fn beat(pulse: &watch::Sender<TeamPulse>, joined: bool, reachable: bool, listening: bool, last: Option<TeamChange>) {
    pulse.send_modify(|p| {
        p.seq = p.seq.wrapping_add(1);
        p.joined = joined;
        p.reachable = reachable;
        p.listening = listening;
        if last.is_some() {
            p.last = last;
        }
    });
}

/// What the listening task needs of the team's state.
struct Ears {
    desk: Arc<Desk>,
    pulse: Arc<watch::Sender<TeamPulse>>,
    notices: Notices,
}

impl Ears {
    fn beat(&self, listening: bool, last: Option<TeamChange>) {
        beat(&self.pulse, true, listening, listening, last);
    }

    async fn keep_listening(self, conn: Connection, config: TeamConfig) {
        let mut failures = 0u32;
        loop {
            match Listener::start(&config).await {
                Ok(mut listener) => {
                    failures = 0;
                    // Asked on every (re)connection: an admin may have moved the person.
                    let group = desk_team::standing(&conn).await.ok().and_then(|s| s.group);
                    self.beat(true, None);
                    while let Some(change) = listener.next().await {
                        self.hear(change, &config.user, group);
                    }
                    tracing::warn!("the team store's connection ended; reconnecting");
                }
                Err(e) => tracing::warn!(code = ?e.code, message = %e.message, "the team store is out of reach"),
            }
            self.beat(false, None);
            failures = failures.saturating_add(1);
            tokio::time::sleep(backoff(failures)).await;
        }
    }

    fn hear(&self, change: Change, me: &str, group: Option<Group>) {
        let approver = matches!(group, Some(Group::Approver | Group::Admin));
        if let Some(note) = note_for(&change, me, approver, crate::shared::lang::danish()) {
            self.notices.always(&note);
        }
        let environment_id =
            self.desk.base_urls().ok().and_then(|names| desk_environment(&names, &change.environment_id));
        let Change { what, id, kind, target, state, requested_by, by, .. } = change;
        self.beat(true, Some(TeamChange { what, id, environment_id, kind, target, state, requested_by, by }));
    }
}

/// 1, 2, 4, … up to 30 seconds, each between half and all of it (desks that lost the same
/// store do not come back at the same instant).
fn backoff(failures: u32) -> Duration {
    let full = Duration::from_secs(1u64 << failures.saturating_sub(1).min(5)).min(MOST);
    let jitter = (uuid::Uuid::new_v4().as_u128() % 1000) as u32;
    full / 2 + full / 2 * jitter / 1000
}

/// The desktop notification a change is for this staff member: an approval asked of an
/// approver by someone else, or a decision on what they asked for (in Danish when `da`).
pub fn note_for(change: &Change, me: &str, approver: bool, da: bool) -> Option<Note> {
    let what = kind_words(&change.kind, da);
    let who = &change.requested_by;
    match (change.what.as_str(), change.state.as_str()) {
        ("intent", "awaiting_approval") if approver && change.requested_by != me => Some(if da {
            Note::new("Godkendelse ønsket", format!("{who} beder om en ekstra persons godkendelse af {what}."))
        } else {
            Note::new("Approval requested", format!("{who} asks for a second person's approval of a {what}."))
        }),
        ("decision", decision) if change.requested_by == me && change.by != me => {
            let approved = decision == "approved";
            let by = &change.by;
            Some(if da {
                let verb = if approved { "godkendt" } else { "afvist" };
                Note::new(format!("Din {what} er {verb}"), format!("{by} har {verb} din {what}."))
            } else {
                let verb = if approved { "approved" } else { "rejected" };
                Note::new(format!("Your {what} was {verb}"), format!("{by} {verb} your {what}."))
            })
        }
        _ => None,
    }
}

/// A money action's kind as a notification words it.
fn kind_words(kind: &str, da: bool) -> &'static str {
    let (en, d) = match kind {
        "payout" => ("payout", "udbetaling"),
        "cancel" => ("cancellation", "annullering"),
        "reimburse" => ("reimbursement", "tilbagebetaling"),
        "createSplitPayout" => ("split payout", "deludbetaling"),
        "cancelSplitPayout" => ("split payout cancellation", "annullering af deludbetaling"),
        "changeAmount" => ("change of amount", "beløbsændring"),
        "createPayment" => ("payment", "betaling"),
        _ => ("money move", "pengebevægelse"),
    };
    if da { d } else { en }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(what: &str, state: &str, requested_by: &str, by: &str) -> Change {
        Change {
            what: what.into(),
            id: "a-1".into(),
            environment_id: "https://api.example".into(),
            kind: "payout".into(),
            target: "t-1".into(),
            state: state.into(),
            requested_by: requested_by.into(),
            by: by.into(),
        }
    }

    #[test]
    fn an_approver_hears_of_what_others_ask_and_the_asker_of_the_decision() {
        let asked = change("intent", "awaiting_approval", "anna", "anna");
        let note = note_for(&asked, "bo", true, false).expect("bo is an approver");
        assert_eq!(
            (note.title.as_str(), note.body.as_str()),
            ("Approval requested", "anna asks for a second person's approval of a payout.")
        );
        assert_eq!(note_for(&asked, "anna", true, false), None, "not of her own");
        assert_eq!(note_for(&asked, "otto", false, false), None, "not an approver");

        let approved = change("decision", "approved", "anna", "bo");
        let note = note_for(&approved, "anna", false, false).expect("anna asked");
        assert_eq!((note.title.as_str(), note.body.as_str()), ("Your payout was approved", "bo approved your payout."));
        assert_eq!(note_for(&approved, "bo", true, false), None, "bo made it");
        let rejected = change("decision", "rejected", "anna", "bo");
        assert_eq!(note_for(&rejected, "anna", false, false).unwrap().body, "bo rejected your payout.");
        let da = note_for(&approved, "anna", false, true).unwrap();
        assert_eq!(
            (da.title.as_str(), da.body.as_str()),
            ("Din udbetaling er godkendt", "bo har godkendt din udbetaling.")
        );
        let da = note_for(&asked, "bo", true, true).unwrap();
        assert_eq!(da.body, "anna beder om en ekstra persons godkendelse af udbetaling.");
        assert_eq!(note_for(&change("intent", "succeeded", "anna", "bo"), "anna", true, false), None);
    }

    #[test]
    fn reconnecting_backs_off_to_at_most_thirty_seconds() {
        for failures in 1..40 {
            let wait = backoff(failures);
            let full = Duration::from_secs(1u64 << (failures - 1).min(5)).min(MOST);
            assert!(wait >= full / 2 && wait <= full, "{failures}: {wait:?}");
        }
        assert!(backoff(40) <= MOST);
    }
}
