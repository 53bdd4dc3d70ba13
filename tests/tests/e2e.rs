//! End-to-end: the real app window, driven through tauri-driver and WebKitWebDriver,
//! on the built-in Sandbox with demo data, and on a sandbox of the test's own through a
//! keychain-stored profile. Run by `make test` (inside a private D-Bus session with a
//! throwaway keyring; see scripts/with-session.sh); each window on a display of its own.

use escrow_desk_e2e::{
    self as steps, AppWindow, Control, ProfileForm, capped, kill_all, open_transaction, own_sandbox, run_action,
};
use serde_json::json;

#[tokio::test]
async fn search_then_open_a_transaction_and_read_its_detail() {
    capped("search_then_open_a_transaction_and_read_its_detail", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        assert!(c.count("[data-testid='transaction-row']").await >= 10);
        assert!(c.text("[data-testid='result-count']").await.contains("200"));
        assert_eq!(c.text("[data-testid='env-badge']").await.to_lowercase(), "sandbox");
        c.screenshot("transactions.png").await;

        c.find("[data-testid='search-input']").await.send_keys("ev 48 2").await;
        c.wait_count("[data-testid='transaction-row']", 1).await;
        c.click("[data-testid='transaction-row']").await;

        assert!(c.text("[data-testid='detail-title']").await.contains("Tesla Model Y Long Range"));
        assert_eq!(c.text("[data-testid='detail-reference']").await, "DEAL-2026-0042");
        let amount = c.text("[data-testid='detail-amount']").await;
        assert!(amount.contains("289") && amount.contains("500"), "amount shown: {amount}");
        assert_eq!(c.text("[data-testid='detail-payer-name']").await, "Mette Kjær Nielsen");
        assert_eq!(c.text("[data-testid='detail-payee-name']").await, "Bilhuset Vejle ApS");
        assert_eq!(c.text("[data-testid='detail-vehicle-registration']").await, "EV 48 213");
        assert_eq!(c.text("[data-testid='detail-vehicle-vin']").await, "5YJYGDEE8PF482131");
        assert!(c.text("[data-testid='detail-status']").await.to_uppercase().contains("PAID"));
        c.screenshot("transaction-detail.png").await;

        c.click("[data-testid='back-button']").await;
        c.wait_count("[data-testid='transaction-row']", 1).await;

        // The capability grants the app's own commands only: core commands are refused.
        let probe = "const done = arguments[arguments.length - 1]; window.__TAURI_INTERNALS__.invoke(arguments[0], {}) \
                     .then(() => done('allowed'), (e) => done('refused: ' + e));";
        for command in ["plugin:window|close", "plugin:event|listen", "plugin:path|resolve_directory", "not_a_command"]
        {
            let answer = c.execute_async(probe, vec![json!(command)]).await;
            let answer = answer.as_str().unwrap_or_default().to_owned();
            assert!(answer.starts_with("refused"), "{command}: {answer}");
        }
        let own = c.execute_async(probe, vec![json!("list_environments")]).await;
        assert_eq!(own.as_str(), Some("allowed"));
        c.close().await;
    })
    .await
}

// ---- actions against a sandbox of the test's own, through a keychain-stored profile ----

const TENANT_KEY: &str = "e2e-tenant-key-5b7d";

/// Adds a profile for `url` with the key (stored in the keychain) and switches to it.
async fn add_profile(c: &AppWindow, url: &str) {
    let form = ProfileForm { name: "Forhandler A/S", url, key: TENANT_KEY, dialect: None };
    steps::add_profile(c, form).await;
}

#[tokio::test]
async fn staff_actions_run_once_through_a_keychain_profile() {
    capped("staff_actions_run_once_through_a_keychain_profile", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), TENANT_KEY).await;
        let control = Control::new(&sb.url, TENANT_KEY);
        let page = control.get("/v2/transactions?Take=100").await;
        let created =
            page["items"].as_array().unwrap().iter().find(|t| t["status"] == "CREATED").unwrap()["referenceId"]
                .as_str()
                .unwrap()
                .to_owned();

        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        add_profile(&c, &sb.url).await;

        open_transaction(&c, "DEAL-2026-0042").await;
        assert_eq!(run_action(&c, "action-reimburse", &[("action-amount", "1500")]).await, "succeeded");
        assert_eq!(
            run_action(
                &c,
                "action-split-payout",
                &[
                    ("action-amount", "2500"),
                    ("action-recipient", "option:TENANT"),
                    ("action-timing", "option:NEXT_PAYOUT")
                ]
            )
            .await,
            "succeeded"
        );
        c.wait_count("[data-testid='split-payout-row']", 2).await;
        c.screenshot("transaction-actions.png").await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        c.until("status succeeded", async || {
            (c.attr("[data-testid='detail-status']", "data-status").await == "SUCCEEDED").then_some(())
        })
        .await;

        c.click("[data-testid='back-button']").await;
        open_transaction(&c, &created).await;
        assert_eq!(run_action(&c, "action-cancel", &[("action-reason", "Kunden fortrød")]).await, "succeeded");

        c.click("[data-testid='nav-audit']").await;
        c.wait_count("[data-testid='audit-row']", 8).await;
        assert!(c.text("[data-testid='audit-integrity']").await.contains('8'));
        c.screenshot("audit-log.png").await;
        c.close().await;
        for kind in ["reimburse", "create_split_payout", "payout", "cancel"] {
            assert_eq!(control.ledger(kind).await.len(), 1, "{kind} executed exactly once");
        }
    })
    .await
}

#[tokio::test]
async fn an_action_cut_off_by_a_killed_app_is_resumed_once_after_restart() {
    capped("an_action_cut_off_by_a_killed_app_is_resumed_once_after_restart", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), TENANT_KEY).await;
        let control = Control::new(&sb.url, TENANT_KEY);
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        add_profile(&c, &sb.url).await;
        open_transaction(&c, "DEAL-2026-0042").await;

        // The payout executes on the server, but its answer is held back for 60 s...
        let hold =
            json!({"rules": [{"method": "POST", "pathPrefix": "/v2/", "kind": "delay", "delayMs": 60000, "count": 1}]});
        control.put("/_sandbox/faults", hold).await;
        c.click("[data-testid='action-payout']").await;
        let amount = c.text("[data-testid='confirm-amount-expected']").await;
        c.type_into("[data-testid='confirm-amount-input']", &amount).await;
        c.click("[data-testid='action-confirm']:not([disabled])").await;
        c.until("the payout to reach the server", async || (!control.ledger("payout").await.is_empty()).then_some(()))
            .await;
        // ...and the app is killed while it waits.
        let pids = c.app_pids();
        assert_eq!(pids.len(), 1, "one app process under tauri-driver: {pids:?}");
        kill_all(&pids);
        drop(c);

        let c = AppWindow::open(data.path()).await;
        c.find_for("[data-testid='pending-banner']", std::time::Duration::from_secs(30)).await;
        c.click("[data-testid='pending-review']").await;
        c.wait_count("[data-testid='pending-action']", 1).await;
        c.screenshot("pending-action.png").await;
        c.click("[data-testid='pending-retry']").await;
        c.wait_count("[data-testid='pending-action']", 0).await;
        c.close().await;
        assert_eq!(control.ledger("payout").await.len(), 1, "executed exactly once");
        let t = control.get("/v2/transactions?ReferenceId=DEAL-2026-0042").await;
        assert_eq!(t["items"][0]["status"], "SUCCEEDED");
    })
    .await
}
