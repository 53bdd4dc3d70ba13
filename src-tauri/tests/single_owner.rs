//! One owner of a data folder: while one process has the journal open, another process
//! opening the same folder is refused with a clear message; once the first lets go, it
//! opens. (Handles within one process share the lock.)

use escrow_desk::appdb::AppDb;
use std::process::Command;

/// Runs this test binary's `child_opens_the_folder` in a separate process on `dir`.
fn other_process(dir: &std::path::Path) -> String {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child_opens_the_folder", "--ignored", "--nocapture"])
        .env("OWNER_DIR", dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().find(|l| l.starts_with("child:")).unwrap_or_default().to_owned()
}

#[test]
fn a_second_process_is_refused_while_the_first_holds_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let db = AppDb::open(dir.path()).unwrap();
    let same_process = AppDb::open(dir.path());
    assert!(same_process.is_ok(), "handles of one process share the lock");
    let answer = other_process(dir.path());
    assert!(answer.starts_with("child: refused") && answer.contains("already open"), "{answer}");
    drop(same_process);
    drop(db);
    assert_eq!(other_process(dir.path()), "child: opened");
}

#[test]
#[ignore = "run by the test above in a child process"]
fn child_opens_the_folder() {
    let dir = std::env::var_os("OWNER_DIR").expect("OWNER_DIR");
    match AppDb::open(std::path::Path::new(&dir)) {
        Ok(_) => println!("child: opened"),
        Err(e) => println!("child: refused: {}", e.message),
    }
}
