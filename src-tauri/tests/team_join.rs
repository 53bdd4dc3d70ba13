//! Joining brings the desk's own journal into the team store (a real PostgreSQL, one
//! sandbox): an open action whose request reached the service is the team's now, and a
//! colleague's desk reconciles it without a second send; the desk's audit chain is copied
//! after it checked, and a second join continues it from where the first import ended.

mod team_desks;

use escrow_desk::appdb::AppDb;
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::{self, ActionState};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::team::{JoinTeam, TeamAdminInput, TeamTask};
use escrow_desk::transactions::actions::TransactionAction;
use escrow_sandbox::SandboxConfig;
use team_desks::{all_deals, desk, ledger, staff};

#[tokio::test(flavor = "multi_thread")]
async fn joining_brings_open_actions_and_the_audit_chain_and_a_colleague_reconciles_without_resending() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (a, env_a) = desk(&dir.path().join("a"), &keychain, &sandbox.url);
    let (b, _) = desk(&dir.path().join("b"), &keychain, &sandbox.url);
    let page = a.transactions.list_transactions(&all_deals()).await.unwrap();
    let paid: Vec<String> =
        page.items.iter().filter(|t| t.status.as_str() == "PAID").take(2).map(|t| t.transaction_id.clone()).collect();

    // On its own, desk A reimburses once, then asks a second reimbursement whose request
    // reaches the service but whose answer the desk never records (it died).
    let first = TransactionAction::Reimburse { transaction_id: paid[0].clone(), amount: "10.00".into() };
    assert_eq!(a.actions.start_action(&first, None).await.unwrap().state, ActionState::Succeeded);
    let cut = TransactionAction::Reimburse { transaction_id: paid[1].clone(), amount: "20.00".into() };
    let db = AppDb::open(&dir.path().join("a").join("app")).unwrap();
    let open = journal::local::record_intent(&db, a.desk.audit_trail(), &env_a, &cut).unwrap();
    let client = escrow_api::Client::builder(&sandbox.url, escrow_sandbox::DEMO_KEY).build().unwrap();
    journal::send_unrecorded(&client, &open).await.unwrap();
    drop(db);
    let local_rows = a.audit.verify_audit_log().unwrap().rows;
    assert!(local_rows >= 3, "{local_rows}");

    let (url, admin) = desk_team::testing::team_database("join").await.unwrap();
    let (anna, bo) = (staff(&admin, &url, "anna").await, staff(&admin, &url, "bo").await);
    a.team.join_team(&anna).await.unwrap();
    b.team.join_team(&bo).await.unwrap();

    // The open action is the team's: Bo's desk sees it and reconciles it, sending nothing.
    let team_open = b.actions.open_actions().await.unwrap();
    assert_eq!(team_open.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), [open.id.as_str()]);
    assert_eq!(team_open[0].idempotency_key, open.idempotency_key, "the same key: a resend is the same request");
    let done = b.actions.retry_action(&open.id).await.unwrap();
    assert_eq!(done.state, ActionState::Succeeded, "{done:?}");
    assert_eq!(ledger(&sandbox.url, "reimburse", &paid[1]).await, 1, "reconciled, not sent again");

    // The team's trail holds A's chain, every row, and the import that names it.
    let sql = desk_team::connect(&admin).await.unwrap();
    let imported: i64 =
        sql.query_one("SELECT count(*) FROM escrow.audit WHERE phase = 'imported'", &[]).await.unwrap().get(0);
    assert_eq!(imported, local_rows);
    let who: String = sql.query_one("SELECT imported_by::text FROM escrow.imports", &[]).await.unwrap().get(0);
    assert_eq!(who, anna.user);
    let brought: String = sql
        .query_one("SELECT actor::text FROM escrow.audit WHERE phase = 'import' AND action_id IS NOT NULL", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(brought, anna.user, "the open action was brought by Anna");
    let breaks: Option<i64> = sql.query_one("SELECT escrow.audit_first_break()", &[]).await.unwrap().get(0);
    assert_eq!(breaks, None);

    // Back on its own, A has no open action of its own left; its next rows are brought by
    // the next join, continuing the chain where the first import ended.
    a.team.leave_team().unwrap();
    assert!(a.actions.open_actions().await.unwrap().is_empty(), "the desk's own journal closed it");
    let again = TransactionAction::Reimburse { transaction_id: paid[0].clone(), amount: "5.00".into() };
    assert_eq!(a.actions.start_action(&again, None).await.unwrap().state, ActionState::Succeeded);
    a.team.join_team(&anna).await.unwrap();
    let imports: Vec<(i64, i64)> = sql
        .query("SELECT from_seq, to_seq FROM escrow.imports ORDER BY id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(imports.len(), 2, "{imports:?}");
    assert_eq!(imports[1].0, imports[0].1 + 1, "the second import starts where the first ended: {imports:?}");
    assert!(imports[1].1 > imports[1].0, "with the rows since: {imports:?}");
    a.team.leave_team().unwrap();
    b.team.leave_team().unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn an_administrator_sets_the_store_up_and_adds_a_staff_member_from_a_desk_who_then_joins() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let (a, _) = desk(&dir.path().join("a"), &keychain, &sandbox.url);
    let (url, admin) = desk_team::testing::team_database("admin").await.unwrap();
    let input = |password: &str, task: TeamTask| TeamAdminInput {
        url: url.clone(),
        admin: admin.user.clone(),
        password: password.into(),
        ca_file: None,
        task,
    };
    let refused = a.team.administer_team(&input("wrong", TeamTask::Init)).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Unauthorized, "{refused:?}");
    let said = a.team.administer_team(&input(&admin.password, TeamTask::Init)).await.unwrap();
    assert_eq!(said, format!("the team schema is up to date (step {})", desk_team::schema_version()));

    let name = format!("carla_{}", &uuid::Uuid::new_v4().simple().to_string()[..6]);
    let task = TeamTask::AddStaff { name: name.clone(), group: "approver".into() };
    let said = a.team.administer_team(&input(&admin.password, task)).await.unwrap();
    let password = said.lines().last().unwrap().to_owned();
    assert!(said.starts_with(&format!("{name} can log in as a member of escrow_approver")), "{said}");
    let bad = TeamTask::AddStaff { name: "x".into(), group: "boss".into() };
    assert_eq!(a.team.administer_team(&input(&admin.password, bad)).await.unwrap_err().code, ErrorCode::Validation);

    a.team.join_team(&JoinTeam { url, user: name.clone(), password, ca_file: None }).await.unwrap();
    let standing = a.team.team_standing().await.unwrap();
    assert_eq!((standing.login, standing.can_approve, standing.can_admin), (name, true, false));
    a.team.leave_team().unwrap();
}
