//! Links handed to the window, read against the desk's environments: the built-in Sandbox by
//! `sandbox`, a profile by the service's address (what two desks share), then by id or name;
//! a link to an environment the desk lacks, or one it cannot read, opens nothing and says why.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::links::parse::LinkTarget;
use escrow_desk::links::resolve::LinkProblem;
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::wiring::Domains;

#[test]
fn links_open_in_the_environment_they_name_or_say_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            Keychain::with_service("dk.escrowdesk.test.links"),
            Some(BuiltInSandbox { url: "http://127.0.0.1:9".into(), key: "k".into() }),
        )
        .unwrap(),
    )
    .unwrap();
    let live = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Live".into(),
            base_url: "https://api.escrow.example".into(),
            badge: Badge::Production,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    let deal = LinkTarget::Transaction { id: "tx-42".into() };
    let sandbox_link = app.links.link_to(&deal).unwrap();
    assert_eq!(sandbox_link, "escrow-desk://open/transaction/tx-42?environment=sandbox");

    for raw in [
        sandbox_link.clone(),
        "escrow-desk://open/transaction/tx-42?environment=https%3A%2F%2Fapi.escrow.example%2F".into(),
        "escrow-desk://open/user/u-1?environment=LIVE".into(),
        "escrow-desk://open/transactions?environment=https%3A%2F%2Fapi.elsewhere.example&status=PAID".into(),
        "escrow-desk://open/transaction/tx-42?environment=sandbox&x=1".into(),
    ] {
        app.links.push(raw);
    }
    let views = app.links.take_views().unwrap();
    assert!(app.links.take_views().unwrap().is_empty(), "taken once");
    let builtin = app.desk.list_environments().unwrap().environments.into_iter().find(|e| e.built_in).unwrap();
    assert_eq!(
        (views[0].environment_id.as_deref(), views[0].target.as_ref()),
        (Some(builtin.id.as_str()), Some(&deal))
    );
    assert_eq!(views[1].environment_id.as_deref(), Some(live.id.as_str()), "by the service's address");
    assert_eq!(views[2].environment_id.as_deref(), Some(live.id.as_str()), "by name");
    assert_eq!(
        views[3].problem,
        Some(LinkProblem::UnknownEnvironment { environment: "https://api.elsewhere.example".into() })
    );
    assert!(views[3].target.is_none() && views[3].environment_id.is_none(), "opens nothing");
    assert!(matches!(views[4].problem, Some(LinkProblem::Unreadable { .. })));

    app.desk.select_environment(&live.id).unwrap();
    assert_eq!(
        app.links.link_to(&deal).unwrap(),
        "escrow-desk://open/transaction/tx-42?environment=https%3A%2F%2Fapi.escrow.example"
    );
    assert!(app.links.link_to(&LinkTarget::Transaction { id: "a b".into() }).is_err(), "no link a desk could not read");
}
