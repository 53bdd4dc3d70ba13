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
    /// An Auto deal's settlement statement (PDF).
    Statement,
    /// A deal's receipt (PDF).
    Receipt,
}

impl ExportKind {
    /// The settings key part and log name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Transactions => "transactions",
            Self::Selection => "selection",
            Self::Audit => "audit",
            Self::Statement => "statement",
            Self::Receipt => "receipt",
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
            (Self::Statement, false) => "Save settlement statement",
            (Self::Statement, true) => "Gem afregningsopgørelse",
            (Self::Receipt, false) => "Save receipt",
            (Self::Receipt, true) => "Gem kvittering",
        }
    }

    /// Whether a token chosen for `self` may be redeemed by an export of `other` (the list's
    /// export and the selection's write the same file format).
    pub fn redeemable_as(self, other: ExportKind) -> bool {
        match (self, other) {
            (Self::Transactions | Self::Selection, Self::Transactions | Self::Selection) => true,
            _ => self == other,
        }
    }

    /// The kinds of file the dialog offers, first the proposed one: transactions as an Excel
    /// workbook or CSV (the name's extension decides, see `desk_export::Format::of_path`); the
    /// audit log as CSV only (its verifier reads that file back).
    pub fn filters(self, da: bool) -> &'static [(&'static str, &'static [&'static str])] {
        match (self, da) {
            (Self::Audit, _) => &[("CSV", &["csv"])],
            (Self::Statement | Self::Receipt, _) => &[("PDF", &["pdf"])],
            (_, false) => &[("Excel workbook", &["xlsx"]), ("CSV (comma-separated)", &["csv"])],
            (_, true) => &[("Excel-projektmappe", &["xlsx"]), ("CSV (semikolonsepareret)", &["csv"])],
        }
    }

    /// The extension a name gets when it has none of [`ExportKind::filters`]'.
    fn extension(self) -> &'static str {
        match self {
            Self::Audit => "csv",
            Self::Statement | Self::Receipt => "pdf",
            Self::Transactions | Self::Selection => "xlsx",
        }
    }

    fn default_name(self) -> String {
        let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M");
        let ext = self.extension();
        match self {
            Self::Transactions => format!("escrow-transactions-{stamp}.{ext}"),
            Self::Selection => format!("escrow-selection-{stamp}.{ext}"),
            Self::Audit => format!("escrow-desk-audit-{stamp}.{ext}"),
            Self::Statement => format!("settlement-statement-{stamp}.{ext}"),
            Self::Receipt => format!("receipt-{stamp}.{ext}"),
        }
    }

    /// The name the dialog proposes: the web view's suggestion when it is a plain file name
    /// (no folder part, no control characters, at most 120 characters), with an extension the
    /// kind writes; the kind's default otherwise. It is only a proposal: the user confirms it
    /// in the dialog.
    pub fn suggested_name(self, suggestion: Option<&str>) -> String {
        let plain = suggestion.map(str::trim).filter(|s| {
            !s.is_empty()
                && s.chars().count() <= 120
                && !s.contains(['/', '\\'])
                && !s.starts_with('.')
                && !s.chars().any(char::is_control)
        });
        let known = |name: &str| {
            let lower = name.to_ascii_lowercase();
            self.filters(false).iter().flat_map(|(_, exts)| exts.iter()).any(|ext| lower.ends_with(&format!(".{ext}")))
        };
        match plain {
            Some(name) if known(name) => name.to_owned(),
            Some(name) => format!("{name}.{}", self.extension()),
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
        assert_eq!(Transactions.suggested_name(Some("list.XLSX")), "list.XLSX");
        assert_eq!(Transactions.suggested_name(Some("list")), "list.xlsx");
        assert_eq!(Audit.suggested_name(Some("log.xlsx")), "log.xlsx.csv", "the audit log is CSV only");
        for bad in ["/etc/passwd", "../x.csv", "a\\b.csv", ".hidden", "", "a\nb"] {
            let name = Transactions.suggested_name(Some(bad));
            assert!(name.starts_with("escrow-transactions-") && name.ends_with(".xlsx"), "{bad:?} gave {name}");
        }
        assert!(
            Audit.suggested_name(None).starts_with("escrow-desk-audit-")
                && Audit.suggested_name(None).ends_with(".csv")
        );
        assert!(Selection.suggested_name(Some(&"x".repeat(121))).starts_with("escrow-selection-"));
    }

    #[test]
    fn an_audit_token_does_not_redeem_as_a_transactions_export() {
        assert!(Audit.redeemable_as(Audit));
        assert!(!Audit.redeemable_as(Transactions));
        assert!(!Selection.redeemable_as(Audit));
        assert!(Selection.redeemable_as(Transactions));
        assert!(Transactions.redeemable_as(Selection));
        assert!(Statement.redeemable_as(Statement) && !Statement.redeemable_as(Receipt));
        assert!(!Receipt.redeemable_as(Transactions) && !Audit.redeemable_as(Statement));
    }
}
