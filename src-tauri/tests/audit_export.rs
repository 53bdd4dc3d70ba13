//! The exported audit CSV carries every field, the hashes and the MACs (never the key),
//! and `escrow-desk verify-audit FILE` checks it with the key of this machine's keychain:
//! a whole export verifies (exit 0), one edited cell names its row (exit 1), a removed
//! line is named, a filtered export verifies with `--partial`. Both through the function
//! the command wraps and through the built binary.

mod audit_world;

use audit_world::{World, open, world};
use escrow_desk::audit::cli::verify_audit;
use escrow_desk::settings::keychain::Keychain;
use std::ffi::OsString;
use std::path::Path;

fn export(w: &World, filter: Option<&str>) -> String {
    let app = open(w.dir.path(), &w.keychain).with_export_dir(w.dir.path().join("downloads"));
    app.audit.save_audit_csv(filter).unwrap().path
}

fn verify(keychain: &Keychain, args: &[&str]) -> (i32, String) {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let mut out = Vec::new();
    let code = verify_audit(&args, keychain, &mut out);
    (code, String::from_utf8(out).unwrap())
}

/// Rewrites the file with `edit` applied to its text.
fn edited(path: &str, edit: impl Fn(String) -> String) -> String {
    let copy = format!("{path}.edited.csv");
    std::fs::write(&copy, edit(std::fs::read_to_string(path).unwrap())).unwrap();
    copy
}

#[test]
fn an_export_verifies_and_one_edited_cell_names_its_row() {
    let w = world();
    w.app.environments.set_staff_name("'Mette, \"MH\" Hansen").unwrap();
    w.act(3);
    let path = export(&w, None);
    let text = std::fs::read_to_string(&path).unwrap();
    let header = text.lines().next().unwrap();
    assert!(header.ends_with(
        "detail,environment_kind,app_version,actor_user,actor_host,staff_name,format,key_id,prev_hash,hash,mac"
    ));
    assert!(text.contains("\"''Mette, \"\"MH\"\" Hansen\""), "a leading apostrophe is kept reversibly: {text}");
    let key = w.keychain.get("audit-mac-key").unwrap().unwrap();
    assert!(!text.contains(&key), "the export never carries the key");
    let rows = w.rows();
    assert!(text.contains(rows[5].mac.as_deref().unwrap()) && text.contains(&rows[5].prev_hash));

    let (code, out) = verify(&w.keychain, &[&path]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("OK: 6 rows verified (rows 1–6)"), "{out}");

    // One cell: the amount of row 3.
    let lines: Vec<&str> = text.split("\r\n").collect();
    let row3 = lines.iter().position(|l| l.starts_with("3,")).unwrap();
    let bad = edited(&path, |t| t.replacen(lines[row3], &lines[row3].replacen(",7.00,", ",7000.00,", 1), 1));
    let (code, out) = verify(&w.keychain, &[&bad]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("FAILED at row 3: edited"), "{out}");

    // A removed line.
    let gone = edited(&path, |t| t.replacen(&format!("{}\r\n", lines[row3]), "", 1));
    let (code, out) = verify(&w.keychain, &[&gone]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("FAILED at row 4: removed — rows 3–3 are missing"), "{out}");

    // Another machine's key.
    let (code, out) = verify(&Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4())), &[&path]);
    assert_eq!(code, 2, "no key in that keychain: {out}");
    assert_eq!(verify(&w.keychain, &[]).0, 2, "usage");
    assert_eq!(verify(&w.keychain, &["/nonexistent/audit.csv"]).0, 2);
}

#[test]
fn a_filtered_export_verifies_only_as_partial() {
    let w = world();
    w.act(3);
    let key_of_row_3 = w.rows()[2].idempotency_key.clone().unwrap();
    let path = export(&w, Some(&key_of_row_3));
    let (code, out) = verify(&w.keychain, &[&path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("removed"), "{out}");
    let (code, out) = verify(&w.keychain, &[&path, "--partial"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("OK: 2 rows verified (rows 3–4)"), "{out}");
    assert!(out.contains("Not in this file (filtered export): rows 1–2."), "{out}");
}

/// The real binary, with this session's default keychain (as the app itself uses it):
/// no window, exit 0 for the export, 1 naming the row for an edited copy.
#[test]
fn the_built_binary_verifies_an_export() {
    let dir = tempfile::tempdir().unwrap();
    let keychain = Keychain::default();
    let w = World { app: open(dir.path(), &keychain), dir, service: String::new(), keychain };
    w.act(1);
    let path = export(&w, None);
    let run = |file: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_escrow-desk"))
            .args(["verify-audit", file])
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (code, out) = run(&path);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("OK: 2 rows verified"), "{out}");
    let bad = edited(&path, |t| t.replacen(",dismissed,", ",succeeded,", 1));
    let (code, out) = run(&bad);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.starts_with("FAILED at row 2: edited"), "{out}");
    assert!(Path::new(&path).exists());
}

/// "Save as…": the audit CSV goes to the file chosen in the dialog, once per choice.
#[test]
fn the_audit_csv_goes_to_the_chosen_file_once() {
    use escrow_desk::save_as::kind::ExportKind;
    let w = world();
    w.act(1);
    let chosen = w.dir.path().join("chosen-audit.csv");
    let token = w.app.save_as.tokens().issue(ExportKind::Audit, chosen.clone()).unwrap();
    let file = w.app.audit.save_audit_csv_to_choice(None, &[], &token).unwrap();
    assert_eq!(file.path, chosen.display().to_string());
    let text = std::fs::read_to_string(&chosen).unwrap();
    let header = escrow_desk::audit::csv_rows::HEADER.join(",");
    assert_eq!(text.trim_start_matches('\u{feff}').lines().next(), Some(header.as_str()));
    assert_eq!(text.lines().count() as u64, file.rows + 1);
    assert!(w.app.audit.save_audit_csv_to_choice(None, &[], &token).is_err(), "a used token");
    let other = w.app.save_as.tokens().issue(ExportKind::Transactions, chosen.clone()).unwrap();
    assert!(w.app.audit.save_audit_csv_to_choice(None, &[], &other).is_err(), "a transactions choice");
}
