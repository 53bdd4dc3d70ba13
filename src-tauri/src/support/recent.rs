//! The last warnings and errors, kept in memory for "Copy diagnostics".

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::Mutex;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::layer::{Context, Layer};

const KEEP: usize = 20;

static RECENT: Mutex<VecDeque<String>> = Mutex::new(VecDeque::new());

/// Keeps the last warnings and errors (already scrubbed of secrets).
pub struct RecentProblems;

impl<S: Subscriber> Layer<S> for RecentProblems {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let level = *event.metadata().level();
        if level > Level::WARN {
            return;
        }
        let mut text = String::new();
        event.record(&mut Fields(&mut text));
        let line = format!(
            "{} {level} {}:{}",
            chrono::Local::now().format("%Y-%m-%dT%H:%M:%S%:z"),
            event.metadata().target(),
            text
        );
        remember(super::redact::scrub(&line));
    }
}

fn remember(line: String) {
    let mut all = RECENT.lock().unwrap_or_else(|p| p.into_inner());
    if all.len() == KEEP {
        all.pop_front();
    }
    all.push_back(line);
}

/// The last warnings and errors, oldest first.
pub fn lines() -> Vec<String> {
    RECENT.lock().unwrap_or_else(|p| p.into_inner()).iter().cloned().collect()
}

struct Fields<'a>(&'a mut String);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={value:?}", field.name());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tracing_subscriber::prelude::*;

    #[test]
    fn keeps_warnings_and_errors_only_and_at_most_twenty() {
        let subscriber = tracing_subscriber::registry().with(RecentProblems);
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!("not kept");
            for i in 0..25 {
                tracing::warn!(n = i, "kept");
            }
        });
        let lines = lines();
        assert_eq!(lines.len(), KEEP);
        assert!(lines.iter().all(|l| l.contains("WARN")));
        assert!(lines.last().is_some_and(|l| l.contains("n=24")));
    }
}
