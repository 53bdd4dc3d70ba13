//! The harness's own promises, in the real window: a WebDriver call that never answers
//! fails its test within its step timeout, naming the step, with a screenshot from the X
//! server; a test over its cap fails at the cap, captured, with its processes killed.

use escrow_desk_e2e::{AppWindow, Failure, artifacts, capped, descendants, supervise};
use futures::FutureExt;
use std::panic::AssertUnwindSafe;
use std::time::{Duration, Instant};

fn message(panic: Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[tokio::test]
async fn a_call_that_never_answers_fails_its_step_with_a_screenshot_from_x() {
    capped("a_call_that_never_answers_fails_its_step_with_a_screenshot_from_x", async {
        let data = tempfile::tempdir().unwrap();
        let mut c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let shot = artifacts().join("failure-a_call_that_never_answers_fails_its_step_with_a_screenshot_from_x.png");
        let _ = std::fs::remove_file(&shot);
        c.set_step_timeout(Duration::from_secs(2));
        let started = Instant::now();
        // A script that never calls back: WebDriver itself would wait its 30 s script timeout.
        let hung = AssertUnwindSafe(c.execute_async("/* never calls back */", vec![])).catch_unwind().await;
        let took = started.elapsed();
        let text = message(hung.expect_err("the hung call failed the step"));
        assert!(text.contains("step `execute async") && text.contains("did not answer within 2 s"), "{text}");
        assert!(took < Duration::from_secs(15), "failed after {took:?}");
        assert!(std::fs::metadata(&shot).is_ok_and(|m| m.len() > 1000), "failure screenshot at {}", shot.display());
    })
    .await
}

#[tokio::test]
async fn a_test_over_its_cap_fails_at_the_cap_and_its_window_is_killed() {
    capped("a_test_over_its_cap_fails_at_the_cap_and_its_window_is_killed", async {
        let driver_pid = std::sync::atomic::AtomicU32::new(0);
        let started = Instant::now();
        let outcome = supervise("a_test_over_its_cap", Duration::from_secs(20), async {
            let data = tempfile::tempdir().unwrap();
            let c = AppWindow::open(data.path()).await;
            c.wait_ready().await;
            driver_pid.store(c.driver_pid(), std::sync::atomic::Ordering::SeqCst);
            // A step with no bound of its own: only the cap ends it.
            futures::future::pending::<()>().await;
        })
        .await;
        let took = started.elapsed();
        let Err(Failure::Cap(text)) = outcome else { panic!("the test did not fail at its cap") };
        assert!(text.contains("exceeded its cap of 20 s"), "{text}");
        assert!(took < Duration::from_secs(40), "failed after {took:?}");
        assert!(
            std::fs::metadata(artifacts().join("failure-a_test_over_its_cap-cap.png")).is_ok_and(|m| m.len() > 1000),
            "cap screenshot: {text}"
        );
        let pid = driver_pid.load(std::sync::atomic::Ordering::SeqCst);
        assert!(pid != 0, "the window had opened");
        assert!(
            std::fs::metadata(format!("/proc/{pid}")).is_err() && descendants(pid).is_empty(),
            "tauri-driver {pid} and its children are gone"
        );
    })
    .await
}
