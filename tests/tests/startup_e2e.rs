//! End-to-end: when the app cannot open its data, the window still opens and says what is
//! wrong and where (never a silent exit): the data folder's path is a file, which no user
//! (root included, as in CI) can turn into a folder; the data folder is on a read-only file
//! system (a tmpfs mounted read-only, as root).

use escrow_desk_e2e::{AppWindow, Launch, capped};

#[tokio::test]
async fn a_data_folder_that_cannot_be_opened_is_explained_in_the_window() {
    capped("a_data_folder_that_cannot_be_opened_is_explained_in_the_window", async {
        let dir = tempfile::tempdir().unwrap();
        let not_a_folder = dir.path().join("escrow-desk-data");
        std::fs::write(&not_a_folder, b"a file where the data folder should be").unwrap();

        let c = AppWindow::open(&not_a_folder).await;
        c.find("[data-testid='startup-problem']").await;
        let text = c.content("[data-testid='startup-problem-text']").await;
        assert!(text.contains("escrow-desk-data"), "names the folder: {text}");
        assert_eq!(c.count("[data-testid='transaction-row']").await, 0, "no desk behind the message");
        c.screenshot("startup-problem.png").await;
        c.close().await;
        assert!(not_a_folder.is_file(), "nothing was changed");
    })
    .await
}

/// A read-only tmpfs mounted for one test, unmounted when dropped (also on failure).
struct ReadOnlyMount(std::path::PathBuf);

impl ReadOnlyMount {
    /// Mounts an empty tmpfs read-only at `at`. Needs root (CI runs as root, and so does
    /// `make test` on the machines the README names); refused otherwise, with why.
    fn new(at: &std::path::Path) -> Self {
        std::fs::create_dir_all(at).unwrap();
        let out = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "ro,size=1m", "escrow-desk-ro", &at.display().to_string()])
            .output()
            .expect("the mount command");
        assert!(
            out.status.success(),
            "this test mounts a read-only tmpfs and needs root: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Self(at.to_owned())
    }
}

impl Drop for ReadOnlyMount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// The case of the issue: the data folder on a read-only file system. The window opens,
/// says the folder cannot be written and names it; nothing panics.
#[tokio::test]
async fn a_data_folder_on_a_read_only_file_system_is_explained_in_the_window() {
    capped("a_data_folder_on_a_read_only_file_system_is_explained_in_the_window", async {
        let dir = tempfile::tempdir().unwrap();
        let mount = ReadOnlyMount::new(&dir.path().join("read-only-data"));
        // Only the data folder is read-only: the web view's own storage (under XDG_DATA_HOME,
        // as for a user whose home is writable) is elsewhere.
        let web = dir.path().join("web-storage");
        let launch = Launch::new(&mount.0).env("XDG_DATA_HOME", Some(web.as_os_str()));
        let c = AppWindow::launch(launch).await;
        c.find("[data-testid='startup-problem']").await;
        let text = c.content("[data-testid='startup-problem-text']").await;
        assert!(text.contains("read-only-data"), "names the folder: {text}");
        assert!(text.to_lowercase().contains("read-only"), "says why: {text}");
        assert_eq!(c.count("[data-testid='transaction-row']").await, 0, "no desk behind the message");
        c.close().await;
        assert_eq!(std::fs::read_dir(&mount.0).unwrap().count(), 0, "nothing was written");
    })
    .await
}

/// A damaged database (the app's and the built-in sandbox's) is moved aside with a
/// timestamp, never deleted; the desk starts afresh and the window says where each was kept,
/// beside a working desk.
#[tokio::test]
async fn a_damaged_database_is_moved_aside_and_the_window_says_where() {
    capped("a_damaged_database_is_moved_aside_and_the_window_says_where", async {
        let dir = tempfile::tempdir().unwrap();
        let garbage = vec![0x5a_u8; 16 * 1024];
        std::fs::write(dir.path().join("escrow-desk.sqlite"), &garbage).unwrap();
        std::fs::create_dir_all(dir.path().join("sandbox")).unwrap();
        std::fs::write(dir.path().join("sandbox/sandbox.sqlite"), &garbage).unwrap();

        let c = AppWindow::open(dir.path()).await;
        c.wait_ready().await;
        c.wait_count("[data-testid='startup-notice']", 2).await;
        let app = c.content("[data-testid='startup-notice'][data-kind='database_moved_aside']").await;
        assert!(app.contains("escrow-desk.sqlite.corrupt-"), "says where the file went: {app}");
        assert!(app.contains("pending actions recorded in it could not be read"), "{app}");
        let sandbox = c.content("[data-testid='startup-notice'][data-kind='sandbox_moved_aside']").await;
        assert!(sandbox.contains("sandbox.sqlite.corrupt-"), "{sandbox}");
        assert_eq!(c.count("[data-testid='startup-problem']").await, 0, "the desk opened");
        c.wait_at_least("[data-testid='transaction-row']", 1).await;
        c.screenshot("startup-notice.png").await;
        c.click("[data-testid='startup-notice'][data-kind='sandbox_moved_aside'] [data-testid='startup-notice-close']")
            .await;
        c.wait_count("[data-testid='startup-notice']", 1).await;
        c.close().await;

        let kept = |folder: &std::path::Path, prefix: &str| -> Vec<Vec<u8>> {
            std::fs::read_dir(folder)
                .unwrap()
                .flatten()
                .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
                .map(|e| std::fs::read(e.path()).unwrap())
                .collect()
        };
        assert_eq!(kept(dir.path(), "escrow-desk.sqlite.corrupt-"), vec![garbage.clone()], "kept byte for byte");
        assert_eq!(kept(&dir.path().join("sandbox"), "sandbox.sqlite.corrupt-"), vec![garbage.clone()]);
        assert_ne!(std::fs::read(dir.path().join("escrow-desk.sqlite")).unwrap(), garbage, "a fresh database");
    })
    .await
}
