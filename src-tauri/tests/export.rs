//! CSV export of the list's search and filters: every matching row once, the file
//! appears only when complete, and a cancel leaves nothing behind.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::export::{ExportRequest, ExportState, ExportStatus, header};
use escrow_desk::transactions::filters::TransactionFilters;
use escrow_desk::wiring::{Domains, Outside};

async fn finish(app: &Domains, id: &str) -> ExportStatus {
    for _ in 0..400 {
        let s = app.transactions.export_status(id).unwrap();
        if s.state != ExportState::Running {
            return s;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("export did not finish");
}

#[tokio::test]
async fn exports_every_matching_row_once_and_cancels_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let out = dir.path().join("downloads");
    let app = Domains::with(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            Keychain::with_service("dk.escrowdesk.test.export"),
            Some(BuiltInSandbox { url: sb.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
        Outside { export_dir: out.clone(), ..Default::default() },
    )
    .unwrap();

    let all = finish(&app, &app.transactions.start_export(&ExportRequest::default()).unwrap().id).await;
    assert_eq!((all.state, all.written, all.total), (ExportState::Done, 200, 200));
    let text = std::fs::read_to_string(all.path.as_ref().unwrap()).unwrap();
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next().unwrap(), header().join(","));
    let ids: std::collections::HashSet<_> =
        text.lines().skip(1).map(|l| l.split(',').next().unwrap().to_owned()).collect();
    assert_eq!(ids.len(), 200, "every row once");
    assert!(text.contains("DEAL-2026-0042,Tesla Model Y Long Range — EV 48 213,PAID,Auto,289500.00,DKK"));

    let filters =
        TransactionFilters { statuses: vec!["CANCELLED".into()], currencies: vec!["DKK".into()], ..Default::default() };
    let some = finish(
        &app,
        &app.transactions.start_export(&ExportRequest { search: None, filters: Some(filters), ids: None }).unwrap().id,
    )
    .await;
    let text = std::fs::read_to_string(some.path.as_ref().unwrap()).unwrap();
    assert_eq!(text.lines().count() as u64, some.written + 1);
    assert!(text.lines().skip(1).all(|l| l.contains(",CANCELLED,") && l.contains(",DKK,")));

    let started = app.transactions.start_export(&ExportRequest::default()).unwrap();
    app.transactions.cancel_export(&started.id).unwrap();
    let cancelled = finish(&app, &started.id).await;
    assert_eq!(cancelled.state, ExportState::Cancelled);
    assert!(cancelled.path.is_none());
    let files: Vec<_> =
        std::fs::read_dir(&out).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(files.len(), 2, "no partial file left: {files:?}");
    assert!(files.iter().all(|f| f.ends_with(".csv")));
}

/// "Save as…": the export goes to the file chosen in the dialog (its token), replaces a file
/// the user agreed to replace, and refuses a token that is made up, used, or for the audit log.
#[tokio::test]
async fn a_saved_export_goes_to_the_chosen_file_once() {
    use escrow_desk::save_as::kind::ExportKind;
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let app = Domains::with(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            Keychain::with_service("dk.escrowdesk.test.export"),
            Some(BuiltInSandbox { url: sb.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
        Outside { export_dir: dir.path().join("downloads"), ..Default::default() },
    )
    .unwrap();
    let chosen = dir.path().join("reports").join("mine.csv");
    std::fs::create_dir_all(chosen.parent().unwrap()).unwrap();
    std::fs::write(&chosen, "old content").unwrap();
    let token = app.save_as.tokens().issue(ExportKind::Selection, chosen.clone()).unwrap();
    let request = ExportRequest { ids: Some(vec!["no-such-id".into()]), ..Default::default() };
    let done = finish(&app, &app.transactions.start_saved_export(&request, &token).unwrap().id).await;
    assert_eq!((done.state, done.path.as_deref()), (ExportState::Done, Some(chosen.to_str().unwrap())));
    let text = std::fs::read_to_string(&chosen).unwrap();
    assert_eq!(text.trim_start_matches('\u{feff}').trim_end(), header().join(","), "replaced whole");
    assert!(!dir.path().join("downloads").exists(), "nothing in Downloads");

    assert!(app.transactions.start_saved_export(&request, &token).is_err(), "a used token");
    assert!(app.transactions.start_saved_export(&request, chosen.to_str().unwrap()).is_err(), "a path is no token");
    let audit = app.save_as.tokens().issue(ExportKind::Audit, dir.path().join("x.csv")).unwrap();
    assert!(app.transactions.start_saved_export(&request, &audit).is_err(), "an audit-log choice");
}
