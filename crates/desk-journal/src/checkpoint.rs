//! Points in an action's life where a crash matters, for the kill-point tests.

/// Where a crash test may stop the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checkpoint {
    /// The intent and its key are committed; nothing has been sent.
    IntentCommitted,
    /// The service has answered; the journal does not know yet.
    ReplyReceived,
}

impl Checkpoint {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::IntentCommitted => "intent_committed",
            Self::ReplyReceived => "reply_received",
        }
    }
}

static CHECKPOINT_HOOK: std::sync::OnceLock<fn(Checkpoint)> = std::sync::OnceLock::new();

/// For crash tests only: `hook` runs at each [`Checkpoint`] (a test process kills itself
/// there with SIGKILL). The app never sets it; it can be set once per process.
pub fn set_checkpoint_hook(hook: fn(Checkpoint)) -> bool {
    CHECKPOINT_HOOK.set(hook).is_ok()
}

pub(super) fn checkpoint(point: Checkpoint) {
    if let Some(hook) = CHECKPOINT_HOOK.get() {
        hook(point);
    }
}
