//! A data folder with a desk and a keychain namespace of its own, and actions journaled
//! without a network (intent, then dismissed: two audit rows each), for the audit tests.
#![allow(dead_code)]

use escrow_desk::appdb::AppDb;
use escrow_desk::audit::{AuditEntry, ChainCheck};
use escrow_desk::desk::Desk;
use escrow_desk::journal;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::wiring::Domains;

pub struct World {
    pub dir: tempfile::TempDir,
    /// The keychain service of this world (a fresh one each).
    pub service: String,
    pub keychain: Keychain,
    pub app: Domains,
}

pub fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let service = format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4());
    let keychain = Keychain::with_service(&service);
    let app = open(dir.path(), &keychain);
    World { dir, service, keychain, app }
}

/// Journals `n` reimbursements of 7.00 in `environment_id` through `desk` (its data folder
/// is `dir`) and dismisses each: 2n rows.
pub fn act_at(dir: &std::path::Path, app: &Domains, environment_id: &str, n: usize) {
    let db = AppDb::open(&dir.join("app")).unwrap();
    for i in 0..n {
        let request = TransactionAction::Reimburse { transaction_id: format!("t-{i}"), amount: "7.00".into() };
        let intent = journal::local::record_intent(&db, app.desk.audit_trail(), environment_id, &request).unwrap();
        journal::local::dismiss::<TransactionAction>(&db, app.desk.audit_trail(), &intent.id).unwrap();
    }
}

pub fn open(dir: &std::path::Path, keychain: &Keychain) -> Domains {
    Domains::new(Desk::new(AppDb::open(&dir.join("app")).unwrap(), keychain.clone(), None).unwrap()).unwrap()
}

impl World {
    /// Journals `n` reimbursements of 7.00 in `environment_id` and dismisses each: 2n rows.
    pub fn act_in(&self, environment_id: &str, n: usize) {
        act_at(self.dir.path(), &self.app, environment_id, n)
    }

    /// The same data folder and keychain with a new desk (as after a restart).
    pub fn restart(self) -> World {
        let World { dir, service, keychain, app } = self;
        drop(app);
        let app = open(dir.path(), &keychain);
        World { dir, service, keychain, app }
    }

    pub fn act(&self, n: usize) {
        self.act_in("sandbox", n)
    }

    pub fn check(&self) -> ChainCheck {
        self.app.audit.verify_audit_log().unwrap()
    }

    pub fn rows(&self) -> Vec<AuditEntry> {
        let mut rows: Vec<AuditEntry> =
            self.app.audit.audit_log(None, 10_000).unwrap().into_iter().map(|r| r.entry).collect();
        rows.reverse();
        rows
    }

    /// A second connection to the database, as someone with the file would open it: the
    /// append-only triggers dropped.
    pub fn tamper(&self) -> rusqlite::Connection {
        let conn = rusqlite::Connection::open(self.dir.path().join("app/escrow-desk.sqlite")).unwrap();
        conn.execute_batch("DROP TRIGGER IF EXISTS audit_no_update; DROP TRIGGER IF EXISTS audit_no_delete;").unwrap();
        conn
    }

    /// The anchor as stored in the keychain (`{"seq":…,"link":…}`).
    pub fn anchor(&self) -> serde_json::Value {
        let text = self.keychain.get(self.app.desk.audit_trail().anchor_account()).unwrap().expect("an anchor");
        serde_json::from_str(&text).unwrap()
    }
}
