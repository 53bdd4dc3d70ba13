//! The Team section of the Environments page in the real window, against a real PostgreSQL
//! (the throwaway cluster of `scripts/with-postgres.sh`): a wrong password is said and the
//! form kept; the right one joins, the page says where this desk journals, and leaving asks
//! first and returns the desk to its own journal.

use escrow_desk_e2e::{AppWindow, capped};

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
