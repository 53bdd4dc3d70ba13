//! End-to-end: when the app cannot open its data, the window still opens and says what is
//! wrong and where (never a silent exit). Here the data folder's path is a file, which no
//! user (root included, as in CI) can turn into a folder.

use escrow_desk_e2e::{AppWindow, capped};

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
