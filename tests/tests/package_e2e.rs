//! Run by `make package-test` (ignored otherwise): the app installed from the deb into a
//! throwaway root (`ESCROW_DESK_BIN`) starts under Xvfb on a fresh data folder, renders its
//! first page with the built-in Sandbox's transactions, and writes its log files.

use escrow_desk_e2e::{AppWindow, capped};

#[tokio::test]
#[ignore = "needs the installed deb; run by scripts/package-test.sh"]
async fn the_installed_app_renders_its_first_page() {
    capped("the_installed_app_renders_its_first_page", async {
        let bin = std::env::var("ESCROW_DESK_BIN").expect("ESCROW_DESK_BIN names the installed binary");
        assert!(!bin.contains("/target/"), "this checks the installed binary, not a build: {bin}");
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.wait_at_least("[data-testid='transaction-row']", 1).await;
        c.screenshot("installed-first-page.png").await;
        c.close().await;
        assert!(data.path().join("logs").is_dir(), "the installed app writes its log files");
    })
    .await
}
