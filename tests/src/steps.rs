//! Steps staff take in the window, shared by the end-to-end walks: adding a keychain
//! profile, switching to Danish, opening a transaction, running an action through its
//! confirmation.

use crate::window::AppWindow;
use std::time::Duration;

/// A profile as the Environments form takes it.
#[derive(Debug, Clone, Copy)]
pub struct ProfileForm<'a> {
    pub name: &'a str,
    pub url: &'a str,
    pub key: &'a str,
    /// `spec` or `published`; `None` leaves the form's default (spec).
    pub dialect: Option<&'a str>,
}

/// The built-in sandbox's URL, as the Environments page shows it.
pub async fn sandbox_url(c: &AppWindow) -> String {
    c.click("[data-testid='nav-environments']").await;
    let item = c.find("[data-testid='environment-item'][data-id='sandbox']").await;
    item.find(".env-url").await.content().await.trim_end_matches('/').to_owned()
}

/// Adds the profile (its key goes to the keychain), checks its connection and switches
/// to it; returns the profile's id.
pub async fn add_profile(c: &AppWindow, p: ProfileForm<'_>) -> String {
    c.click("[data-testid='nav-environments']").await;
    let before = c.count("[data-testid='environment-item']").await;
    c.type_into("[data-testid='profile-name']", p.name).await;
    c.type_into("[data-testid='profile-base-url']", p.url).await;
    c.type_into("[data-testid='profile-api-key']", p.key).await;
    if let Some(dialect) = p.dialect {
        c.click(&format!("[data-testid='profile-dialect'] option[value='{dialect}']")).await;
    }
    c.click("[data-testid='profile-save']").await;
    c.wait_count("[data-testid='environment-item']", before + 1).await;
    let items = c.find_all("[data-testid='environment-item']").await;
    let mut ours = None;
    for item in items {
        if item.content_or_empty().await.contains(p.name) {
            ours = Some(item);
        }
    }
    let ours = ours.unwrap_or_else(|| panic!("no environment named {}", p.name));
    let id = ours.attr("data-id").await.unwrap_or_default();
    if let Some(dialect) = p.dialect {
        assert_eq!(ours.find("[data-testid='env-dialect']").await.attr("data-dialect").await.as_deref(), Some(dialect));
    }
    ours.find("[data-testid='env-test']").await.click().await;
    c.until("a successful test connection", async || {
        c.text(&format!("[data-id='{id}'] [data-testid='env-test-result']")).await.contains("200").then_some(())
    })
    .await;
    ours.find("[data-testid='env-use']").await.click().await;
    // textContent: the sidebar truncates long names with an ellipsis.
    c.until("the profile to become current", async || {
        (c.content("[data-testid='env-name']").await == p.name).then_some(())
    })
    .await;
    // The key went to the keychain; the web view never had it back.
    assert!(!c.source().await.contains(p.key), "the API key is in the page");
    id
}

/// Switches the window to Danish.
pub async fn danish(c: &AppWindow) {
    c.click("[data-testid='lang-da']").await;
    c.until("the window in Danish", async || {
        (c.execute("return document.documentElement.lang;", vec![]).await == "da").then_some(())
    })
    .await;
}

/// Opens the Transactions page, searches `search` and opens its single row.
pub async fn open_transaction(c: &AppWindow, search: &str) {
    c.click("[data-testid='nav-transactions']").await;
    c.type_into("[data-testid='search-input']", search).await;
    // Wait for this search's single row, not the previous search's.
    c.until(&format!("search {search}: a single matching row"), async || {
        let rows = c.find_all("[data-testid='transaction-row']").await;
        let content = match rows.first() {
            Some(r) => r.content_or_empty().await,
            None => String::new(),
        };
        (rows.len() == 1 && content.to_lowercase().contains(&search.to_lowercase())).then_some(())
    })
    .await;
    // A click that lands while the list re-renders (the mirror's refresh) can be lost: the
    // list then stays. A person clicks again; so does this.
    c.click("[data-testid='transaction-row']").await;
    let mut again = std::time::Instant::now() + Duration::from_secs(3);
    c.until("the transaction's detail", async || {
        if c.try_find("[data-testid='transaction-detail']").await.is_some() {
            return Some(());
        }
        if std::time::Instant::now() > again {
            again += Duration::from_secs(3);
            if let Some(row) = c.try_find("[data-testid='transaction-row']").await {
                eprintln!("the row click was lost: clicking again");
                // Gone by now (re-rendered again): the next round finds it anew.
                let _ = row.try_click().await;
            }
        }
        None
    })
    .await;
}

/// The id of the transaction the detail page shows, once it has one.
pub async fn detail_id(c: &AppWindow) -> String {
    c.until("the deal's id on the detail page", async || {
        let id = c.content("[data-testid='detail-transaction-id']").await;
        (!id.is_empty()).then_some(id)
    })
    .await
}

/// Opens an action, fills it (`option:V` picks a select's option), types the
/// confirmation amount and confirms; returns the result's state.
pub async fn run_action(c: &AppWindow, button: &str, fields: &[(&str, &str)]) -> String {
    open_action(c, button, fields).await;
    confirm_action(c).await
}

/// Opens an action's dialog and fills it (`option:V` picks a select's option).
pub async fn open_action(c: &AppWindow, button: &str, fields: &[(&str, &str)]) {
    c.click(&format!("[data-testid='{button}']")).await;
    c.find("[data-testid='action-dialog']").await;
    for (field, value) in fields {
        if let Some(option) = value.strip_prefix("option:") {
            c.click(&format!("[data-testid='{field}'] option[value='{option}']")).await;
        } else {
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
    }
}

/// In the open action dialog: types the confirmation amount (when it asks for one),
/// confirms and waits for the dialog to close; returns the result's state.
pub async fn confirm_action(c: &AppWindow) -> String {
    if let Some(expected) = c.try_find("[data-testid='confirm-amount-expected']").await {
        let amount = expected.text().await;
        c.type_into("[data-testid='confirm-amount-input']", &amount).await;
    }
    // Confirm is enabled once the dialog has what it needs (the consequence read live, say);
    // a click before that is ignored, and an earlier action's result is still on the page.
    c.click("[data-testid='action-confirm']:not([disabled])").await;
    // A click that lands while the dialog re-renders (the consequence read again) can be lost:
    // Confirm is then still enabled with nothing running. A person clicks again; so does this
    // (harmless when the first click took: Confirm is disabled while the action runs).
    let clicked = std::time::Instant::now();
    let mut again = clicked + Duration::from_secs(3);
    c.until_for("the action dialog to close", Duration::from_secs(30), async || {
        if c.try_find("[data-testid='action-dialog']").await.is_none() {
            return Some(());
        }
        if std::time::Instant::now() > again {
            again += Duration::from_secs(3);
            if let Some(confirm) = c.try_find("[data-testid='action-confirm']:not([disabled])").await {
                eprintln!("the confirm click was lost after {:?}: clicking again", clicked.elapsed());
                confirm.dom_click().await;
            }
        }
        None
    })
    .await;
    c.find_for("[data-testid='action-result']", Duration::from_secs(30))
        .await
        .attr("data-state")
        .await
        .unwrap_or_default()
}

/// Refreshes the local mirror from the overview's bar and waits until the refresh has ended
/// (another time shown). The first full pass may still be running on a busy machine, and
/// after its list its detail checks: the time is shown then, but Refresh stays off until they
/// end, and a click on it does nothing. So the button is waited for, then the time read.
pub async fn refresh_mirror(c: &AppWindow) {
    c.click("[data-testid='nav-overview']").await;
    c.find_for("[data-testid='mirror-as-of']", Duration::from_secs(90)).await;
    let refresh = "[data-testid='mirror-refresh']:not([disabled])";
    c.find_for(refresh, Duration::from_secs(90)).await;
    let before = c.attr("[data-testid='mirror-as-of']", "data-as-of").await;
    c.click(refresh).await;
    c.until_for("the mirror refreshed", Duration::from_secs(60), async || {
        let now = c.try_find("[data-testid='mirror-as-of']").await?.try_attr("data-as-of").await.ok().flatten();
        now.filter(|n| *n != before)
    })
    .await;
}
