//! Where notifications go: behind a small trait, so the app sends them to the desktop and
//! tests capture them. Tracks whether the window has the focus (a notification is for a
//! user who looked away).

use super::note::Note;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Shows a notification (the desktop's, or a test's list).
pub trait Notifier: Send + Sync {
    fn send(&self, note: &Note);
}

/// Sends nothing (a desk without a desktop: tests, the CLI).
struct Nowhere;

impl Notifier for Nowhere {
    fn send(&self, _note: &Note) {}
}

/// Keeps every note sent, for tests.
#[derive(Default)]
pub struct Captured(Mutex<Vec<Note>>);

impl Captured {
    pub fn notes(&self) -> Vec<Note> {
        self.0.lock().map(|n| n.clone()).unwrap_or_default()
    }
}

impl Notifier for Captured {
    fn send(&self, note: &Note) {
        if let Ok(mut notes) = self.0.lock() {
            notes.push(note.clone());
        }
    }
}

/// The notifier and the window's focus, shared by everything that may notify.
#[derive(Clone)]
pub struct Notices {
    notifier: Arc<dyn Notifier>,
    focused: Arc<AtomicBool>,
}

impl Default for Notices {
    fn default() -> Self {
        Self::new(Arc::new(Nowhere))
    }
}

impl Notices {
    /// Starts as focused: the window opens in front.
    pub fn new(notifier: Arc<dyn Notifier>) -> Self {
        Self { notifier, focused: Arc::new(AtomicBool::new(true)) }
    }

    pub fn set_focused(&self, focused: bool) {
        self.focused.store(focused, Ordering::Relaxed);
    }

    pub fn focused(&self) -> bool {
        self.focused.load(Ordering::Relaxed)
    }

    /// Sends `note` if there is one and the window is not in front; `true` when sent.
    pub fn when_away(&self, note: Option<Note>) -> bool {
        match note {
            Some(note) if !self.focused() => {
                self.notifier.send(&note);
                true
            }
            _ => false,
        }
    }

    /// Sends `note` whatever the focus (the user asked for these).
    pub fn always(&self, note: &Note) {
        self.notifier.send(note);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note() -> Option<Note> {
        Some(Note { title: "t".into(), body: "b".into() })
    }

    #[test]
    fn a_note_is_sent_only_while_the_window_is_away() {
        let captured = Arc::new(Captured::default());
        let notices = Notices::new(captured.clone());
        assert!(!notices.when_away(note()), "focused at start");
        notices.set_focused(false);
        assert!(!notices.when_away(None));
        assert!(notices.when_away(note()));
        notices.set_focused(true);
        assert!(!notices.when_away(note()));
        assert_eq!(captured.notes().len(), 1);
    }
}
