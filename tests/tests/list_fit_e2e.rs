//! End-to-end (#32, "amounts as people type them" and "a list that fits"), in the real window
//! on the built-in Sandbox: an amount typed as the language shows it, bare or with its currency
//! as the list shows it ("DKK 289,500.00", "289.500,00 kr.", "€1,234.50"), finds the deal; sorting
//! by amount keeps each currency together; at 1280×800 the list keeps a creation date to sort
//! by, and the columns that do not fit collapse into the row.

use escrow_desk_e2e::{AppWindow, capped, danish};
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;
use std::time::Duration;

/// The overview's mirror bar says the first full pass is in: searches are answered locally.
async fn mirror_ready(c: &AppWindow) {
    c.wait_ready().await;
    c.click("[data-testid='nav-overview']").await;
    c.find_for("[data-testid='mirror-as-of']", Duration::from_secs(90)).await;
    c.click("[data-testid='nav-transactions']").await;
}

/// Every row's amount and the money text shown (which carries the currency).
async fn rows(c: &AppWindow) -> Vec<(Decimal, String)> {
    let js = "return [...document.querySelectorAll(\"[data-testid='row-amount']\")]\
              .map((el) => [el.dataset.amount, el.textContent.trim()]);";
    let seen = c.execute(js, vec![]).await;
    seen.as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let amount = r[0].as_str().and_then(|s| Decimal::from_str(s).ok()).unwrap_or_else(|| panic!("{r}"));
            (amount, r[1].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

/// Searches `typed` and waits for the local mirror's answer with at least one row (a search
/// that finds nothing first, so the previous search's rows are never taken for its answer).
async fn search_amount(c: &AppWindow, typed: &str) -> Vec<(Decimal, String)> {
    c.type_into("[data-testid='search-input']", "nothing-matches-this").await;
    c.until("an empty list", async || {
        (rows(c).await.is_empty() && c.count("[data-testid='list-loading']").await == 0).then_some(())
    })
    .await;
    c.type_into("[data-testid='search-input']", typed).await;
    c.until(&format!("search {typed}: the mirror's rows"), async || {
        c.try_find("[data-testid='list-local']").await?;
        let found = rows(c).await;
        (!found.is_empty() && c.count("[data-testid='list-loading']").await == 0).then_some(found)
    })
    .await
}

/// A euro deal's amount typed exactly as the list shows it in the window's language (its
/// currency sign included) finds the deals its bare amount finds, that deal among them.
async fn euro_as_shown(c: &AppWindow, amount: Decimal) {
    let bare = search_amount(c, &amount.to_string()).await;
    let shown = bare.iter().find(|(a, text)| *a == amount && text.contains('€')).map(|(_, text)| text.clone());
    let shown = shown.unwrap_or_else(|| panic!("a euro deal of {amount}: {bare:?}"));
    let again = search_amount(c, &shown).await;
    assert_eq!(again, bare, "{shown} finds what {amount} finds");
}

#[tokio::test]
async fn an_amount_typed_as_the_language_shows_it_finds_the_deal() {
    capped("an_amount_typed_as_the_language_shows_it_finds_the_deal", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        mirror_ready(&c).await;
        let first_page = c.until("the first page's rows", async || Some(rows(&c).await).filter(|r| r.len() > 5)).await;
        let euro = first_page.iter().find(|(_, text)| text.contains('€')).map(|(a, _)| *a);
        let euro = euro.unwrap_or_else(|| panic!("a euro deal on the first page: {first_page:?}"));
        euro_as_shown(&c, euro).await;
        let want = Decimal::from(289_500);
        let typed_as = [
            ("289,500", "en"),
            ("289,500.00", "en"),
            ("DKK 289,500.00", "en"),
            ("289.500,00", "da"),
            ("289.500", "da"),
            ("289.500,00 kr.", "da"),
        ];
        for (typed, lang) in typed_as {
            if lang == "da" && c.execute("return document.documentElement.lang;", vec![]).await != "da" {
                danish(&c).await;
            }
            let found = search_amount(&c, typed).await;
            assert!(found.iter().all(|(a, _)| *a == want), "{typed} ({lang}) found other amounts: {found:?}");
            let titles = c.content("[data-testid='transactions-table']").await;
            assert!(titles.contains("EV 48 213"), "{typed} ({lang}) finds the showcase Tesla: {titles}");
        }
        euro_as_shown(&c, euro).await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn sorting_by_amount_keeps_each_currency_together() {
    capped("sorting_by_amount_keeps_each_currency_together", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        mirror_ready(&c).await;
        c.click("[data-testid='sort-amount']").await;
        c.find("[data-testid='sort-amount'][data-sort='ascending']").await;
        let sorted = c
            .until("the list sorted by amount from the mirror", async || {
                c.try_find("[data-testid='list-local']").await?;
                let found = rows(&c).await;
                (found.len() > 5).then_some(found)
            })
            .await;
        let currency = |text: &str| if text.contains('€') || text.contains("EUR") { "EUR" } else { "DKK" };
        let mut groups: Vec<(&str, Vec<Decimal>)> = Vec::new();
        for (amount, text) in &sorted {
            match groups.last_mut() {
                Some((cur, amounts)) if *cur == currency(text) => amounts.push(*amount),
                _ => groups.push((currency(text), vec![*amount])),
            }
        }
        let names: Vec<&str> = groups.iter().map(|(c, _)| *c).collect();
        assert!(names.len() <= 2 && names.windows(2).all(|w| w[0] != w[1]), "one block per currency: {names:?}");
        for (cur, amounts) in &groups {
            assert!(amounts.windows(2).all(|w| w[0] <= w[1]), "{cur} amounts ascending: {amounts:?}");
        }
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn at_1280_the_list_keeps_a_creation_date_to_sort_by() {
    capped("at_1280_the_list_keeps_a_creation_date_to_sort_by", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.resize(1280, 800).await;
        c.click("[data-testid='nav-transactions']").await;
        c.wait_at_least("[data-testid='transaction-row']", 2).await;
        let js = "const el = document.querySelector(\"[data-testid='sort-created']\"); \
                  if (!el) return 'missing'; const r = el.getBoundingClientRect(); \
                  return r.width > 0 && r.right <= innerWidth ? 'visible' : `hidden at ${Math.round(r.right)} of ${innerWidth}`;";
        assert_eq!(c.execute(js, vec![]).await, Value::from("visible"), "the Created header at 1280×800");
        let cells = "return [...document.querySelectorAll(\"[data-testid='row-created']\")]\
                     .filter((el) => el.getBoundingClientRect().width > 0 && el.textContent.trim() !== '').length;";
        assert!(c.execute(cells, vec![]).await.as_u64().unwrap_or(0) >= 2, "each row shows its creation date");
        c.click("[data-testid='sort-created']").await;
        c.find("[data-testid='sort-created'][data-sort='ascending']").await;
        // Payer and payee do not fit: they are on the row's second line instead.
        let collapsed = c.content("[data-testid='row-collapsed']").await;
        assert!(collapsed.contains('→'), "parties collapsed into the row: {collapsed:?}");
        c.screenshot("transactions-1280x800.png").await;
        c.close().await;
    })
    .await
}
