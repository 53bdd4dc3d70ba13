//! The native menu. Its items that act on the page are handed to the web view as a
//! `desk-menu` DOM event naming the item (a fixed id from [`ITEMS`], never user text), so
//! the web view needs no event permission; "Open logs folder" is done here.
//! Shortcuts all carry a modifier (or are function keys): a bare letter would be taken
//! from text fields by the menu.

use tauri::menu::{Menu, MenuBuilder, MenuItemBuilder, PredefinedMenuItem, SubmenuBuilder};
use tauri::{AppHandle, Manager, Runtime};

/// One menu item that is handed to the web view.
pub struct Item {
    pub id: &'static str,
    pub menu: Submenu,
    pub en: &'static str,
    pub da: &'static str,
    pub accelerator: Option<&'static str>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Submenu {
    File,
    View,
    Help,
}

/// Every item of the app's own (the web view handles each id in `features/shell/menu.ts`).
pub const ITEMS: &[Item] = &[
    Item {
        id: "new-transaction",
        menu: Submenu::File,
        en: "New transaction…",
        da: "Ny transaktion…",
        accelerator: Some("CmdOrCtrl+N"),
    },
    Item {
        id: "palette",
        menu: Submenu::View,
        en: "Command palette…",
        da: "Kommandopalet…",
        accelerator: Some("CmdOrCtrl+K"),
    },
    Item { id: "search", menu: Submenu::View, en: "Search", da: "Søg", accelerator: Some("CmdOrCtrl+F") },
    Item { id: "refresh", menu: Submenu::View, en: "Refresh", da: "Genindlæs", accelerator: Some("F5") },
    Item { id: "go-overview", menu: Submenu::View, en: "Overview", da: "Overblik", accelerator: Some("Alt+0") },
    Item {
        id: "go-attention",
        menu: Submenu::View,
        en: "Needs attention",
        da: "Kræver handling",
        accelerator: Some("Alt+6"),
    },
    Item {
        id: "go-transactions",
        menu: Submenu::View,
        en: "Transactions",
        da: "Transaktioner",
        accelerator: Some("Alt+1"),
    },
    Item { id: "go-users", menu: Submenu::View, en: "Users", da: "Brugere", accelerator: Some("Alt+2") },
    Item {
        id: "go-business-users",
        menu: Submenu::View,
        en: "Business users",
        da: "Erhvervsbrugere",
        accelerator: Some("Alt+7"),
    },
    Item { id: "go-trades", menu: Submenu::View, en: "Trades", da: "Handelsaftaler", accelerator: Some("Alt+3") },
    Item { id: "go-documents", menu: Submenu::View, en: "Documents", da: "Dokumenter", accelerator: Some("Alt+8") },
    Item { id: "go-events", menu: Submenu::View, en: "Events", da: "Hændelser", accelerator: Some("Alt+9") },
    Item { id: "go-audit", menu: Submenu::View, en: "Audit log", da: "Revisionslog", accelerator: Some("Alt+4") },
    Item { id: "go-environments", menu: Submenu::View, en: "Environments", da: "Miljøer", accelerator: Some("Alt+5") },
    Item {
        id: "copy-diagnostics",
        menu: Submenu::Help,
        en: "Copy diagnostics",
        da: "Kopiér diagnosticering",
        accelerator: None,
    },
    Item { id: "about", menu: Submenu::Help, en: "About Escrow Desk", da: "Om Escrow Desk", accelerator: None },
];

/// Done in Rust, not in the web view.
pub const OPEN_LOGS: &str = "open-logs";

/// The menu in the language the window's person chose (`shared::lang`): built at start and
/// again when the choice changes.
pub fn build<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<Menu<R>> {
    let da = crate::shared::lang::danish();
    let label = |en: &'static str, d: &'static str| if da { d } else { en };
    let item = |it: &Item| {
        let mut b = MenuItemBuilder::with_id(it.id, label(it.en, it.da));
        if let Some(acc) = it.accelerator {
            b = b.accelerator(acc);
        }
        b.build(app)
    };
    let mut file = SubmenuBuilder::new(app, label("File", "Filer"));
    let mut view = SubmenuBuilder::new(app, label("View", "Vis"));
    let mut help = SubmenuBuilder::new(app, label("Help", "Hjælp"));
    for it in ITEMS {
        let built = item(it)?;
        match it.menu {
            Submenu::File => file = file.item(&built),
            Submenu::View => view = view.item(&built),
            Submenu::Help => help = help.item(&built),
        }
    }
    let open_logs = MenuItemBuilder::with_id(OPEN_LOGS, label("Open logs folder", "Åbn logmappen")).build(app)?;
    let file = file.separator().item(&PredefinedMenuItem::quit(app, None)?).build()?;
    let edit = SubmenuBuilder::new(app, label("Edit", "Rediger"))
        .undo()
        .redo()
        .separator()
        .cut()
        .copy()
        .paste()
        .select_all()
        .build()?;
    let view = view.build()?;
    let help = help.separator().item(&open_logs).build()?;
    MenuBuilder::new(app).items(&[&file, &edit, &view, &help]).build()
}

/// Handles a click on one of the menu's items.
pub fn on_event<R: Runtime>(app: &AppHandle<R>, id: &str) {
    if id == OPEN_LOGS {
        if let Err(e) = crate::support::logging::open_dir() {
            tracing::warn!(error = %e, "could not open the log folder");
        }
        return;
    }
    let Some(item) = ITEMS.iter().find(|i| i.id == id) else { return };
    if let Some(window) = app.get_webview_window("main") {
        let script = format!("window.dispatchEvent(new CustomEvent('desk-menu', {{ detail: '{}' }}))", item.id);
        if let Err(e) = window.eval(script) {
            tracing::warn!(error = %e, menu = item.id, "could not hand the menu item to the window");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_safe_to_put_in_a_script() {
        let mut ids: Vec<&str> = ITEMS.iter().map(|i| i.id).collect();
        assert!(ids.iter().all(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
        ids.push(OPEN_LOGS);
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n);
    }

    /// In Danish the deals are "Handler"; the trades have a word of their own, the sidebar's.
    #[test]
    fn trades_have_their_own_danish_word_the_sidebars() {
        let trades = ITEMS.iter().find(|i| i.id == "go-trades").map(|i| i.da).unwrap_or_default();
        assert_ne!(trades, "Handler", "the deals' word");
        let ts = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/features/trades/i18n.ts"))
            .unwrap_or_default();
        assert!(ts.contains(&format!("'nav.trades': '{trades}'")), "the menu says {trades:?}, as the sidebar does");
    }

    #[test]
    fn no_shortcut_is_a_bare_letter() {
        for it in ITEMS {
            if let Some(acc) = it.accelerator {
                assert!(acc.contains('+') || acc.starts_with('F'), "{} would steal typing: {acc}", it.id);
            }
        }
    }

    /// The web view handles every id (its table is `ui/src/features/shell/menu.ts`).
    #[test]
    fn the_web_view_handles_every_item() {
        let ts = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/features/shell/menu.ts"))
            .unwrap_or_default();
        for it in ITEMS {
            assert!(ts.contains(&format!("'{}'", it.id)), "menu.ts does not handle {}", it.id);
        }
    }
}
