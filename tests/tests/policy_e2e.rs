//! The organisation's policy in the real window (`ESCROW_DESK_POLICY` names the file): its
//! environment is the desk's, marked as the organisation's, without the built-in Sandbox; the
//! user stores their own key for it and works; a policy file that is not a policy is said at
//! start and none of it holds.

use escrow_desk_e2e::{AppWindow, Launch, capped, own_sandbox};

const KEY: &str = "policy-e2e-key";

#[tokio::test]
async fn the_organisations_environment_is_the_desks_and_the_user_stores_its_key() {
    capped("the_organisations_environment_is_the_desks_and_the_user_stores_its_key", async {
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), KEY).await;
        let data = tempfile::tempdir().unwrap();
        let policy = data.path().join("policy.json");
        std::fs::write(
            &policy,
            format!(
                r#"{{"environments": [{{"id": "prod", "name": "Forhandler A/S", "baseUrl": "{}", "badge": "production"}}],
                    "builtinSandbox": false, "locked": ["environments"]}}"#,
                sb.url
            ),
        )
        .unwrap();
        let c = AppWindow::launch(Launch::new(data.path()).env("ESCROW_DESK_POLICY", Some(policy.as_os_str()))).await;
        c.click("[data-testid='nav-environments']").await;
        c.wait_count("[data-testid='environment-item']", 1).await;
        let env = c.find("[data-testid='environment-item'][data-id='org:prod']").await;
        assert!(env.find("[data-testid='env-managed']").await.content().await.contains("Set by your organisation"));
        c.find("[data-testid='envs-locked']").await;
        assert!(c.try_find("[data-testid='env-delete']").await.is_none());
        c.click("[data-testid='env-edit']").await;
        c.type_into("[data-testid='profile-api-key']", KEY).await;
        c.click("[data-testid='profile-save']").await;
        c.until("the key stored", async || {
            c.attr("[data-testid='environment-item'][data-id='org:prod'] [data-testid='env-key-state']", "class")
                .await
                .contains("has-key")
                .then_some(())
        })
        .await;
        c.screenshot("policy-environments.png").await;
        c.click("[data-testid='nav-transactions']").await;
        c.wait_at_least("[data-testid='transaction-row']", 1).await;
        c.close().await;

        // Not a policy: said at start, and the desk is as without one (the built-in Sandbox).
        std::fs::write(&policy, "{ not json").unwrap();
        let fresh = tempfile::tempdir().unwrap();
        let c = AppWindow::launch(Launch::new(fresh.path()).env("ESCROW_DESK_POLICY", Some(policy.as_os_str()))).await;
        let notice = c.find("[data-testid='startup-notice'][data-kind='policy_unreadable']").await;
        assert!(notice.content().await.contains("could not be used"), "{}", notice.content().await);
        c.wait_ready().await;
        c.screenshot("policy-unreadable.png").await;
        c.close().await;
    })
    .await
}
