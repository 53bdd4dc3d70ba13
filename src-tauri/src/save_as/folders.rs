//! The folder the save dialog opens in: the one last chosen for that kind of export (an app
//! database setting), while it still exists; the user's Downloads folder otherwise.

use super::kind::ExportKind;
use crate::appdb::AppDb;
use crate::error::AppError;
use crate::settings::environments::{get_setting, set_setting};
use std::path::{Path, PathBuf};

fn key(kind: ExportKind) -> String {
    format!("export_folder.{}", kind.as_str())
}

/// Where the dialog starts for `kind`.
pub fn start_folder(db: &AppDb, kind: ExportKind, downloads: &Path) -> Result<PathBuf, AppError> {
    let remembered = get_setting(db, &key(kind))?.map(PathBuf::from).filter(|p| p.is_absolute() && p.is_dir());
    Ok(remembered.unwrap_or_else(|| downloads.to_owned()))
}

/// Remembers the folder of a chosen file for the next export of `kind`.
pub fn remember(db: &AppDb, kind: ExportKind, chosen: &Path) -> Result<(), AppError> {
    match chosen.parent().and_then(Path::to_str) {
        Some(folder) if !folder.is_empty() => set_setting(db, &key(kind), folder),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downloads_until_a_folder_is_chosen_then_that_folder_per_kind() {
        let dir = tempfile::tempdir().unwrap();
        let db = AppDb::open(&dir.path().join("data")).unwrap();
        let downloads = dir.path().join("Downloads");
        assert_eq!(start_folder(&db, ExportKind::Audit, &downloads).unwrap(), downloads);
        let chosen = dir.path().join("reports");
        std::fs::create_dir_all(&chosen).unwrap();
        remember(&db, ExportKind::Audit, &chosen.join("a.csv")).unwrap();
        assert_eq!(start_folder(&db, ExportKind::Audit, &downloads).unwrap(), chosen);
        assert_eq!(start_folder(&db, ExportKind::Transactions, &downloads).unwrap(), downloads, "per kind");
        std::fs::remove_dir(&chosen).unwrap();
        assert_eq!(start_folder(&db, ExportKind::Audit, &downloads).unwrap(), downloads, "a folder gone since");
    }
}
