//! The team desk in real windows, against a real PostgreSQL (the throwaway cluster of
//! `scripts/with-postgres.sh`): the Team section joins (a wrong password is said and the form
//! kept) and leaves; and two windows on one team store and one sandbox make four-eyes work:
//! desk A asks for a payout over the admin's threshold, desk B sees it within a second,
//! approves it, it is sent once, both windows show it done, and the team's audit trail names
//! A as requester and B as approver.

use escrow_desk_e2e::{
    AppWindow, Control, ProfileForm, add_profile, capped, detail_id, open_transaction, own_sandbox, run_action,
};
use std::time::{Duration, Instant};

const KEY: &str = "team-e2e-key";

/// A team database made by `team init` with a staff login; (address, login, password).
async fn team_store() -> (String, String, String) {
    let (url, admin) = desk_team::testing::team_database("window").await.unwrap();
    let staff = desk_team::testing::staff(&admin, "anna", "staff-password", desk_team::Group::Operator).await.unwrap();
    (url, staff, "staff-password".into())
}

#[tokio::test]
async fn a_desk_joins_its_team_store_from_the_environments_page_and_leaves_it() {
    capped("a_desk_joins_its_team_store_from_the_environments_page_and_leaves_it", async {
        let (url, staff, password) = team_store().await;
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='nav-environments']").await;
        c.find("[data-testid='team-form']").await;
        assert!(c.content("[data-testid='team-status']").await.contains("its own data folder"));

        c.type_into("[data-testid='team-url']", &url).await;
        c.type_into("[data-testid='team-user']", &staff).await;
        c.type_into("[data-testid='team-password']", "not-the-password").await;
        c.click("[data-testid='team-join']").await;
        let refusal = c.content("[data-testid='team-error']").await;
        assert!(refusal.contains("The team store refused your login or password."), "{refusal}");
        assert!(!refusal.contains("not-the-password") && !refusal.contains("API key"), "{refusal}");
        c.execute("document.querySelector(\"[data-testid='team-error']\").scrollIntoView({block: 'center'});", vec![])
            .await;
        c.screenshot("team-refused.png").await;

        c.type_into("[data-testid='team-password']", &password).await;
        c.click("[data-testid='team-join']").await;
        c.until("the joined status", async || {
            let status = c.content("[data-testid='team-status']").await;
            status.contains(&format!("as {staff}")).then_some(())
        })
        .await;
        assert!(c.try_find("[data-testid='team-password']").await.is_none(), "no password field once joined");
        c.screenshot("team-joined.png").await;

        c.click("[data-testid='team-leave']").await;
        c.click("[data-testid='confirm-ok']").await;
        c.find("[data-testid='team-form']").await;
        assert!(c.content("[data-testid='team-status']").await.contains("its own data folder"));
        c.close().await;
    })
    .await
}

/// Joins the window's desk to the team store as `user` from Environments → Team.
async fn join(c: &AppWindow, url: &str, user: &str, password: &str) {
    c.click("[data-testid='nav-environments']").await;
    c.type_into("[data-testid='team-url']", url).await;
    c.type_into("[data-testid='team-user']", user).await;
    c.type_into("[data-testid='team-password']", password).await;
    c.click("[data-testid='team-join']").await;
    c.until("the joined status", async || {
        c.content("[data-testid='team-status']").await.contains(&format!("as {user}")).then_some(())
    })
    .await;
}

/// A window of its own data folder on the shared sandbox (profile "Forhandler A/S"), joined.
async fn desk(data: &std::path::Path, sandbox: &str, store: &str, user: &str) -> AppWindow {
    let c = AppWindow::open(data).await;
    c.wait_ready().await;
    add_profile(&c, ProfileForm { name: "Forhandler A/S", url: sandbox, key: KEY, dialect: None }).await;
    join(&c, store, user, "staff-password").await;
    c
}

#[tokio::test]
async fn a_payout_over_the_threshold_is_approved_on_a_second_desk_and_sent_once() {
    capped("a_payout_over_the_threshold_is_approved_on_a_second_desk_and_sent_once", async {
        let (store, admin) = desk_team::testing::team_database("foureyes").await.unwrap();
        let anna = desk_team::testing::staff(&admin, "anna", "staff-password", desk_team::Group::Operator).await.unwrap();
        let bo = desk_team::testing::staff(&admin, "bo", "staff-password", desk_team::Group::Admin).await.unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), KEY).await;
        let control = Control::new(&sb.url, KEY);
        let (data_a, data_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let a = desk(data_a.path(), &sb.url, &store, &anna).await;
        let b = desk(data_b.path(), &sb.url, &store, &bo).await;

        // Bo, an admin, sets the rule on his Team section; Anna is told only an admin can.
        b.find("[data-testid='rule-form']").await;
        b.click("[data-testid='rule-kind'] option[value='payout']").await;
        b.type_into("[data-testid='rule-from']", "1000").await;
        b.click("[data-testid='rule-add']").await;
        b.wait_count("[data-testid='approval-rule']", 1).await;
        assert!(b.content("[data-testid='approval-rule']").await.contains("Forhandler A/S"));
        b.screenshot("team-rule.png").await;
        a.click("[data-testid='nav-overview']").await;
        a.click("[data-testid='nav-environments']").await;
        a.find("[data-testid='rules-admin-only']").await;
        assert!(a.try_find("[data-testid='rule-form']").await.is_none(), "an operator has no rule form");

        // Anna asks for the payout: it waits; nothing is sent.
        open_transaction(&a, "DEAL-2026-0042").await;
        let deal = detail_id(&a).await;
        assert_eq!(run_action(&a, "action-payout", &[]).await, "awaiting_approval");
        let asked = Instant::now();
        assert!(control.ledger("payout").await.is_empty(), "sent before approval");

        // Bo's window shows it waiting within a second of Anna's desk recording it.
        b.until_for("the approval to reach the second desk", Duration::from_secs(10), async || {
            b.try_find("[data-testid='nav-approvals-count']").await.map(|_| ())
        })
        .await;
        let seen_in = asked.elapsed();
        eprintln!("the second desk saw the request {seen_in:?} after the first desk showed it");
        assert!(seen_in < Duration::from_secs(1), "seen after {seen_in:?}");
        assert_eq!(b.text("[data-testid='nav-approvals-count']").await, "1");

        b.click("[data-testid='nav-approvals']").await;
        let item = b.find("[data-testid='approval-item']").await;
        assert!(item.content().await.contains(&format!("Asked by {anna}")));
        b.click("[data-testid='approval-review']").await;
        b.find("[data-testid='approval-review-panel'] [data-testid='consequence-panel']").await;
        b.type_into("[data-testid='approval-note']", "Checked with the dealer").await;
        b.screenshot("team-approval-review.png").await;
        b.click("[data-testid='approval-approve']:not([disabled])").await;
        b.find("[data-testid='approvals-for-me-empty']").await;

        // Sent once; Anna's window shows it done without her doing anything.
        a.until("the first desk to show the payout done", async || {
            (a.attr("[data-testid='action-result']", "data-state").await == "succeeded").then_some(())
        })
        .await;
        a.screenshot("team-approved-on-requester.png").await;
        let payouts = control.ledger("payout").await;
        assert_eq!(payouts.iter().filter(|p| p["target"] == deal.as_str()).count(), 1, "{payouts:?}");

        let sql = desk_team::connect(&admin).await.unwrap();
        let rows = sql
            .query(
                "SELECT phase, outcome, actor::text FROM escrow.audit WHERE kind = 'payout' AND target = $1 ORDER BY seq",
                &[&deal],
            )
            .await
            .unwrap();
        let trail: Vec<(String, String, String)> = rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect();
        assert_eq!(
            trail,
            [
                ("intent".into(), "awaiting_approval".into(), anna.clone()),
                ("approval".into(), "approved".into(), bo.clone()),
                ("outcome".into(), "succeeded".into(), bo.clone()),
            ]
        );
        a.close().await;
        b.close().await;
    })
    .await
}
