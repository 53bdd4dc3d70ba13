//! The attention queue worked together: an item a colleague has cannot be taken, from the
//! desk or from raw SQL; whoever has it hands it over; a snooze and the notes are the team's,
//! each with the login that made it; a viewer only reads; every desk hears each change.

mod common;

use common::Team;
use desk_core::error::ErrorCode;
use desk_team::Group;
use desk_team::filters;
use desk_team::listen::Listener;
use desk_team::queue::{self, Item};
use std::time::Duration;
use tokio_postgres::error::SqlState;

const ITEM: Item<'static> = Item { environment_id: "production", transaction_id: "t-1", reason: "unpaid_too_long" };

#[tokio::test(flavor = "multi_thread")]
async fn one_person_has_an_item_hands_it_over_and_the_team_shares_its_snooze_and_notes() {
    let team = Team::new().await;
    let (anna, anna_cfg) = team.staff("anna", Group::Operator).await;
    let (otto, otto_cfg) = team.staff("otto", Group::Operator).await;
    let (_, vera_cfg) = team.staff("vera", Group::Viewer).await;
    let (adam, adam_cfg) = team.staff("adam", Group::Admin).await;
    let (anna_c, otto_c) = (team.connection(&anna_cfg).await, team.connection(&otto_cfg).await);
    let mut heard = Listener::start(&vera_cfg).await.unwrap();

    queue::take(&anna_c, ITEM).await.unwrap();
    let change = tokio::time::timeout(Duration::from_secs(1), heard.next()).await.expect("heard").unwrap();
    assert_eq!(
        (change.what.as_str(), change.state.as_str(), change.by.as_str()),
        ("queue", anna.as_str(), anna.as_str())
    );

    // Otto cannot take it from her, through the desk or around it.
    let e = queue::take(&otto_c, ITEM).await.unwrap_err();
    assert_eq!((e.code, e.message.as_str()), (ErrorCode::InProgress, format!("{anna} has this item.").as_str()));
    let raw = team
        .session(&otto_cfg)
        .await
        .execute("UPDATE escrow.queue_items SET taken_by = session_user", &[])
        .await
        .unwrap_err();
    let db = raw.as_db_error().expect("the database refused it");
    assert_eq!(
        (db.code(), db.message()),
        (&SqlState::INSUFFICIENT_PRIVILEGE, format!("{anna} has this item").as_str())
    );
    let e = queue::take(&team.connection(&vera_cfg).await, ITEM).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotPermitted, "a viewer only reads: {e:?}");

    // Anna hands it to Otto; he snoozes it for the team and writes why.
    queue::hand_over(&anna_c, ITEM, &otto).await.unwrap();
    queue::snooze(&otto_c, ITEM, 24).await.unwrap();
    queue::note(&otto_c, ITEM, "The dealer pays on Monday.").await.unwrap();
    let items = queue::items(&anna_c, "production").await.unwrap();
    assert_eq!(items.len(), 1);
    let item = &items[0];
    assert_eq!(item.taken_by.as_deref(), Some(otto.as_str()));
    assert_eq!(item.snoozed_by.as_deref(), Some(otto.as_str()));
    assert!(item.snoozed_until.is_some());
    assert_eq!(
        item.notes.iter().map(|n| (n.written_by.as_str(), n.text.as_str())).collect::<Vec<_>>(),
        [(otto.as_str(), "The dealer pays on Monday.")]
    );

    // Anna no longer has it, so she cannot hand it on; an admin can reassign it.
    let e = queue::hand_over(&anna_c, ITEM, &anna).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::InProgress, "{e:?}");
    queue::hand_over(&team.connection(&adam_cfg).await, ITEM, &anna).await.unwrap();
    let items = queue::items(&otto_c, "production").await.unwrap();
    assert_eq!(items[0].taken_by.as_deref(), Some(anna.as_str()));
    let _ = adam;
    // A note is final; an empty one is refused before it is sent.
    assert_eq!(queue::note(&anna_c, ITEM, "  ").await.unwrap_err().code, ErrorCode::Validation);
    let raw = team.session(&otto_cfg).await.execute("DELETE FROM escrow.queue_notes", &[]).await.unwrap_err();
    assert_eq!(raw.as_db_error().map(|d| d.code()), Some(&SqlState::INSUFFICIENT_PRIVILEGE), "{raw}");
}

#[tokio::test]
async fn a_shared_filter_is_replaced_or_removed_only_by_whoever_saved_it_or_an_admin() {
    let team = Team::new().await;
    let (anna_login, anna) = team.staff("anna", Group::Operator).await;
    let (_, bo) = team.staff("bo", Group::Operator).await;
    let (_, adam) = team.staff("adam", Group::Admin).await;
    let (anna, bo, adam) = (team.connection(&anna).await, team.connection(&bo).await, team.connection(&adam).await);
    filters::save(&anna, " Paid, no debt ", "", r#"{"statuses":["PAID"]}"#).await.unwrap();
    let listed = filters::list(&bo).await.unwrap();
    assert_eq!((listed[0].name.as_str(), listed[0].saved_by.as_str()), ("Paid, no debt", anna_login.as_str()));

    let e = filters::save(&bo, "Paid, no debt", "x", "{}").await.unwrap_err();
    assert_eq!(
        (e.code, e.message.clone()),
        (ErrorCode::NotPermitted, format!("{anna_login} saved this filter: save it under another name."))
    );
    assert_eq!(filters::remove(&bo, "Paid, no debt").await.unwrap_err().code, ErrorCode::NotPermitted);
    filters::save(&anna, "Paid, no debt", "Tesla", r#"{"statuses":["PAID"]}"#).await.unwrap();
    assert_eq!(filters::list(&bo).await.unwrap()[0].search, "Tesla");
    filters::remove(&adam, "Paid, no debt").await.unwrap();
    assert!(filters::list(&bo).await.unwrap().is_empty());
    assert_eq!(filters::save(&anna, "", "", "{}").await.unwrap_err().code, ErrorCode::Validation);
}
