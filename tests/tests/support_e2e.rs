//! End-to-end: what support relies on. A walk that moves money leaves log files in the
//! data folder's `logs` with the action's correlation id and idempotency key and never the
//! API key; the diagnostics name the version and the log folder and hold no key; a second
//! start on the same data folder hands over to the running window and exits.

use escrow_desk_e2e::{
    AppWindow, Control, ProfileForm, add_profile, app_binary, capped, open_transaction, own_sandbox, run_action,
};
use std::path::Path;
use std::time::{Duration, Instant};

const KEY: &str = "e2e-support-key-5d71f0c2";

fn read_logs(dir: &Path) -> String {
    let mut all = String::new();
    for entry in std::fs::read_dir(dir.join("logs")).expect("a logs folder in the data folder").flatten() {
        all.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
    }
    all
}

#[tokio::test]
async fn logs_and_diagnostics_help_support_and_never_hold_a_key() {
    capped("logs_and_diagnostics_help_support_and_never_hold_a_key", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), KEY).await;
        let control = Control::new(&sb.url, KEY);

        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        add_profile(&c, ProfileForm { name: "Support check", url: &sb.url, key: KEY, dialect: None }).await;
        open_transaction(&c, "DEAL-2026-0042").await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        let payouts = control.ledger("payout").await;
        assert_eq!(payouts.len(), 1);

        // Diagnostics, as "Copy diagnostics" gets them.
        let text = c.diagnostics().await;
        assert!(text.starts_with("Escrow Desk "), "{text}");
        assert!(text.contains(&data.path().join("logs").display().to_string()), "names the log folder: {text}");
        assert!(text.contains("Support check"), "names the environment: {text}");
        assert!(!text.contains(KEY), "no key in the diagnostics");

        // The Help menu's item runs through the same path (the menu hands its id over).
        c.execute("window.dispatchEvent(new CustomEvent('desk-menu', { detail: 'copy-diagnostics' }))", vec![]).await;
        c.find(".toast").await;

        // A second start on the same data folder hands over and exits; the first keeps working.
        let started = Instant::now();
        let mut second = std::process::Command::new(app_binary())
            .env("DISPLAY", c.display())
            .env("ESCROW_DESK_DATA_DIR", data.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let status = loop {
            if let Some(status) = second.try_wait().unwrap() {
                break Some(status);
            }
            if started.elapsed() > Duration::from_secs(30) {
                let _ = second.kill();
                break None;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        let status = status.expect("the second start exits instead of opening a second window");
        assert!(status.success(), "the second start exits cleanly: {status}");
        c.click("[data-testid='nav-transactions']").await;
        c.wait_at_least("[data-testid='transaction-row']", 1).await;
        c.close().await;

        // The log files: the payout's key and correlation id are there, the API key is not.
        let logs = read_logs(data.path());
        let key = payouts[0]["idempotencyKey"].as_str().expect("the ledger keeps the idempotency key");
        assert!(logs.contains(key), "the payout's idempotency key is in the logs");
        assert!(logs.contains("action succeeded") && logs.contains("correlation_id="), "{logs}");
        assert!(logs.contains("command=list_transactions"), "commands are logged");
        assert!(!logs.contains(KEY), "the API key is in the log files");
        assert!(!logs.contains(escrow_sandbox::DEMO_KEY), "the built-in Sandbox's key is in the log files");
        assert!(!logs.to_lowercase().contains("bearer "), "an Authorization header is in the log files");
    })
    .await
}
