//! One app window at a time, and a time cap per test: a test that hangs fails alone, in
//! minutes, with a screenshot from its X server, and the next test still runs.

use futures::FutureExt;
use std::future::Future;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Default cap of one end-to-end test (`ESCROW_E2E_TEST_CAP_SECS` overrides): well under
/// the suite's 45-minute cap, well over the slowest test on a loaded 2-core machine.
pub const TEST_CAP: Duration = Duration::from_secs(240);

/// The test and display being run: failure screenshots are named after the test, and a
/// test over its cap is captured from its display before it is torn down.
#[derive(Clone, Debug, Default)]
pub(crate) struct Running {
    pub test: String,
    pub displays: Vec<String>,
}

pub(crate) static RUNNING: Mutex<Option<Running>> = Mutex::new(None);

/// The tests of one binary share two cores and take turns with the window.
static WINDOW: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

pub(crate) fn current_test() -> String {
    RUNNING.lock().ok().and_then(|r| r.as_ref().map(|r| r.test.clone())).unwrap_or_else(|| "e2e".into())
}

pub(crate) fn register_display(name: &str) {
    if let Ok(mut r) = RUNNING.lock()
        && let Some(r) = r.as_mut()
    {
        r.displays.push(name.to_owned());
    }
}

pub(crate) fn unregister_display(name: &str) {
    if let Ok(mut r) = RUNNING.lock()
        && let Some(r) = r.as_mut()
    {
        r.displays.retain(|d| d != name);
    }
}

fn cap_from_env(default: Duration) -> Duration {
    std::env::var("ESCROW_E2E_TEST_CAP_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map(Duration::from_secs)
        .unwrap_or(default)
}

/// Appends `test  outcome  seconds` to `ESCROW_E2E_TIMINGS`, for `make e2e-stress`.
fn record(test: &str, outcome: &str, elapsed: Duration) {
    let Some(path) = std::env::var_os("ESCROW_E2E_TIMINGS").map(PathBuf::from) else { return };
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = writeln!(f, "{test}\t{outcome}\t{:.1}", elapsed.as_secs_f64());
    }
}

/// How a supervised body ended badly.
pub enum Failure {
    /// It panicked (an assertion, a failed step): the payload to resume.
    Panic(Box<dyn std::any::Any + Send>),
    /// It ran past its cap: what was captured, in words.
    Cap(String),
}

/// Runs one end-to-end test under [`TEST_CAP`] (`ESCROW_E2E_TEST_CAP_SECS` overrides),
/// holding the window lock; see [`capped_for`].
pub async fn capped<F: Future<Output = ()>>(test: &str, body: F) {
    capped_for(test, cap_from_env(TEST_CAP), body).await
}

/// Runs one end-to-end test under `cap`, holding the window lock, and records its outcome
/// and time for `make e2e-stress`. Over its cap, the test's display is captured to
/// `failure-<test>-cap.png`, its processes are killed (dropping the body drops its
/// window) and the test fails.
pub async fn capped_for<F: Future<Output = ()>>(test: &str, cap: Duration, body: F) {
    let _turn = WINDOW.lock().await;
    let started = Instant::now();
    let outcome = supervise(test, cap, body).await;
    let elapsed = started.elapsed();
    match outcome {
        Ok(()) => record(test, "pass", elapsed),
        Err(Failure::Panic(panic)) => {
            record(test, "fail", elapsed);
            std::panic::resume_unwind(panic);
        }
        Err(Failure::Cap(what)) => {
            record(test, "timeout", elapsed);
            panic!("{what}");
        }
    }
}

/// Runs `body` under `cap` as test `test` (failure screenshots are named after it),
/// without the window lock and without recording: the building block of [`capped_for`],
/// and what the harness's own tests use to watch a test fail.
pub async fn supervise<F: Future<Output = ()>>(test: &str, cap: Duration, body: F) -> Result<(), Failure> {
    let outer =
        RUNNING.lock().ok().and_then(|mut r| r.replace(Running { test: test.to_owned(), displays: Vec::new() }));
    // Boxed, so dropping it below drops the test's future (and its windows) there.
    let mut body = Box::pin(AssertUnwindSafe(body).catch_unwind());
    let outcome = tokio::select! {
        outcome = &mut body => outcome.map_err(Failure::Panic),
        _ = tokio::time::sleep(cap) => {
            // Captured while the test's windows still stand; the body is dropped below,
            // which kills them.
            let displays = RUNNING.lock().ok().and_then(|r| r.as_ref().map(|r| r.displays.clone())).unwrap_or_default();
            let shots: Vec<String> =
                displays.iter().map(|d| crate::artifacts::capture_display(d, &format!("failure-{test}-cap.png"))).collect();
            Err(Failure::Cap(format!("{test}: exceeded its cap of {} s; screenshots from its display: {shots:?}", cap.as_secs())))
        }
    };
    drop(body);
    if let Ok(mut r) = RUNNING.lock() {
        *r = outer;
    }
    outcome
}
