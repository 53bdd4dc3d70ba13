//! The exports that save through the dialog, with their titles and default file names.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which export a file is chosen for (each remembers its own folder).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ExportKind {
    /// The transactions list's export (every match of its search and filters).
    Transactions,
    /// The bulk bar's "Export selection".
    Selection,
    /// The audit log's CSV.
    Audit,
}

impl ExportKind {
    /// The settings key part and log name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Transactions => "transactions",
            Self::Selection => "selection",
            Self::Audit => "audit",
        }
    }

    /// The dialog's title, in the language the window's person chose (`da`).
    pub fn title(self, da: bool) -> &'static str {
        match (self, da) {
            (Self::Transactions, false) => "Export transactions",
            (Self::Transactions, true) => "Eksportér transaktioner",
            (Self::Selection, false) => "Export selected transactions",
            (Self::Selection, true) => "Eksportér valgte transaktioner",
            (Self::Audit, false) => "Export audit log",
            (Self::Audit, true) => "Eksportér revisionsloggen",
        }
    }

    /// Whether a token chosen for `self` may be redeemed by an export of `other` (the list's
    /// export and the selection's write the same file format).
    pub fn redeemable_as(self, other: ExportKind) -> bool {
        match (self, other) {
            (Self::Audit, Self::Audit) => true,
            (Self::Audit, _) | (_, Self::Audit) => false,
            _ => true,
        }
    }

    fn default_name(self) -> String {
        let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M");
        match self {
            Self::Transactions => format!("escrow-transactions-{stamp}.csv"),
            Self::Selection => format!("escrow-selection-{stamp}.csv"),
            Self::Audit => format!("escrow-desk-audit-{stamp}.csv"),
        }
    }

    /// The name the dialog proposes: the web view's suggestion when it is a plain file name
    /// (no folder part, no control characters, at most 120 characters), with `.csv`; the
    /// kind's default otherwise. It is only a proposal: the user confirms it in the dialog.
    pub fn suggested_name(self, suggestion: Option<&str>) -> String {
        let plain = suggestion.map(str::trim).filter(|s| {
            !s.is_empty()
                && s.chars().count() <= 120
                && !s.contains(['/', '\\'])
                && !s.starts_with('.')
                && !s.chars().any(char::is_control)
        });
        match plain {
            Some(name) if name.to_ascii_lowercase().ends_with(".csv") => name.to_owned(),
            Some(name) => format!("{name}.csv"),
            None => self.default_name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ExportKind::*;

    #[test]
    fn a_suggestion_is_only_ever_a_plain_file_name() {
        assert_eq!(Transactions.suggested_name(Some("list.csv")), "list.csv");
        assert_eq!(Transactions.suggested_name(Some("list")), "list.csv");
        for bad in ["/etc/passwd", "../x.csv", "a\\b.csv", ".hidden", "", "a\nb"] {
            let name = Transactions.suggested_name(Some(bad));
            assert!(name.starts_with("escrow-transactions-") && name.ends_with(".csv"), "{bad:?} gave {name}");
        }
        assert!(Audit.suggested_name(None).starts_with("escrow-desk-audit-"));
        assert!(Selection.suggested_name(Some(&"x".repeat(121))).starts_with("escrow-selection-"));
    }

    #[test]
    fn an_audit_token_does_not_redeem_as_a_transactions_export() {
        assert!(Audit.redeemable_as(Audit));
        assert!(!Audit.redeemable_as(Transactions));
        assert!(!Selection.redeemable_as(Audit));
        assert!(Selection.redeemable_as(Transactions));
        assert!(Transactions.redeemable_as(Selection));
    }
}
