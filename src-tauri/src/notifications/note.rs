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

/// `1 row`, `2 rows` (Danish: `1 række`, `2 rækker`).
pub fn rows(n: u64, da: bool) -> String {
    match (n, da) {
        (1, false) => "1 row".into(),
        (1, true) => "1 række".into(),
        (n, false) => format!("{n} rows"),
        (n, true) => format!("{n} rækker"),
    }
}

/// The changes of one sync that need a person (paid, payment failed), if any; in Danish
/// when `da`.
pub fn changes_need_action(changes: &[Change], da: bool) -> Option<Note> {
    let due: Vec<&Change> = changes.iter().filter(|c| needs_action(&c.kind)).collect();
    if due.is_empty() {
        return None;
    }
    let count = |kind: &str| due.iter().filter(|c| c.kind == kind).count();
    let mut parts = Vec::new();
    match (count("paid"), da) {
        (0, _) => {}
        (1, false) => parts.push("1 deal paid".to_owned()),
        (1, true) => parts.push("1 handel betalt".to_owned()),
        (n, false) => parts.push(format!("{n} deals paid")),
        (n, true) => parts.push(format!("{n} handler betalt")),
    }
    match (count("payment_failed"), da) {
        (0, _) => {}
        (1, false) => parts.push("1 payment failed".to_owned()),
        (1, true) => parts.push("1 betaling fejlede".to_owned()),
        (n, false) => parts.push(format!("{n} payments failed")),
        (n, true) => parts.push(format!("{n} betalinger fejlede")),
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
    Some(Note::new(if da { "Kræver handling" } else { "Needs your attention" }, body))
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
        assert_eq!(changes_need_action(&[change("created", Some("A")), change("succeeded", Some("B"))], false), None);
        let note = changes_need_action(
            &[
                change("paid", Some("Audi A4")),
                change("created", Some("Ignored")),
                change("payment_failed", Some("VW Golf")),
                change("paid", None),
            ],
            false,
        )
        .unwrap();
        assert_eq!(note.title, "Needs your attention");
        assert_eq!(note.body, "2 deals paid, 1 payment failed: Audi A4, VW Golf, …");
        let da = changes_need_action(&[change("paid", Some("Audi A4")), change("payment_failed", None)], true).unwrap();
        assert_eq!(
            (da.title.as_str(), da.body.as_str()),
            ("Kræver handling", "1 handel betalt, 1 betaling fejlede: Audi A4, …")
        );
    }

    #[test]
    fn a_known_key_never_reaches_a_note() {
        let key = "sk_test_note_secret_4f9a1c";
        crate::support::redact::register(key);
        let note = changes_need_action(&[change("paid", Some(&format!("deal {key}")))], false).unwrap();
        assert!(!note.body.contains(key) && !note.title.contains(key), "{note:?}");
    }
}
