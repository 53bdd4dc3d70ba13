//! A link the desktop opens reaches the running window: the start's own arguments, or a
//! second start's handed over by the single-instance plugin. It is kept in [`Links`] and the
//! window is told with a fixed DOM event (`desk-link`, no link text in the script); the
//! window then takes the links with a command, which reads them strictly.

use super::Links;
use tauri::{AppHandle, Manager, Runtime};

impl Links {
    /// Keeps `raw` for the window (at most 20 waiting: a flood of links is not a queue).
    pub fn push(&self, raw: String) {
        if let Ok(mut pending) = self.pending.lock()
            && pending.len() < 20
        {
            pending.push(raw);
        }
    }

    /// The waiting links, oldest first.
    pub fn take(&self) -> Vec<String> {
        self.pending.lock().map(|mut p| std::mem::take(&mut *p)).unwrap_or_default()
    }
}

/// Hands the link among `args` (if any) to the window and tells it.
pub fn deliver<R: Runtime>(app: &AppHandle<R>, args: &[String]) {
    let Some(raw) = super::parse::in_args(args) else { return };
    let Some(links) = app.try_state::<Links>() else { return };
    tracing::info!("a link was handed to the window");
    links.push(raw);
    if let Some(window) = app.get_webview_window("main")
        && let Err(e) = window.eval("window.dispatchEvent(new CustomEvent('desk-link'))")
    {
        tracing::warn!(error = %e, "could not tell the window about a link");
    }
}
