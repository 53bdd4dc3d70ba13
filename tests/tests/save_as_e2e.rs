//! End-to-end: "Save as…" in the real window. The export button opens the native GTK Save
//! dialog (shown by Rust), driven with xdotool on the test's X display: a full path typed
//! there is where the CSV appears, with the export's header; the next export's dialog opens
//! in that folder (a bare name lands there); Escape writes nothing and the window says so.
//! The audit log's export goes through the same dialog.

use escrow_desk_e2e::native_dialog::{cancel, dialog_open, find_dialog, save_as};
use escrow_desk_e2e::{AppWindow, capped, open_transaction, run_action};
use std::path::Path;
use std::time::Duration;

const TITLE: &str = "Export transactions";
const HEADER: &str = "transactionId,referenceId,title,status,type,amount,currency";

async fn export_to(c: &AppWindow, name: &str) {
    let clicked = std::time::Instant::now();
    c.find("[data-testid='export-button']").await.dom_click().await;
    let Some(id) = find_dialog(c.display(), TITLE, Duration::from_secs(30)).await else {
        c.fail("the Save dialog did not open within 30 s");
    };
    eprintln!("save dialog visible {} ms after the click", clicked.elapsed().as_millis());
    // The dialog fills in its folder and proposed name a moment after it maps.
    tokio::time::sleep(Duration::from_millis(800)).await;
    save_as(c.display(), &id, name).await;
}

fn header_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.trim_start_matches('\u{feff}').lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn an_export_goes_where_the_save_dialog_says() {
    capped("an_export_goes_where_the_save_dialog_says", async {
        let data = tempfile::tempdir().unwrap();
        let chosen = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;

        let first = chosen.path().join("first-export.csv");
        export_to(&c, first.to_str().unwrap()).await;
        c.find_for("[data-testid='export-done']", Duration::from_secs(60)).await;
        assert!(first.is_file(), "the CSV is where the dialog said: {}", first.display());
        assert!(header_of(&first).starts_with(HEADER), "header: {}", header_of(&first));
        assert!(c.text("[data-testid='export-done']").await.contains("first-export.csv"));

        // The next dialog opens in the folder chosen last: a bare name lands there.
        export_to(&c, "second-export.csv").await;
        let second = chosen.path().join("second-export.csv");
        c.until("the second file", async || second.is_file().then_some(())).await;
        assert!(header_of(&second).starts_with(HEADER));

        // Cancel writes nothing and says so.
        c.find("[data-testid='export-button']").await.dom_click().await;
        let Some(id) = find_dialog(c.display(), TITLE, Duration::from_secs(30)).await else {
            c.fail("the Save dialog did not open the third time");
        };
        tokio::time::sleep(Duration::from_millis(800)).await;
        // While the dialog is open the window still answers, commands included: neither the
        // main thread nor the async runtime waits on the user.
        let asked = std::time::Instant::now();
        let answer = c
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 window.__TAURI_INTERNALS__.invoke('staff_name').then(() => done('ok'), (e) => done(JSON.stringify(e)));",
                vec![],
            )
            .await;
        assert_eq!(answer.as_str(), Some("ok"));
        eprintln!("a command answered in {} ms with the dialog open", asked.elapsed().as_millis());
        assert!(asked.elapsed() < Duration::from_secs(5));
        cancel(c.display(), &id).await;
        c.find("[data-testid='export-not-saved']").await;
        assert!(!dialog_open(c.display(), TITLE), "the dialog is gone");
        let files = std::fs::read_dir(chosen.path()).unwrap().count();
        assert_eq!(files, 2, "nothing more was written");
        c.close().await;
    })
    .await;
}

#[tokio::test]
async fn the_audit_log_is_saved_where_the_dialog_says() {
    capped("the_audit_log_is_saved_where_the_dialog_says", async {
        let data = tempfile::tempdir().unwrap();
        let chosen = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        open_transaction(&c, "DEAL-2026-0042").await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        c.click("[data-testid='nav-audit']").await;
        c.wait_at_least("[data-testid='audit-row']", 1).await;

        c.find("[data-testid='audit-export']").await.dom_click().await;
        let Some(id) = find_dialog(c.display(), "Export audit log", Duration::from_secs(30)).await else {
            c.fail("the audit log's Save dialog did not open within 30 s");
        };
        tokio::time::sleep(Duration::from_millis(800)).await;
        let path = chosen.path().join("audit.csv");
        save_as(c.display(), &id, path.to_str().unwrap()).await;
        c.until("the audit file", async || path.is_file().then_some(())).await;
        assert!(header_of(&path).starts_with("seq,time,environment_id"), "header: {}", header_of(&path));
        c.close().await;
    })
    .await;
}

#[tokio::test]
async fn in_danish_the_save_dialog_is_titled_in_danish() {
    capped("in_danish_the_save_dialog_is_titled_in_danish", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        escrow_desk_e2e::danish(&c).await;
        c.find("[data-testid='export-button']").await.dom_click().await;
        let Some(id) = find_dialog(c.display(), "Eksportér transaktioner", Duration::from_secs(30)).await else {
            c.fail("no Save dialog titled in Danish");
        };
        tokio::time::sleep(Duration::from_millis(500)).await;
        cancel(c.display(), &id).await;
        c.find("[data-testid='export-not-saved']").await;
        assert!(!dialog_open(c.display(), "Eksportér transaktioner"), "the dialog is gone");
        c.close().await;
    })
    .await
}
