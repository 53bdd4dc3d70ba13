//! LISTEN/NOTIFY: what one desk does reaches every other open desk within a second, with
//! who did it as the database saw it.

mod common;

use common::Team;
use desk_journal::{JournalStore, NewIntent};
use desk_team::Group;
use desk_team::approvals::{self, Rule};
use desk_team::listen::Listener;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread")]
async fn every_other_desk_hears_an_intent_and_a_decision_within_a_second() {
    let team = Team::new().await;
    let (_, admin) = team.staff("adam", Group::Admin).await;
    let rule = Rule {
        environment_id: "production".into(),
        kind: "payout".into(),
        currency: "DKK".into(),
        from_amount: "0".into(),
        valid_hours: 24,
    };
    approvals::set_rule(&team.connection(&admin).await, &rule).await.unwrap();
    let (anna, anna_cfg) = team.staff("anna", Group::Operator).await;
    let (bo, bo_cfg) = team.staff("bo", Group::Approver).await;
    let mut listeners = Vec::new();
    for n in 0..3 {
        let (_, cfg) = team.staff(&format!("watcher{n}"), Group::Viewer).await;
        listeners.push(Listener::start(&cfg).await.unwrap());
    }

    let (id, key) = (uuid::Uuid::new_v4().to_string(), uuid::Uuid::new_v4().to_string());
    let asked = Instant::now();
    team.journal(&anna_cfg)
        .await
        .insert_intent(NewIntent {
            id: &id,
            environment_id: "production",
            kind: "payout",
            target: "t-1",
            amount: None,
            moves_money: true,
            at_stake: Some(("900.00", "DKK")),
            read_at: None,
            idempotency_key: &key,
            request: r#"{"kind":"payout"}"#,
            batch_id: None,
            detail: None,
        })
        .await
        .unwrap();
    for l in &mut listeners {
        let change = tokio::time::timeout(Duration::from_secs(1), l.next()).await.expect("heard within 1 s").unwrap();
        assert_eq!((change.what.as_str(), change.id.as_str()), ("intent", id.as_str()));
        assert_eq!((change.state.as_str(), change.by.as_str()), ("awaiting_approval", anna.as_str()));
    }
    println!("an intent heard by 3 desks after {:?}", asked.elapsed());

    approvals::approve(&team.connection(&bo_cfg).await, &id, None, Some("ok")).await.unwrap();
    for l in &mut listeners {
        let mut heard = Vec::new();
        // The decision, and the action moving on to pending: one transaction, two notices.
        for _ in 0..2 {
            let c = tokio::time::timeout(Duration::from_secs(1), l.next()).await.expect("heard within 1 s").unwrap();
            heard.push((c.what, c.state, c.by, c.requested_by));
        }
        heard.sort();
        assert_eq!(
            heard,
            [
                ("decision".into(), "approved".into(), bo.clone(), anna.clone()),
                ("intent".into(), "pending".into(), bo.clone(), anna.clone()),
            ]
        );
    }
}
