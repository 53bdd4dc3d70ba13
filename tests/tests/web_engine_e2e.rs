//! End-to-end: the web process runs with the app's web-engine defaults (compositing off,
//! JavaScriptCore without its JIT; `src-tauri/src/platform/web_engine.rs`), which is where
//! they save memory, and a value set by the user reaches it instead; the app's own process
//! loads no OpenGL driver while the web process keeps its own (`platform/ui_gl.rs`); the
//! window's web context is built with WebKit's memory budget unless it is turned off
//! (`platform/web_memory.rs`).

use escrow_desk_e2e::{AppWindow, Launch, capped, descendants};
use std::ffi::OsStr;

/// The environment of the app's WebKitWebProcess.
fn web_process_env(c: &AppWindow) -> Vec<String> {
    let web = web_process(c);
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

/// Whether a process has an OpenGL driver mapped (Mesa's DRI driver or the libLLVM it loads).
fn maps_gl_driver(pid: u32) -> bool {
    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps")).unwrap_or_default();
    maps.lines().any(|l| l.contains("_dri.so") || l.contains("libLLVM") || l.contains("libgallium"))
}

/// The app's WebKitWebProcess.
fn web_process(c: &AppWindow) -> u32 {
    descendants(c.app_pids()[0])
        .into_iter()
        .find(|p| std::fs::read_to_string(format!("/proc/{p}/comm")).is_ok_and(|n| n.starts_with("WebKitWebProces")))
        .unwrap_or_else(|| c.fail("the app has no WebKitWebProcess"))
}

#[tokio::test]
async fn the_window_process_loads_no_gl_driver_and_the_web_process_keeps_its_own() {
    capped("the_window_process_loads_no_gl_driver_and_the_web_process_keeps_its_own", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(data.path()).env("ESCROW_DESK_UI_GL", None)).await;
        // The overview's data on screen: the web process painted it and the window showed it.
        c.wait_first_page().await;
        let (app, web) = (c.app_pids()[0], web_process(&c));
        let env = web_process_env(&c);
        let (app_gl, web_gl) = (maps_gl_driver(app), maps_gl_driver(web));
        c.close().await;
        assert!(!app_gl, "the app's own process mapped an OpenGL driver (ui_gl did not apply)");
        // The web process needs its EGL display: it must still find Mesa.
        assert!(web_gl, "the web process has no OpenGL driver: the vendor list leaked into it");
        assert!(!env.iter().any(|v| v.starts_with("__EGL_VENDOR_LIBRARY")), "the EGL override reached the web process");
    })
    .await
}

#[tokio::test]
async fn the_window_process_keeps_gl_when_asked() {
    capped("the_window_process_keeps_gl_when_asked", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(data.path()).env("ESCROW_DESK_UI_GL", Some(OsStr::new("1")))).await;
        c.wait_first_page().await;
        let app_gl = maps_gl_driver(c.app_pids()[0]);
        c.close().await;
        assert!(app_gl, "ESCROW_DESK_UI_GL=1 should keep the OpenGL driver in the app's process");
    })
    .await
}

/// The diagnostics' line about WebKit's memory budget, as "Copy diagnostics" gets it.
async fn budget_line(c: &AppWindow) -> String {
    let text = c.diagnostics().await;
    text.lines()
        .find(|l| l.starts_with("WebKit memory budget:"))
        .map(str::to_owned)
        .unwrap_or_else(|| c.fail(&format!("no budget line in the diagnostics: {text}")))
}

#[tokio::test]
async fn the_windows_web_context_gets_the_memory_budget() {
    capped("the_windows_web_context_gets_the_memory_budget", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(data.path()).env("ESCROW_DESK_WEB_MEMORY", None)).await;
        c.wait_first_page().await;
        let line = budget_line(&c).await;
        c.close().await;
        assert!(line.contains("256 MB, trim above 32 MB, collect above 192 MB, every 5 s"), "{line}");
        // The window's one web context was built through the wrapped constructor.
        assert!(line.ends_with("web contexts with it: 1"), "{line}");
    })
    .await
}

#[tokio::test]
async fn the_memory_budget_can_be_set_or_turned_off() {
    capped("the_memory_budget_can_be_set_or_turned_off", async {
        let data = tempfile::tempdir().unwrap();
        let set = OsStr::new("300,0.2,0.6,10");
        let c = AppWindow::launch(Launch::new(data.path()).env("ESCROW_DESK_WEB_MEMORY", Some(set))).await;
        c.wait_first_page().await;
        let line = budget_line(&c).await;
        c.close().await;
        assert!(line.contains("300 MB, trim above 60 MB, collect above 180 MB, every 10 s"), "{line}");
        assert!(line.ends_with("web contexts with it: 1"), "{line}");

        let c =
            AppWindow::launch(Launch::new(data.path()).env("ESCROW_DESK_WEB_MEMORY", Some(OsStr::new("off")))).await;
        c.wait_first_page().await;
        let line = budget_line(&c).await;
        c.close().await;
        assert!(line.contains("off (ESCROW_DESK_WEB_MEMORY)"), "{line}");
        assert!(line.ends_with("web contexts with it: 0"), "{line}");
    })
    .await
}
