//! What each role may do in the team store, tried from raw SQL as that role: the database
//! refuses what a role may not do, whatever a desk sends.

mod common;

use common::Team;
use desk_core::error::ErrorCode;
use desk_journal::{JournalStore, NewIntent};
use desk_team::Group;
use tokio_postgres::error::SqlState;

fn intent<'a>(id: &'a str, key: &'a str, target: &'a str) -> NewIntent<'a> {
    NewIntent {
        id,
        environment_id: "production",
        kind: "reimburse",
        target,
        amount: Some("500.00"),
        moves_money: true,
        at_stake: None,
        read_at: None,
        idempotency_key: key,
        request: r#"{"kind":"reimburse","transactionId":"t-1","amount":"500.00"}"#,
        batch_id: None,
        detail: None,
    }
}

fn ids() -> (String, String) {
    (uuid::Uuid::new_v4().to_string(), uuid::Uuid::new_v4().to_string())
}

fn refused(result: Result<u64, tokio_postgres::Error>, what: &str) {
    let e = result.expect_err(what);
    assert_eq!(e.as_db_error().map(|d| d.code()), Some(&SqlState::INSUFFICIENT_PRIVILEGE), "{what}: {e}");
}

#[tokio::test]
async fn a_viewer_cannot_record_an_intent_and_an_operator_can() {
    let team = Team::new().await;
    let (_, viewer) = team.staff("vera", Group::Viewer).await;
    let (anna, operator) = team.staff("anna", Group::Operator).await;

    let sql = team.session(&viewer).await;
    refused(
        sql.execute(
            "INSERT INTO escrow.intents (id, environment_id, kind, target, moves_money, idempotency_key, request) \
             VALUES (gen_random_uuid(), 'production', 'payout', 't-1', true, 'k-1', '{}')",
            &[],
        )
        .await,
        "a viewer's raw INSERT",
    );
    let (id, key) = ids();
    let e = team.journal(&viewer).await.insert_intent(intent(&id, &key, "t-1")).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "{e:?}");

    let record = team.journal(&operator).await.insert_intent(intent(&id, &key, "t-1")).await.unwrap();
    assert_eq!(record.idempotency_key, key);
    let who: String = sql.query_one("SELECT requested_by::text FROM escrow.intents", &[]).await.unwrap().get(0);
    assert_eq!(who, anna, "a viewer reads the journal");
}

#[tokio::test]
async fn no_role_can_change_or_remove_an_audit_row_not_even_the_owner() {
    let team = Team::new().await;
    let (_, operator) = team.staff("anna", Group::Operator).await;
    let (id, key) = ids();
    team.journal(&operator).await.insert_intent(intent(&id, &key, "t-1")).await.unwrap();

    for (name, group) in
        [("vera", Group::Viewer), ("otto", Group::Operator), ("alma", Group::Approver), ("adam", Group::Admin)]
    {
        let (_, config) = team.staff(name, group).await;
        let sql = team.session(&config).await;
        refused(sql.execute("UPDATE escrow.audit SET detail = 'changed'", &[]).await, &format!("{group:?} UPDATE"));
        refused(sql.execute("DELETE FROM escrow.audit", &[]).await, &format!("{group:?} DELETE"));
        refused(sql.execute("TRUNCATE escrow.audit", &[]).await, &format!("{group:?} TRUNCATE"));
    }
    // The schema's owner has every grant; the trail's own trigger still refuses.
    team.admin.batch_execute("SET ROLE escrow_owner").await.unwrap();
    refused(team.admin.execute("UPDATE escrow.audit SET detail = 'changed'", &[]).await, "the owner's UPDATE");
    refused(team.admin.execute("DELETE FROM escrow.audit", &[]).await, "the owner's DELETE");
    team.admin.batch_execute("RESET ROLE").await.unwrap();

    let rows: i64 = team.admin.query_one("SELECT count(*) FROM escrow.audit", &[]).await.unwrap().get(0);
    assert_eq!(rows, 1, "the intent's audit row is still there");
}

#[tokio::test]
async fn the_actor_is_the_role_the_database_saw_not_what_the_desk_sent() {
    let team = Team::new().await;
    let (anna, operator) = team.staff("anna", Group::Operator).await;
    let sql = team.session(&operator).await;
    sql.execute(
        "INSERT INTO escrow.intents (id, environment_id, kind, target, moves_money, idempotency_key, request, \
         requested_by, updated_by) VALUES (gen_random_uuid(), 'production', 'payout', 't-9', true, 'k-9', '{}', \
         'the_boss', 'the_boss')",
        &[],
    )
    .await
    .unwrap();
    sql.execute(
        "INSERT INTO escrow.audit (seq, at, actor, environment_id, kind, target, phase, outcome, prev_hash, hash) \
         VALUES (999, '2001-01-01', 'the_boss', 'production', 'payout', 't-9', 'intent', 'pending', '\\x00', '\\x00')",
        &[],
    )
    .await
    .unwrap();
    let intent = sql.query_one("SELECT requested_by::text, updated_by::text FROM escrow.intents", &[]).await.unwrap();
    assert_eq!((intent.get::<_, String>(0), intent.get::<_, String>(1)), (anna.clone(), anna.clone()));
    let row =
        sql.query_one("SELECT actor::text, seq, at > now() - interval '1 hour' FROM escrow.audit", &[]).await.unwrap();
    assert_eq!(row.get::<_, String>(0), anna, "the actor is session_user");
    assert_eq!(row.get::<_, i64>(1), 1, "the number is the chain's next, not the desk's");
    assert!(row.get::<_, bool>(2), "the time is the database's");
}

#[tokio::test]
async fn the_chain_is_one_for_the_team_and_a_rewritten_row_is_found() {
    let team = Team::new().await;
    let (_, anna) = team.staff("anna", Group::Operator).await;
    let (_, otto) = team.staff("otto", Group::Operator).await;
    let (a, b) = (team.journal(&anna).await, team.journal(&otto).await);
    for (i, journal) in [&a, &b, &a, &b].into_iter().enumerate() {
        let (id, key) = ids();
        journal.insert_intent(intent(&id, &key, &format!("t-{i}"))).await.unwrap();
    }
    assert_eq!(first_break(&team.admin).await, None, "four rows from two desks, one chain");
    let actors: Vec<String> = team
        .admin
        .query("SELECT actor::text FROM escrow.audit ORDER BY seq", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(actors, [anna.user.clone(), otto.user.clone(), anna.user.clone(), otto.user.clone()]);

    // Only a superuser can switch the guard off; what it rewrites is then found.
    team.admin
        .batch_execute(
            "ALTER TABLE escrow.audit DISABLE TRIGGER audit_append_only;
             UPDATE escrow.audit SET amount = '5.00' WHERE seq = 3;
             ALTER TABLE escrow.audit ENABLE TRIGGER audit_append_only;",
        )
        .await
        .unwrap();
    assert_eq!(first_break(&team.admin).await, Some(3));
}

#[tokio::test]
async fn init_again_changes_nothing_and_a_finished_action_stays_as_it_ended() {
    let mut team = Team::new().await;
    let again = desk_team::init(&mut team.admin).await.unwrap();
    assert!(again.applied.is_empty(), "{again:?}");

    let (_, operator) = team.staff("anna", Group::Operator).await;
    let (id, key) = ids();
    team.journal(&operator).await.insert_intent(intent(&id, &key, "t-1")).await.unwrap();
    let sql = team.session(&operator).await;
    sql.execute("UPDATE escrow.intents SET state = 'succeeded'", &[]).await.unwrap();
    refused(sql.execute("UPDATE escrow.intents SET state = 'pending'", &[]).await, "reopening a finished action");
    refused(sql.execute("UPDATE escrow.intents SET target = 't-2'", &[]).await, "changing what was asked for");
}

async fn first_break(c: &tokio_postgres::Client) -> Option<i64> {
    c.query_one("SELECT escrow.audit_first_break()", &[]).await.unwrap().get(0)
}

#[tokio::test]
async fn a_desk_reads_its_staff_members_highest_group_from_the_database() {
    let team = Team::new().await;
    for (name, group) in
        [("vera", Group::Viewer), ("otto", Group::Operator), ("bo", Group::Approver), ("adam", Group::Admin)]
    {
        let (login, cfg) = team.staff(name, group).await;
        let standing = desk_team::standing(&team.connection(&cfg).await).await.unwrap();
        assert_eq!(standing, desk_team::Standing { login, group: Some(group) }, "{name}");
    }
}
