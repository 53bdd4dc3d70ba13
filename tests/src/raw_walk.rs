//! The raw-value walk's moves, shared by its test files: a page let settle before it is
//! read, a screen scanned with [`crate::raw_text::scan`] and its findings kept and printed,
//! a dialog opened, scanned, photographed and closed with Escape.

use crate::raw_text::{Finding, scan};
use crate::sandbox::Control;
use crate::steps::{danish, sandbox_url};
use crate::window::AppWindow;
use std::time::Duration;

/// A window on the built-in Sandbox in Danish, a minute allowed per step (a walk reads a lot
/// on a busy machine), and the Sandbox's control API.
pub async fn danish_window(data: &std::path::Path) -> (AppWindow, Control) {
    let mut c = AppWindow::open(data).await;
    c.set_step_timeout(Duration::from_secs(60));
    c.wait_ready().await;
    danish(&c).await;
    let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
    (c, sandbox)
}

/// Switches the window to `lang` (`da` or `en`) and waits until it is in it.
pub async fn language(c: &AppWindow, lang: &str) {
    c.click(&format!("[data-testid='lang-{lang}']")).await;
    c.until("the window's language", async || {
        (c.execute("return document.documentElement.lang;", vec![]).await == lang).then_some(())
    })
    .await;
}

/// Lets the page settle (a list loading, a fade) before it is read.
pub async fn settle(c: &AppWindow) {
    tokio::time::sleep(Duration::from_millis(500)).await;
    let js = "const done = arguments[arguments.length - 1]; \
              requestAnimationFrame(() => requestAnimationFrame(() => done(true))); setTimeout(() => done(true), 500);";
    c.execute_async(js, vec![]).await;
}

/// Presses Escape and waits for `css` to close.
pub async fn escape_from(c: &AppWindow, css: &str) {
    c.press('\u{e00c}').await;
    c.until(&format!("{css} to close"), async || c.try_find(css).await.is_none().then_some(())).await;
}

/// The findings of one language's walk, and what `names` (a script answering a list of
/// texts, or none) read on each screen scanned: `(screen, text)`.
pub struct Scans<'a> {
    pub c: &'a AppWindow,
    pub lang: &'static str,
    pub found: Vec<Finding>,
    pub names: Option<&'static str>,
    pub named: Vec<(String, String)>,
}

impl<'a> Scans<'a> {
    pub fn new(c: &'a AppWindow, lang: &'static str) -> Self {
        Scans { c, lang, found: Vec::new(), names: None, named: Vec::new() }
    }

    /// Scans `scope` (the whole window when `None`) once the page has settled.
    pub async fn look(&mut self, screen: &str, scope: Option<&str>) {
        settle(self.c).await;
        let found = scan(self.c, self.lang, screen, scope).await;
        eprintln!("scanned [{}] {screen}: {} findings", self.lang, found.len());
        for f in &found {
            eprintln!("  {}", f.line);
        }
        self.found.extend(found);
        if let Some(js) = self.names {
            for name in self.c.execute(js, vec![]).await.as_array().into_iter().flatten() {
                self.named.push((screen.to_owned(), name.as_str().unwrap_or_default().to_owned()));
            }
        }
    }

    /// A screenshot named after the language and `name`.
    pub async fn shot(&self, name: &str) {
        self.c.screenshot(&format!("raw-{}-{}.png", self.lang, name.replace([' ', '/', ':'], "-"))).await;
    }

    /// Opens `dialog` with `button`, scans it and closes it with Escape; says so and scans
    /// nothing when `button` is absent (answers whether it was there).
    pub async fn dialog(&mut self, screen: &str, button: &str, dialog: &str) -> bool {
        let Some(b) = self.c.try_find(button).await else {
            eprintln!("  [{}] {screen}: no {button} here", self.lang);
            return false;
        };
        b.click().await;
        self.c.find(dialog).await;
        self.look(screen, Some(dialog)).await;
        self.shot(screen).await;
        escape_from(self.c, dialog).await;
        true
    }
}

/// Every finding as `screen: line`, printed one a line, without repeats.
pub fn report(found: &[Finding]) -> Vec<String> {
    let mut lines: Vec<String> = found.iter().map(|f| format!("{}: {}", f.screen, f.line)).collect();
    lines.dedup();
    for l in &lines {
        eprintln!("RAW {l}");
    }
    lines
}
