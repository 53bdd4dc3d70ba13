//! The app's window as the tests drive it: every WebDriver call bounded.
//!
//! WebKitWebDriver answers some calls (screenshots, native clicks, key input) only after
//! WebKit's next rendering update, and with compositing off that update may never come:
//! the call then waits forever and the session with it. Here each call gets
//! [`step_timeout`]; one that does not answer fails its test at once, naming the step,
//! with a screenshot taken from the test's own X server. Screenshots are always taken
//! from the X server (`artifacts::capture_display`), never through WebDriver.

use crate::artifacts::{capture_display, keep_logs};
use crate::cap::{current_test, register_display, unregister_display};
use crate::display::Display;
use crate::driver::{Driver, Launch, app_binary, start_driver};
use crate::procs::app_pids;
use fantoccini::actions::{InputSource, KeyAction, KeyActions, WheelAction, WheelActions};
use fantoccini::elements::Element;
use fantoccini::error::CmdError;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::future::Future;
use std::time::{Duration, Instant};

/// How long an element or a state is waited for before the test fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// How long one WebDriver call may take (`ESCROW_E2E_STEP_SECS` overrides; default 20 s).
pub fn step_timeout() -> Duration {
    std::env::var("ESCROW_E2E_STEP_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map(Duration::from_secs)
        .unwrap_or(Duration::from_secs(20))
}

/// The app in its window on a private display, driven through tauri-driver. Dropping it
/// kills the app, its WebKit processes, the drivers and the display.
pub struct AppWindow {
    client: Client,
    driver: Driver,
    display: Display,
    step: Duration,
    /// The app's data folder: its log files are kept from there when the test fails.
    data_dir: std::path::PathBuf,
}

impl Drop for AppWindow {
    fn drop(&mut self) {
        unregister_display(&self.display.name);
    }
}

impl AppWindow {
    /// Starts a display, tauri-driver and the app with its data in `data_dir`.
    pub async fn open(data_dir: &std::path::Path) -> AppWindow {
        AppWindow::launch(Launch::new(data_dir)).await
    }

    /// [`AppWindow::open`] with the environment `launch` names.
    pub async fn launch(launch: Launch) -> AppWindow {
        let display = Display::start();
        register_display(&display.name);
        let driver = start_driver(&display, &launch);
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("wry"));
        caps.insert("tauri:options".into(), json!({ "application": app_binary() }));
        let url = format!("http://127.0.0.1:{}", driver.port);
        let mut builder = ClientBuilder::native();
        builder.capabilities(caps);
        let client = match tokio::time::timeout(Duration::from_secs(60), builder.connect(&url)).await {
            Ok(Ok(client)) => client,
            other => {
                let shot = capture_display(&display.name, &format!("failure-{}.png", current_test()));
                panic!(
                    "no WebDriver session with the app within 60 s: {:?}; screenshot: {shot}",
                    other.map(|r| r.err())
                );
            }
        };
        AppWindow { client, driver, display, step: step_timeout(), data_dir: launch.data_dir }
    }

    /// Gives each later WebDriver call `limit` instead of [`step_timeout`].
    pub fn set_step_timeout(&mut self, limit: Duration) {
        self.step = limit;
    }

    /// The X display the window is on (`:N`).
    pub fn display(&self) -> &str {
        &self.display.name
    }

    /// Pid of tauri-driver (the app runs below it).
    pub fn driver_pid(&self) -> u32 {
        self.driver.child.id()
    }

    /// Pids of the app's own processes (not its WebKit children).
    pub fn app_pids(&self) -> Vec<u32> {
        app_pids(self.driver_pid(), &app_binary())
    }

    /// Fails the test: a screenshot from the X server and the app's log files kept, then a
    /// panic naming `what`.
    pub fn fail(&self, what: &str) -> ! {
        let test = current_test();
        let shot = capture_display(&self.display.name, &format!("failure-{test}.png"));
        let logs = keep_logs(&self.data_dir, &format!("failure-{test}-logs"));
        panic!("{test}: {what}\n  screenshot from the X server: {shot}\n  the app's log files: {logs}");
    }

    /// One WebDriver call, bounded: an error is returned, no answer fails the test.
    pub async fn call<T>(&self, what: &str, fut: impl Future<Output = Result<T, CmdError>>) -> Result<T, CmdError> {
        match tokio::time::timeout(self.step, fut).await {
            Ok(result) => result,
            Err(_) => self.fail(&format!("step `{what}`: WebDriver did not answer within {} s", self.step.as_secs())),
        }
    }

    /// One WebDriver call, bounded, that must succeed.
    pub async fn step<T>(&self, what: &str, fut: impl Future<Output = Result<T, CmdError>>) -> T {
        match self.call(what, fut).await {
            Ok(v) => v,
            Err(e) => self.fail(&format!("step `{what}`: {e}")),
        }
    }

    /// Polls `probe` every 100 ms until it answers `Some`, for up to `wait`.
    pub async fn until_for<T>(&self, what: &str, wait: Duration, mut probe: impl AsyncFnMut() -> Option<T>) -> T {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(v) = probe().await {
                return v;
            }
            if Instant::now() > deadline {
                self.fail(&format!("waited {} s for {what}", wait.as_secs()));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// [`AppWindow::until_for`] for up to [`WAIT`].
    pub async fn until<T>(&self, what: &str, probe: impl AsyncFnMut() -> Option<T>) -> T {
        self.until_for(what, WAIT, probe).await
    }

    /// The window has rendered its first page (`data-ready`), within 60 s: the overview.
    pub async fn wait_first_page(&self) {
        self.find_for("[data-ready='true']", Duration::from_secs(60)).await;
    }

    /// The window is ready and shows the transactions list (most tests start there; the
    /// window opens on the overview, so this goes to the list).
    pub async fn wait_ready(&self) {
        self.wait_first_page().await;
        if self.try_find("[data-testid='overview']").await.is_some() {
            self.click("[data-testid='nav-transactions']").await;
            self.find("[data-testid='search-input']").await;
        }
    }

    /// The elements matching `css` now (no waiting).
    pub async fn find_all(&self, css: &str) -> Vec<El<'_>> {
        let found =
            self.call(&format!("find all {css}"), self.client.find_all(Locator::Css(css))).await.unwrap_or_default();
        found.into_iter().map(|el| El { w: self, el, label: css.to_owned() }).collect()
    }

    /// The first element matching `css` now, if any (no waiting).
    pub async fn try_find(&self, css: &str) -> Option<El<'_>> {
        let el = self.call(&format!("find {css}"), self.client.find(Locator::Css(css))).await.ok()?;
        Some(El { w: self, el, label: css.to_owned() })
    }

    /// How many elements match `css` now.
    pub async fn count(&self, css: &str) -> usize {
        self.find_all(css).await.len()
    }

    /// The first element matching `css`, waited for up to `wait`.
    pub async fn find_for(&self, css: &str, wait: Duration) -> El<'_> {
        self.until_for(css, wait, async || self.try_find(css).await).await
    }

    /// The first element matching `css`, waited for up to [`WAIT`].
    pub async fn find(&self, css: &str) -> El<'_> {
        self.find_for(css, WAIT).await
    }

    /// Waits until `css` matches exactly `n` elements.
    pub async fn wait_count(&self, css: &str, n: usize) {
        self.until(&format!("{n} × {css}"), async || (self.count(css).await == n).then_some(())).await
    }

    /// Waits until `css` matches at least `n` elements.
    pub async fn wait_at_least(&self, css: &str, n: usize) {
        self.until(&format!("at least {n} × {css}"), async || (self.count(css).await >= n).then_some(())).await
    }

    /// Clicks the element `css` as a person would (see [`El::click`]).
    /// When the element is replaced while it is clicked (the list re-rendered), it is found
    /// again and clicked, for up to [`WAIT`]: a refused click has not happened.
    pub async fn click(&self, css: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            match self.find(css).await.try_click().await {
                Ok(()) => return,
                Err(e) if Instant::now() > deadline => self.fail(&format!("step `click {css}`: {e}")),
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    }

    /// Clicks a form's submit button through the DOM: WebKitWebDriver's native click on
    /// one can wait forever for a rendering update with compositing off; a DOM click is
    /// what the button does. The button must be enabled (a DOM click on a disabled one
    /// would silently do nothing).
    pub async fn submit(&self, css: &str) {
        let el = self.find(css).await;
        assert!(el.is_enabled().await, "{css} is disabled");
        el.dom_click().await;
    }

    /// Clears the field `css` and types `text` into it.
    pub async fn type_into(&self, css: &str, text: &str) {
        let el = self.find(css).await;
        el.clear().await;
        el.send_keys(text).await;
    }

    /// Reads `css` with `read`; when the element is replaced between finding and reading
    /// (the list re-rendered), finds it again, for up to [`WAIT`].
    async fn read<T>(&self, css: &str, what: &str, read: impl AsyncFn(&El<'_>) -> Result<T, CmdError>) -> T {
        let deadline = Instant::now() + WAIT;
        loop {
            let el = self.find(css).await;
            match read(&el).await {
                Ok(v) => return v,
                Err(e) if Instant::now() > deadline => self.fail(&format!("step `{what} {css}`: {e}")),
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    }

    /// The visible text of `css`.
    pub async fn text(&self, css: &str) -> String {
        self.read(css, "text of", async |el| el.try_text().await).await
    }

    /// The trimmed `textContent` of `css` (WebKitWebDriver's visible text is empty for
    /// ellipsis-truncated elements).
    pub async fn content(&self, css: &str) -> String {
        self.read(css, "textContent of", async |el| el.try_prop("textContent").await)
            .await
            .unwrap_or_default()
            .trim()
            .to_owned()
    }

    /// The attribute `name` of `css` ("" when absent).
    pub async fn attr(&self, css: &str, name: &str) -> String {
        self.read(css, &format!("attribute {name} of"), async |el| el.try_attr(name).await).await.unwrap_or_default()
    }

    /// Runs `js` in the page.
    pub async fn execute(&self, js: &str, args: Vec<Value>) -> Value {
        self.step(&format!("execute {}", short(js)), self.client.execute(js, args)).await
    }

    /// Runs asynchronous `js` in the page (it calls `arguments[arguments.length - 1]`).
    pub async fn execute_async(&self, js: &str, args: Vec<Value>) -> Value {
        self.step(&format!("execute async {}", short(js)), self.client.execute_async(js, args)).await
    }

    /// The diagnostics text, as Help → "Copy diagnostics" gets it (`error: …` if refused).
    pub async fn diagnostics(&self) -> String {
        let text = self
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 window.__TAURI_INTERNALS__.invoke('diagnostics').then(done, (e) => done('error: ' + JSON.stringify(e)));",
                vec![],
            )
            .await;
        text.as_str().unwrap_or_default().to_owned()
    }

    /// Presses and releases `key` on the keyboard (page-level shortcuts).
    pub async fn press(&self, key: char) {
        let keys =
            KeyActions::new("keyboard".into()).then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
        self.step(&format!("press {key}"), self.client.perform_actions(keys)).await
    }

    /// Presses `keys` together (a chord such as Ctrl+K) and releases them in reverse order.
    pub async fn chord(&self, keys: &[char]) {
        let mut actions = KeyActions::new("keyboard".into());
        for &k in keys {
            actions = actions.then(KeyAction::Down { value: k });
        }
        for &k in keys.iter().rev() {
            actions = actions.then(KeyAction::Up { value: k });
        }
        self.step(&format!("chord {keys:?}"), self.client.perform_actions(actions)).await
    }

    /// Sets the window's outer size (the minimum the app allows is 960×600).
    pub async fn resize(&self, width: u32, height: u32) {
        self.step(&format!("resize {width}x{height}"), self.client.set_window_size(width, height)).await
    }

    /// Turns the mouse wheel by `delta_y` pixels over the viewport point (`x`, `y`), as a
    /// person scrolls (scroll chaining included, unlike setting `scrollTop`).
    pub async fn wheel(&self, x: i64, y: i64, delta_y: i64) {
        let wheel =
            WheelActions::new("wheel".into()).then(WheelAction::Scroll { duration: None, x, y, delta_x: 0, delta_y });
        self.step(&format!("wheel {delta_y} at {x},{y}"), self.client.perform_actions(wheel)).await
    }

    /// The page's HTML.
    pub async fn source(&self) -> String {
        self.step("page source", self.client.source()).await
    }

    /// Saves a screenshot of the window as `name` in the artifacts folder, from the X
    /// server. WebKit may paint a DOM change a frame late: two animation frames are
    /// waited for first (at most 2 s; a page that does not answer is captured as it is).
    pub async fn screenshot(&self, name: &str) {
        let settle = "const done = arguments[arguments.length - 1]; let fired = false; \
                      const finish = () => { if (!fired) { fired = true; done(); } }; \
                      requestAnimationFrame(() => requestAnimationFrame(finish)); setTimeout(finish, 250);";
        if tokio::time::timeout(Duration::from_secs(2), self.client.execute_async(settle, vec![])).await.is_err() {
            eprintln!("screenshot {name}: the page did not settle in 2 s; capturing it as it is");
        }
        let shot = capture_display(&self.display.name, name);
        if !shot.ends_with(name) {
            eprintln!("screenshot {name}: {shot}");
        }
    }

    /// Ends the WebDriver session (bounded); the processes die when the window is dropped.
    pub async fn close(self) {
        let _ = tokio::time::timeout(Duration::from_secs(5), self.client.clone().close()).await;
    }
}

fn short(js: &str) -> String {
    let one_line = js.split_whitespace().collect::<Vec<_>>().join(" ");
    one_line.chars().take(60).collect()
}

/// An element of the window; every call on it bounded like the window's.
pub struct El<'w> {
    w: &'w AppWindow,
    el: Element,
    label: String,
}

impl<'w> El<'w> {
    async fn step<T>(&self, what: &str, fut: impl Future<Output = Result<T, CmdError>>) -> T {
        self.w.step(&format!("{what} {}", self.label), fut).await
    }

    /// The element as a script argument.
    pub fn json(&self) -> Value {
        serde_json::to_value(&self.el).unwrap_or(Value::Null)
    }

    /// A native click. When it is refused (covered by a toast or the sticky bar, or below
    /// the fold), toasts are dismissed, the element scrolled to the middle, and it is
    /// clicked again; a second refusal clicks it through the DOM, the same event a person
    /// would cause.
    pub async fn click(&self) {
        if let Err(e) = self.try_click().await {
            self.w.fail(&format!("step `click {}`: {e}", self.label));
        }
    }

    /// [`El::click`], or the error when the element is gone (replaced by a re-render), for
    /// a caller that finds it again.
    pub async fn try_click(&self) -> Result<(), CmdError> {
        let what = format!("click {}", self.label);
        if self.w.call(&what, self.el.click()).await.is_ok() {
            return Ok(());
        }
        let unblock = "document.querySelectorAll(\"[data-testid='toast'] button\").forEach((b) => b.click()); \
                       arguments[0].scrollIntoView({block: 'center'});";
        self.w.call(&format!("scroll to {}", self.label), self.w.client.execute(unblock, vec![self.json()])).await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        if self.w.call(&what, self.el.click()).await.is_ok() {
            return Ok(());
        }
        let js = "arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();";
        self.w
            .call(&format!("DOM click {}", self.label), self.w.client.execute(js, vec![self.json()]))
            .await
            .map(|_| ())
    }

    /// A click through the DOM (scrolled to the middle first).
    pub async fn dom_click(&self) {
        let js = "arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();";
        self.step("DOM click", self.w.client.execute(js, vec![self.json()])).await;
    }

    pub async fn text(&self) -> String {
        self.step("text of", self.el.text()).await
    }

    /// The visible text, or the error (a replaced element, say) for a caller that polls.
    pub async fn try_text(&self) -> Result<String, CmdError> {
        self.w.call(&format!("text of {}", self.label), self.el.text()).await
    }

    /// A property, or the error, for a caller that polls.
    pub async fn try_prop(&self, name: &str) -> Result<Option<String>, CmdError> {
        self.w.call(&format!("property {name} of {}", self.label), self.el.prop(name)).await
    }

    /// An attribute, or the error, for a caller that polls.
    pub async fn try_attr(&self, name: &str) -> Result<Option<String>, CmdError> {
        self.w.call(&format!("attribute {name} of {}", self.label), self.el.attr(name)).await
    }

    /// Trimmed `textContent`, or "" when the element is gone (for a caller that polls).
    pub async fn content_or_empty(&self) -> String {
        self.try_prop("textContent").await.ok().flatten().unwrap_or_default().trim().to_owned()
    }

    /// Trimmed `textContent`.
    pub async fn content(&self) -> String {
        self.prop("textContent").await.unwrap_or_default().trim().to_owned()
    }

    pub async fn attr(&self, name: &str) -> Option<String> {
        self.step(&format!("attribute {name} of"), self.el.attr(name)).await
    }

    pub async fn prop(&self, name: &str) -> Option<String> {
        self.step(&format!("property {name} of"), self.el.prop(name)).await
    }

    pub async fn send_keys(&self, text: &str) {
        self.step("type into", self.el.send_keys(text)).await
    }

    pub async fn clear(&self) {
        self.step("clear", self.el.clear()).await
    }

    pub async fn is_enabled(&self) -> bool {
        self.step("is enabled", self.el.is_enabled()).await
    }

    /// The first descendant matching `css` (it must be there now).
    pub async fn find(&self, css: &str) -> El<'w> {
        let el = self.step(&format!("find {css} in"), self.el.find(Locator::Css(css))).await;
        El { w: self.w, el, label: format!("{} {css}", self.label) }
    }
}
