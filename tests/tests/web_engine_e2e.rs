//! End-to-end: the web process runs with the app's web-engine defaults (compositing off,
//! JavaScriptCore without its JIT; `src-tauri/src/desktop/web_engine.rs`), which is where
//! they save memory, and a value set by the user reaches it instead.

use escrow_desk_e2e::{AppWindow, Launch, capped, descendants};
use std::ffi::OsStr;

/// The environment of the app's WebKitWebProcess.
fn web_process_env(c: &AppWindow) -> Vec<String> {
    let app = c.app_pids()[0];
    let web = descendants(app)
        .into_iter()
        .find(|p| std::fs::read_to_string(format!("/proc/{p}/comm")).is_ok_and(|n| n.starts_with("WebKitWebProces")))
        .unwrap_or_else(|| c.fail("the app has no WebKitWebProcess"));
    let raw = std::fs::read(format!("/proc/{web}/environ")).unwrap();
    raw.split(|b| *b == 0).map(|v| String::from_utf8_lossy(v).into_owned()).collect()
}

#[tokio::test]
async fn the_web_process_runs_without_jit_and_compositing() {
    capped("the_web_process_runs_without_jit_and_compositing", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(data.path()).env("JSC_useJIT", None)).await;
        c.wait_first_page().await;
        let env = web_process_env(&c);
        c.close().await;
        assert!(env.iter().any(|v| v == "JSC_useJIT=0"), "JSC_useJIT=0 not in the web process: {env:?}");
        assert!(env.iter().any(|v| v == "WEBKIT_DISABLE_COMPOSITING_MODE=1"));
    })
    .await
}

#[tokio::test]
async fn a_setting_of_the_user_wins() {
    capped("a_setting_of_the_user_wins", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(data.path()).env("JSC_useJIT", Some(OsStr::new("1")))).await;
        c.wait_first_page().await;
        let env = web_process_env(&c);
        c.close().await;
        assert!(env.iter().any(|v| v == "JSC_useJIT=1"), "the user's JSC_useJIT=1 was replaced: {env:?}");
    })
    .await
}
