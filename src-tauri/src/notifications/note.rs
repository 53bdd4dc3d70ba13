//! What a notification says: pure, tested without a desktop. The text is counts and deal
//! titles only; every text is also scrubbed of any secret the app knows (API keys), so none
//! can reach the notification server. Each domain words its own (`bulk::note`,
//! `transactions::export_note`); the mirror's changes that need a person are worded here.

use desk_mirror::changes::needs_action;
use desk_mirror::views::Change;

/// At most this many deal titles are named in one notification.
const TITLES: usize = 3;

/// One notification's title and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub title: String,
    pub body: String,
}

impl Note {
    /// Scrubbed of every secret the app knows.
    pub fn new(title: impl Into<String>, body: impl Into<String>) -> Self {
        let scrub = |s: String| crate::support::redact::scrub(&s);
        Self { title: scrub(title.into()), body: scrub(body.into()) }
    }
}

/// `1 row`, `2 rows`.
pub fn rows(n: u64) -> String {
    if n == 1 { "1 row".into() } else { format!("{n} rows") }
}

/// The changes of one sync that need a person (paid, payment failed), if any.
pub fn changes_need_action(changes: &[Change]) -> Option<Note> {
    let due: Vec<&Change> = changes.iter().filter(|c| needs_action(&c.kind)).collect();
    if due.is_empty() {
        return None;
    }
    let count = |kind: &str| due.iter().filter(|c| c.kind == kind).count();
    let mut parts = Vec::new();
    match count("paid") {
        0 => {}
        1 => parts.push("1 deal paid".to_owned()),
        n => parts.push(format!("{n} deals paid")),
    }
    match count("payment_failed") {
        0 => {}
        1 => parts.push("1 payment failed".to_owned()),
        n => parts.push(format!("{n} payments failed")),
    }
    let titles: Vec<&str> =
        due.iter().filter_map(|c| c.title.as_deref()).map(str::trim).filter(|t| !t.is_empty()).take(TITLES).collect();
    let mut body = parts.join(", ");
    if !titles.is_empty() {
        body.push_str(": ");
        body.push_str(&titles.join(", "));
        if due.len() > titles.len() {
            body.push_str(", …");
        }
    }
    Some(Note::new("Needs your attention", body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(kind: &str, title: Option<&str>) -> Change {
        Change {
            seq: 1,
            transaction_id: "tx-1".into(),
            at: "2026-11-25T00:00:00Z".into(),
            kind: kind.into(),
            before: None,
            after: None,
            title: title.map(str::to_owned),
            currency: None,
        }
    }

    #[test]
    fn only_changes_that_need_action_are_announced() {
        assert_eq!(changes_need_action(&[change("created", Some("A")), change("succeeded", Some("B"))]), None);
        let note = changes_need_action(&[
            change("paid", Some("Audi A4")),
            change("created", Some("Ignored")),
            change("payment_failed", Some("VW Golf")),
            change("paid", None),
        ])
        .unwrap();
        assert_eq!(note.title, "Needs your attention");
        assert_eq!(note.body, "2 deals paid, 1 payment failed: Audi A4, VW Golf, …");
    }

    #[test]
    fn a_known_key_never_reaches_a_note() {
        let key = "sk_test_note_secret_4f9a1c";
        crate::support::redact::register(key);
        let note = changes_need_action(&[change("paid", Some(&format!("deal {key}")))]).unwrap();
        assert!(!note.body.contains(key) && !note.title.contains(key), "{note:?}");
    }
}
