//! The keyed audit trail: every row says who acted, from where and when; the integrity
//! check names the first bad row and why when a row is edited, removed or reordered, the
//! newest rows are deleted, the table is emptied, the chain is rewritten with recomputed
//! plain hashes, or the log was sealed with another key. Runs against the real keychain
//! (`scripts/with-session.sh`).

mod audit_world;

use audit_world::{World, world};
use escrow_desk::audit::{AnchorState, ChainProblem, ChainStatus, digest};
use escrow_desk::settings::environments::{Badge, ProfileInput};
use rusqlite::params;

fn broken(w: &World) -> (Option<ChainProblem>, Option<i64>) {
    let c = w.check();
    assert_eq!(c.status, ChainStatus::Broken, "{c:?}");
    (c.problem, c.broken_at)
}

#[test]
fn every_row_says_who_acted_from_where_and_when_and_the_chain_is_anchored() {
    let w = world();
    assert!(!w.app.environments.staff_name_asked().unwrap(), "a new desk has not asked for a name");
    w.app.environments.set_staff_name("  Mette Hansen ").unwrap();
    assert!(w.app.environments.staff_name_asked().unwrap());
    let profile = w
        .app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Live".into(),
            base_url: "https://api.example.dk".into(),
            badge: Badge::Production,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    w.act(1);
    w.act_in(&profile.id, 1);
    let rows = w.rows();
    assert_eq!(rows.len(), 4);
    for r in &rows {
        assert_eq!(r.actor_user.as_deref(), Some(escrow_desk::audit::actor::os_user().as_str()));
        assert_eq!(r.actor_host.as_deref(), Some(escrow_desk::audit::actor::host_name().as_str()));
        assert_ne!(r.actor_host.as_deref(), Some("unknown"));
        assert_eq!(r.staff_name.as_deref(), Some("Mette Hansen"), "trimmed");
        assert_eq!(r.app_version.as_deref(), Some(env!("CARGO_PKG_VERSION")));
        let at = chrono::DateTime::parse_from_rfc3339(&r.at).unwrap_or_else(|e| panic!("{}: {e}", r.at));
        assert!(!r.at.ends_with('Z') && r.at[r.at.len() - 6..].starts_with(['+', '-']), "offset: {}", r.at);
        assert_eq!(at.offset().local_minus_utc(), chrono::Local::now().offset().local_minus_utc());
        assert_eq!(r.mac.as_ref().map(String::len), Some(64));
        assert_eq!(r.key_id.as_ref().map(String::len), Some(16));
    }
    let kinds: Vec<_> = rows.iter().map(|r| r.environment_kind.as_deref().unwrap()).collect();
    assert_eq!(kinds, ["sandbox", "sandbox", "production", "production"]);
    assert_eq!(rows[2].amount.as_deref(), Some("7.00"));
    assert_eq!((rows[2].phase.as_str(), rows[3].outcome.as_str()), ("intent", "dismissed"));
    assert_eq!(rows[1].prev_hash, rows[0].mac.clone().unwrap(), "each row chains from the previous MAC");

    let c = w.check();
    assert_eq!(
        (c.status, c.rows, c.keyed_rows, c.anchor, c.anchored_seq),
        (ChainStatus::Intact, 4, 4, AnchorState::Matches, Some(4))
    );
    assert_eq!(w.anchor(), serde_json::json!({ "seq": 4, "link": rows[3].mac }));
    let stored_key = w.keychain.get("audit-mac-key").unwrap().expect("the key was made on first start");
    assert_eq!(stored_key.len(), 64);
    assert!(rows.iter().all(|r| !serde_json::to_string(r).unwrap().contains(&stored_key)), "rows never carry the key");

    w.app.environments.set_staff_name("").unwrap();
    assert_eq!(w.app.environments.staff_name().unwrap(), None);
    assert!(w.app.environments.staff_name_asked().unwrap(), "the question put off stays asked");
    w.act(1);
    assert_eq!(w.rows()[4].staff_name, None, "cleared");
    assert!(w.app.environments.set_staff_name(&"x".repeat(81)).is_err());
    assert!(w.app.environments.set_staff_name("a\u{7}b").is_err());
}

#[test]
fn an_edited_row_is_named() {
    let w = world();
    w.act(3);
    w.tamper().execute("UPDATE audit SET amount = '7000.00' WHERE seq = 3", []).unwrap();
    assert_eq!(broken(&w), (Some(ChainProblem::Edited), Some(3)));
}

#[test]
fn a_row_removed_in_the_middle_is_named() {
    let w = world();
    w.act(3);
    w.tamper().execute("DELETE FROM audit WHERE seq = 3", []).unwrap();
    let c = w.check();
    assert_eq!((c.problem, c.broken_at), (Some(ChainProblem::Removed), Some(4)));
    assert!(c.message.contains("rows 3–3 are missing"), "{}", c.message);
}

#[test]
fn reordered_rows_are_named() {
    let w = world();
    w.act(2);
    let cols = "at, environment_id, environment_kind, app_version, actor_user, actor_host, staff_name, action_id, kind, \
                target, amount, idempotency_key, correlation_id, phase, outcome, detail, key_id, prev_hash, hash, mac";
    let conn = w.tamper();
    conn.execute_batch(&format!(
        "CREATE TEMP TABLE two AS SELECT seq, {cols} FROM audit WHERE seq IN (2, 3);
         DELETE FROM audit WHERE seq IN (2, 3);
         INSERT INTO audit (seq, {cols}) SELECT CASE seq WHEN 2 THEN 3 ELSE 2 END, {cols} FROM two;"
    ))
    .unwrap();
    assert_eq!(broken(&w), (Some(ChainProblem::Reordered), Some(2)));
}

#[test]
fn deleting_the_newest_rows_is_truncation_after_the_last_row_left() {
    let w = world();
    w.act(3);
    w.tamper().execute("DELETE FROM audit WHERE seq > 4", []).unwrap();
    let c = w.check();
    assert_eq!((c.status, c.problem, c.broken_at), (ChainStatus::Broken, Some(ChainProblem::Truncated), Some(5)));
    assert_eq!((c.anchor, c.anchored_seq), (AnchorState::Mismatch, Some(6)));

    // The app writes on: the anchor is not moved past the evidence.
    w.act(1);
    assert_eq!(w.anchor()["seq"], 6);
    let c = w.check();
    assert_eq!((c.status, c.problem, c.broken_at), (ChainStatus::Broken, Some(ChainProblem::Rewritten), Some(6)));
}

#[test]
fn an_emptied_log_is_truncated_from_row_1() {
    let w = world();
    w.act(2);
    w.tamper().execute("DELETE FROM audit", []).unwrap();
    let c = w.check();
    assert_eq!((c.rows, c.problem, c.broken_at), (0, Some(ChainProblem::Truncated), Some(1)));
}

/// Someone with the file but not the key changes an amount and recomputes every plain
/// hash after it, keeping or dropping the MACs.
#[test]
fn a_chain_rewritten_with_recomputed_plain_hashes_is_named() {
    for drop_macs in [false, true] {
        let w = world();
        w.act(3);
        let conn = w.tamper();
        let mut prev = digest::GENESIS.to_owned();
        for mut r in w.rows() {
            if r.seq == 3 {
                r.amount = Some("7000.00".into());
            }
            if drop_macs {
                (r.mac, r.key_id) = (None, None);
            }
            r.prev_hash = prev.clone();
            r.hash = digest::sha256_hex(&digest::v2_message(&r));
            conn.execute(
                "UPDATE audit SET amount = ?2, prev_hash = ?3, hash = ?4, mac = ?5, key_id = ?6 WHERE seq = ?1",
                params![r.seq, r.amount, r.prev_hash, r.hash, r.mac, r.key_id],
            )
            .unwrap();
            prev = r.link().to_owned();
        }
        let expected = if drop_macs { 1 } else { 3 };
        assert_eq!(broken(&w), (Some(ChainProblem::Rewritten), Some(expected)), "MACs dropped: {drop_macs}");
    }
}

#[test]
fn a_log_sealed_with_another_key_is_named() {
    let w = world();
    w.act(1);
    let other = escrow_desk::audit::digest::MacKey::generate().unwrap();
    w.keychain.set("audit-mac-key", &other.to_hex()).unwrap();
    let c = w.restart().check();
    assert_eq!((c.status, c.problem, c.broken_at), (ChainStatus::Broken, Some(ChainProblem::WrongKey), Some(1)));
    assert!(c.message.contains(&other.id()), "{}", c.message);
}

/// The app dies after a row commits and before its anchor is written: the anchor is one
/// row behind and the log still verifies (that row's MAC proves it); the next write
/// brings the anchor up to date.
#[test]
fn a_crash_between_the_commit_and_the_anchor_leaves_the_anchor_behind_and_the_log_intact() {
    let w = world();
    w.act(1);
    {
        let db = escrow_desk::appdb::AppDb::open(&w.dir.path().join("app")).unwrap();
        let mut conn = db.lock().unwrap();
        let tx = conn.transaction().unwrap();
        let entry = escrow_desk::audit::NewEntry {
            environment_id: "sandbox",
            action_id: "a-crash",
            kind: "payout",
            target: "t-9",
            amount: Some("1.00"),
            idempotency_key: Some("k-crash"),
            correlation_id: None,
            phase: "intent",
            outcome: "pending",
            detail: None,
        };
        let _unanchored = w.app.desk.audit_trail().append(&tx, &entry).unwrap();
        tx.commit().unwrap();
    }
    let c = w.check();
    assert_eq!((c.status, c.anchor, c.anchored_seq, c.rows), (ChainStatus::Intact, AnchorState::Behind, Some(2), 3));
    w.tamper().execute("UPDATE audit SET amount = '100.00' WHERE seq = 3", []).unwrap();
    assert_eq!(broken(&w), (Some(ChainProblem::Edited), Some(3)), "rows after the anchor are still checked");
    w.tamper().execute("UPDATE audit SET amount = '1.00' WHERE seq = 3", []).unwrap();
    w.act(1);
    let c = w.check();
    assert_eq!((c.status, c.anchor, c.anchored_seq), (ChainStatus::Intact, AnchorState::Matches, Some(5)));
}
