//! `escrow-desk://` links in the real window: "Copy link" on a deal puts its link on the X
//! clipboard; `xdg-open` of that link while the app runs (through a desktop entry registered as
//! the scheme's handler, as the deb's is) lands on that deal in the running window; a link to an
//! environment the desk lacks says so and opens nothing.

use escrow_desk_e2e::{AppWindow, Launch, app_binary, capped};
use std::path::Path;
use std::process::{Command, Stdio};

/// The X clipboard of the window's display, as another program would paste it.
fn x_clipboard(c: &AppWindow) -> String {
    let out = Command::new("xclip")
        .args(["-o", "-selection", "clipboard"])
        .env("DISPLAY", c.display())
        .stdin(Stdio::null())
        .output()
        .expect("xclip on PATH (scripts/setup-system.sh installs it)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `xdg-open link` on the window's display, with a desktop entry for the app as the scheme's
/// handler in a private XDG folder (the deb's own entry, `Exec=escrow-desk %u`, does the same).
fn xdg_open(c: &AppWindow, data: &Path, xdg: &Path, link: &str) {
    let apps = xdg.join("data/applications");
    std::fs::create_dir_all(&apps).unwrap();
    std::fs::create_dir_all(xdg.join("config")).unwrap();
    std::fs::write(
        apps.join("escrow-desk-test.desktop"),
        format!(
            "[Desktop Entry]\nType=Application\nName=Escrow Desk\nExec={} %u\nMimeType=x-scheme-handler/escrow-desk;\n",
            app_binary().display()
        ),
    )
    .unwrap();
    let env = |cmd: &mut Command| {
        cmd.env("XDG_DATA_HOME", xdg.join("data"))
            .env("XDG_CONFIG_HOME", xdg.join("config"))
            .env("DISPLAY", c.display())
            .env("ESCROW_DESK_DATA_DIR", data)
            .env_remove("BROWSER")
            .env_remove("XDG_CURRENT_DESKTOP");
    };
    let mut mime = Command::new("xdg-mime");
    env(&mut mime);
    let ok = mime.args(["default", "escrow-desk-test.desktop", "x-scheme-handler/escrow-desk"]).status().unwrap();
    assert!(ok.success(), "xdg-mime default");
    let mut open = Command::new("xdg-open");
    env(&mut open);
    // The handed-over start exits once the running window has the link.
    let status = open.arg(link).stdin(Stdio::null()).status().expect("xdg-open (xdg-utils)");
    assert!(status.success(), "xdg-open {link}: {status}");
}

#[tokio::test]
async fn a_link_opened_by_the_desktop_lands_in_the_running_window() {
    capped("a_link_opened_by_the_desktop_lands_in_the_running_window", async {
        let data = tempfile::tempdir().unwrap();
        let xdg = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(data.path())).await;
        c.wait_ready().await;
        c.click("[data-testid='nav-transactions']").await;
        c.wait_at_least("[data-testid='transaction-row']", 3).await;
        let rows = c.find_all("[data-testid='transaction-row']").await;
        rows[2].click().await;
        let id = c.text("[data-testid='detail-transaction-id']").await;
        c.click("[data-testid='copy-deal-link']").await;
        let link = c
            .until("the deal's link on the clipboard", async || {
                Some(x_clipboard(&c)).filter(|t| t.starts_with("escrow-desk://open/transaction/"))
            })
            .await;
        assert_eq!(link, format!("escrow-desk://open/transaction/{id}?environment=sandbox"));

        // Elsewhere in the window, then the link from the desktop.
        c.click("[data-testid='nav-overview']").await;
        xdg_open(&c, data.path(), xdg.path(), &link);
        c.until("the linked deal shown", async || {
            let shown = c.try_find("[data-testid='detail-transaction-id']").await?;
            (shown.content_or_empty().await.trim() == id).then_some(())
        })
        .await;
        c.screenshot("link-opened.png").await;

        // An environment this desk does not have: said, and nothing else opens.
        c.click("[data-testid='nav-overview']").await;
        xdg_open(
            &c,
            data.path(),
            xdg.path(),
            "escrow-desk://open/transaction/abc?environment=https%3A%2F%2Fapi.elsewhere.example",
        );
        c.until("the link refused", async || {
            for t in c.find_all("[data-testid='toast']").await {
                if t.content_or_empty().await.contains("which this desk does not have") {
                    return Some(());
                }
            }
            None
        })
        .await;
        assert!(c.try_find("[data-testid='transaction-detail']").await.is_none(), "no deal opened");
        c.close().await;
    })
    .await
}
