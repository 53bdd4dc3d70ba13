//! An embedding host gives the sandbox's connection caches back at its idle moments
//! (`RunningSandbox::release_memory`): every connection not in use shrinks, and the
//! sandbox answers as before.

use escrow_sandbox::{DEMO_KEY, DEMO_TENANT, SandboxConfig, Seed};

#[tokio::test]
async fn every_idle_connection_shrinks_and_the_list_answers_the_same() {
    let dir = tempfile::tempdir().unwrap();
    escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, 2_000).await.unwrap();
    let mut config = SandboxConfig::demo(dir.path());
    config.seed = Seed::None;
    let sandbox = escrow_sandbox::start(config).await.unwrap();
    let page = |skip: usize| {
        let url = format!("{}/v2/transactions?Take=100&Skip={skip}", sandbox.url);
        async move {
            let r = reqwest::Client::new().get(url).bearer_auth(DEMO_KEY).send().await.unwrap();
            assert!(r.status().is_success());
            r.json::<serde_json::Value>().await.unwrap()
        }
    };
    // Every page read once: the readers' caches hold the table.
    let mut first = Vec::new();
    for skip in (0..2_000).step_by(100) {
        first.push(page(skip).await);
    }
    assert_eq!(sandbox.release_memory(), 5, "the writer and the four readers");
    assert_eq!(page(0).await, first[0]);
    assert_eq!(page(1_900).await, first[19]);
}
