//! The desks of the team tests: each a data folder of its own on one sandbox, joined to a
//! team store on the throwaway PostgreSQL cluster of `scripts/with-postgres.sh`.

#![allow(dead_code)]

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::Desk;
use escrow_desk::notifications::sender::Notices;
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::team::JoinTeam;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::{Domains, Outside};
use escrow_sandbox::DEMO_KEY;
use std::path::Path;

/// A desk of its own (data folder, keychain namespace) with the shared sandbox as its
/// active environment, under a profile id of its own.
pub fn desk(dir: &Path, keychain: &Keychain, sandbox_url: &str) -> (Domains, String) {
    desk_noting(dir, keychain, sandbox_url, Notices::default())
}

/// [`desk`] sending its notifications to `notices`.
pub fn desk_noting(dir: &Path, keychain: &Keychain, sandbox_url: &str, notices: Notices) -> (Domains, String) {
    let desk = Desk::new(AppDb::open(&dir.join("app")).unwrap(), keychain.clone(), None).unwrap();
    let app = Domains::with(desk, Outside { export_dir: std::env::temp_dir(), notices }).unwrap();
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

pub fn reopen(dir: &Path, keychain: &Keychain) -> Domains {
    Domains::new(Desk::new(AppDb::open(&dir.join("app")).unwrap(), keychain.clone(), None).unwrap()).unwrap()
}

/// A staff member's way in to a fresh team database (an operator).
pub async fn staff(admin: &desk_team::TeamConfig, url: &str, name: &str) -> JoinTeam {
    staff_in(admin, url, name, desk_team::Group::Operator).await
}

pub async fn staff_in(admin: &desk_team::TeamConfig, url: &str, name: &str, group: desk_team::Group) -> JoinTeam {
    let user = desk_team::testing::staff(admin, name, "staff-password", group).await.unwrap();
    JoinTeam { url: url.into(), user, password: "staff-password".into(), ca_file: None }
}

/// The reimbursements of `transaction_id` in the sandbox's ledger.
pub async fn reimbursements(url: &str, transaction_id: &str) -> usize {
    ledger(url, "reimburse", transaction_id).await
}

/// Every deal of the desk's active environment (the demo data: 200).
pub fn all_deals() -> TransactionQuery {
    TransactionQuery { search: None, skip: 0, take: 100, filters: None, reference_id: None, sort: None }
}

/// The ledger rows of `kind` on `transaction_id`.
pub async fn ledger(url: &str, kind: &str, transaction_id: &str) -> usize {
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
    items.iter().filter(|r| r["kind"] == kind && r["target"] == transaction_id).count()
}
