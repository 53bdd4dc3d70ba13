//! End-to-end against a sandbox that speaks the published documentation's dialect
//! (`safepayAccountId`, `symblepayUserId`, `/v2/checkout/marketplace`, the published
//! trade routes, numeric action types; the specs' names refused with a 400). The core
//! walk (search → detail → payout) and a trade walk to finished run through a profile
//! whose dialect is "Published documentation"; a profile left on the specs' dialect is
//! refused by that service, and switching its dialect makes it work.

use escrow_desk_e2e::{
    AppWindow, Control, ProfileForm, add_profile, capped, fill_business_user, initiate_trade, open_transaction,
    own_sandbox_in, run_action, walk_trade_to_finished,
};
use escrow_sandbox::dialect::Dialect;
use serde_json::json;

const KEY: &str = "e2e-published-key-81c2";

#[tokio::test]
async fn the_core_walk_works_through_a_published_profile_and_a_spec_profile_can_switch() {
    capped("the_core_walk_works_through_a_published_profile_and_a_spec_profile_can_switch", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox_in(sandbox_dir.path(), KEY, Dialect::Published).await;
        let control = Control::new(&sb.url, KEY);
        // The service answers in its own names.
        let page = control.get("/v2/transactions?ReferenceId=DEAL-2026-0042").await;
        assert!(page["items"][0]["payee"].get("safepayAccountId").is_some(), "published names: {page}");

        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;

        // On the specs' dialect, reading works (answers are read in either) but the
        // payout names the account `serviceAccountId`: the service refuses it.
        let form = ProfileForm { name: "Safepay (spec)", url: &sb.url, key: KEY, dialect: Some("spec") };
        let id = add_profile(&c, form).await;
        open_transaction(&c, "DEAL-2026-0042").await;
        assert_eq!(c.text("[data-testid='detail-payee-name']").await, "Bilhuset Vejle ApS");
        assert_eq!(run_action(&c, "action-payout", &[]).await, "failed");
        assert!(control.ledger("payout").await.is_empty(), "nothing was paid out");

        // The same profile switched to the published dialect: search, detail, payout.
        c.click("[data-testid='nav-environments']").await;
        c.find(&format!("[data-testid='environment-item'][data-id='{id}'] [data-testid='env-edit']"))
            .await
            .click()
            .await;
        c.click("[data-testid='profile-dialect'] option[value='published']").await;
        c.click("[data-testid='profile-save']").await;
        let dialect = format!("[data-testid='environment-item'][data-id='{id}'] [data-testid='env-dialect']");
        c.until("the profile to show the published dialect", async || {
            (c.attr(&dialect, "data-dialect").await == "published").then_some(())
        })
        .await;
        c.screenshot("environment-published-dialect.png").await;

        open_transaction(&c, "EV 48 2").await;
        assert_eq!(c.text("[data-testid='detail-reference']").await, "DEAL-2026-0042");
        assert_eq!(c.text("[data-testid='detail-payer-name']").await, "Mette Kjær Nielsen");
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        c.until("status succeeded", async || {
            (c.attr("[data-testid='detail-status']", "data-status").await == "SUCCEEDED").then_some(())
        })
        .await;
        c.close().await;
        assert_eq!(control.ledger("payout").await.len(), 1, "paid out exactly once");
        let t = control.get("/v2/transactions?ReferenceId=DEAL-2026-0042").await;
        assert_eq!(t["items"][0]["status"], "SUCCEEDED");
    })
    .await
}

#[tokio::test]
async fn a_trade_walks_to_finished_through_a_published_profile() {
    capped("a_trade_walks_to_finished_through_a_published_profile", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox_in(sandbox_dir.path(), KEY, Dialect::Published).await;
        let control = Control::new(&sb.url, KEY);

        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        add_profile(&c, ProfileForm { name: "Symblepay", url: &sb.url, key: KEY, dialect: Some("published") }).await;

        fill_business_user(&c, "29876543").await;
        c.submit("[data-testid='bu-save']").await;
        let seller = c.attr("[data-testid='business-user-row']", "data-user-id").await;
        assert!(!seller.is_empty(), "the business user's id (symblepayUserId) is shown");

        control.post("/_sandbox/trade/users", json!({ "marketplaceUserId": "e2e-buyer", "name": "Mette Buyer" })).await;
        initiate_trade(&c, "e2e-buyer", &seller, "Racercykel", "1500").await;
        // The published status lists `{type, text}` actions: the app names them and
        // offers the same buttons as in the specs' dialect.
        walk_trade_to_finished(&c, &control).await;
        c.screenshot("trade-finished-published.png").await;
        c.close().await;

        let ledger = control.get("/_sandbox/ledger").await;
        let rows = ledger["items"].as_array().cloned().unwrap_or_default();
        let count = |kind: &str| rows.iter().filter(|r| r["kind"] == kind).count();
        assert_eq!((count("trade.payment"), count("trade.shipment.delivery"), count("trade.release")), (1, 1, 1));
    })
    .await
}
