//! Two desks, two data folders, one team store on a real PostgreSQL (the throwaway cluster
//! of `scripts/with-postgres.sh`) and one sandbox: joined to the team, they cannot move the
//! same money twice; the team's rows name each staff member; leaving returns a desk to its
//! own journal, and a restart finds the team again.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::Desk;
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::team::JoinTeam;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{DEMO_KEY, SandboxConfig};
use std::path::Path;

/// A desk of its own (data folder, keychain namespace) with the shared sandbox as its
/// active environment, under a profile id of its own.
fn desk(dir: &Path, keychain: &Keychain, sandbox_url: &str) -> (Domains, String) {
    let app = Domains::new(Desk::new(AppDb::open(&dir.join("app")).unwrap(), keychain.clone(), None).unwrap()).unwrap();
    let profile = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Production".into(),
            base_url: sandbox_url.to_owned(),
            badge: Badge::Production,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    app.environments.set_api_key(&profile.id, DEMO_KEY).unwrap();
    app.desk.select_environment(&profile.id).unwrap();
    (app, profile.id)
}

fn reopen(dir: &Path, keychain: &Keychain) -> Domains {
    Domains::new(Desk::new(AppDb::open(&dir.join("app")).unwrap(), keychain.clone(), None).unwrap()).unwrap()
}

/// A staff member's way in to a fresh team database.
async fn staff(admin: &desk_team::TeamConfig, url: &str, name: &str) -> JoinTeam {
    let user = desk_team::testing::staff(admin, name, "staff-password", desk_team::Group::Operator).await.unwrap();
    JoinTeam { url: url.into(), user, password: "staff-password".into(), ca_file: None }
}

async fn reimbursements(url: &str, transaction_id: &str) -> usize {
    let ledger: serde_json::Value = reqwest::Client::new()
        .get(format!("{url}/_sandbox/ledger"))
        .bearer_auth(DEMO_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let items = ledger["items"].as_array().cloned().unwrap_or_default();
    items.iter().filter(|r| r["kind"] == "reimburse" && r["target"] == transaction_id).count()
}

#[tokio::test(flavor = "multi_thread")]
async fn two_desks_on_one_team_store_reimburse_a_deal_once_and_a_desk_can_leave_and_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain_a = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let keychain_b = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (dir_a, dir_b) = (dir.path().join("a"), dir.path().join("b"));
    let ((a, profile_a), (b, profile_b)) =
        (desk(&dir_a, &keychain_a, &sandbox.url), desk(&dir_b, &keychain_b, &sandbox.url));
    assert_ne!(profile_a, profile_b, "each desk names the service its own way");

    let (url, admin) = desk_team::testing::team_database("desks").await.unwrap();
    let (anna, otto) = (staff(&admin, &url, "anna").await, staff(&admin, &url, "otto").await);
    let bad = JoinTeam { password: "wrong".into(), ..anna.clone() };
    assert_eq!(
        a.team.join_team(&bad).await.unwrap_err().code,
        ErrorCode::Unauthorized,
        "a wrong password is said at once"
    );
    assert!(!a.team.team_status().unwrap().joined);
    let joined = a.team.join_team(&anna).await.unwrap();
    assert_eq!((joined.joined, joined.user.as_deref()), (true, Some(anna.user.as_str())));
    b.team.join_team(&otto).await.unwrap();

    let query = TransactionQuery { search: None, skip: 0, take: 100, filters: None, reference_id: None, sort: None };
    let page = a.transactions.list_transactions(&query).await.unwrap();
    let deal = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid deal").transaction_id.clone();
    let reimburse = TransactionAction::Reimburse { transaction_id: deal.clone(), amount: "10.00".into() };

    // Both staff reimburse the deal at the same moment, each from their own desk.
    let (ra, rb) = tokio::join!(a.actions.start_action(&reimburse), b.actions.start_action(&reimburse));
    let (won, refused) = match (ra, rb) {
        (Ok(rec), Err(e)) | (Err(e), Ok(rec)) => (rec, e),
        other => panic!("exactly one desk moves the money: {other:?}"),
    };
    assert_eq!(won.state, ActionState::Succeeded, "{won:?}");
    assert_eq!(refused.code, ErrorCode::InProgress, "{refused:?}");
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 1, "the service did it once");
    // The desk shows the record under its own environment's id, not the team's name.
    assert!([&profile_a, &profile_b].contains(&&won.environment_id), "{won:?}");

    // Leaving returns A to its own journal: its next action is not the team's.
    let left = a.team.leave_team().unwrap();
    assert!(!left.joined);
    assert!(a.actions.open_actions().await.unwrap().is_empty());

    // B restarted finds its team again, the password from the keychain.
    drop(b);
    let b = reopen(&dir_b, &keychain_b);
    assert_eq!(b.team.team_status().unwrap().user.as_deref(), Some(otto.user.as_str()));
    let again = b.actions.start_action(&reimburse).await.unwrap();
    assert_eq!(again.state, ActionState::Succeeded, "a new decision after the first ended");
    assert_eq!(reimbursements(&sandbox.url, &deal).await, 2);
    b.team.leave_team().unwrap();
    let _ = keychain_a.delete("team-store-password");
}
