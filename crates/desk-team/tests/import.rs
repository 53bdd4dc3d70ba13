//! A joining desk's import, tried against the real database: the chain must continue from
//! where its last import ended; an open action comes as it was, past the approval rules, by
//! an operator only, and not when a colleague has the same money move open.

mod common;

use common::Team;
use desk_core::error::ErrorCode;
use desk_team::Group;
use desk_team::approvals::{self, Rule};
use desk_team::import::{DeskRow, Import, OpenIntent, import, last_import};

fn row(seq: i64) -> DeskRow {
    DeskRow {
        seq,
        environment_id: "production".into(),
        action_id: Some(uuid::Uuid::new_v4().to_string()),
        kind: "reimburse".into(),
        target: "t-1".into(),
        amount: Some("10.00".into()),
        idempotency_key: Some(format!("k-{seq}")),
        correlation_id: None,
        outcome: "succeeded".into(),
        original: format!(r#"{{"seq":{seq}}}"#),
    }
}

fn chain(from: i64, to: i64, prev: &str, head: &str) -> Import {
    Import {
        chain: "key-a".into(),
        prev_link: prev.into(),
        head_link: head.into(),
        from_seq: from,
        rows: (from..=to).map(row).collect(),
        intents: vec![],
    }
}

fn open(target: &str, state: &str) -> OpenIntent {
    OpenIntent {
        id: uuid::Uuid::new_v4().to_string(),
        environment_id: "production".into(),
        kind: "reimburse".into(),
        target: target.into(),
        amount: Some("500.00".into()),
        moves_money: true,
        idempotency_key: uuid::Uuid::new_v4().to_string(),
        request: r#"{"kind":"reimburse"}"#.into(),
        state: state.into(),
        attempts: 1,
        correlation_id: Some("c-1".into()),
        message: None,
        batch_id: None,
    }
}

#[tokio::test]
async fn a_chain_is_brought_on_only_from_where_its_last_import_ended() {
    let team = Team::new().await;
    let (_, anna) = team.staff("anna", Group::Operator).await;
    let conn = team.connection(&anna).await;
    import(&conn, &chain(1, 3, "", "h3")).await.unwrap();
    assert_eq!(last_import(&conn, "key-a").await.unwrap(), Some((3, "h3".into())));

    let gap = import(&conn, &chain(5, 6, "h4", "h6")).await.unwrap_err();
    assert_eq!(gap.code, ErrorCode::Validation, "{gap:?}");
    assert!(gap.message.contains("does not continue"), "{}", gap.message);
    let rewritten = import(&conn, &chain(4, 5, "not-h3", "h5")).await.unwrap_err();
    assert_eq!(rewritten.code, ErrorCode::Validation, "{rewritten:?}");
    import(&conn, &chain(4, 5, "h3", "h5")).await.unwrap();

    let sql = team.session(&anna).await;
    let copied: i64 =
        sql.query_one("SELECT count(*) FROM escrow.audit WHERE phase = 'imported'", &[]).await.unwrap().get(0);
    assert_eq!(copied, 5, "a refused import leaves nothing");
    let broken: Option<i64> = sql.query_one("SELECT escrow.audit_first_break()", &[]).await.unwrap().get(0);
    assert_eq!(broken, None);
}

#[tokio::test]
async fn an_open_action_comes_with_its_key_and_answer_under_the_teams_rules_by_an_operator_and_not_twice() {
    let team = Team::new().await;
    let (_, admin) = team.staff("adam", Group::Admin).await;
    let rule = Rule {
        environment_id: "production".into(),
        kind: "reimburse".into(),
        currency: "DKK".into(),
        from_amount: "0".into(),
        valid_hours: 24,
    };
    approvals::set_rule(&team.connection(&admin).await, &rule).await.unwrap();
    let (_, vera) = team.staff("vera", Group::Viewer).await;
    let (anna_login, anna) = team.staff("anna", Group::Operator).await;
    let (_, otto) = team.staff("otto", Group::Operator).await;
    let bring = |chain_name: &str, intents: Vec<OpenIntent>| Import {
        chain: chain_name.into(),
        intents,
        ..chain(1, 0, "", "")
    };

    let covered = open("t-1", "unknown");
    let e = import(&team.connection(&vera).await, &bring("key-v", vec![covered.clone()])).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "{e:?}");

    // A reimbursement (a rule covers it) waits for an approver; a payout comes as it was.
    let uncovered = OpenIntent { kind: "payout".into(), ..open("t-2", "unknown") };
    import(&team.connection(&anna).await, &bring("key-a", vec![covered.clone(), uncovered.clone()])).await.unwrap();
    let sql = team.session(&anna).await;
    let state = async |id: &str| -> (String, i32, Option<String>, String) {
        let r = sql
            .query_one(
                "SELECT state, attempts, correlation_id, requested_by::text FROM escrow.intents WHERE id = $1::text::uuid",
                &[&id],
            )
            .await
            .unwrap();
        (r.get(0), r.get(1), r.get(2), r.get(3))
    };
    assert_eq!(state(&covered.id).await, ("awaiting_approval".into(), 1, Some("c-1".into()), anna_login.clone()));
    assert_eq!(state(&uncovered.id).await, ("unknown".into(), 1, Some("c-1".into()), anna_login));

    // The same money move open twice in the team: refused, nothing of that import kept.
    let e = import(&team.connection(&otto).await, &bring("key-o", vec![open("t-1", "pending")])).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::InProgress, "{e:?}");
    let intents: i64 = sql.query_one("SELECT count(*) FROM escrow.intents", &[]).await.unwrap().get(0);
    assert_eq!(intents, 2);
}
