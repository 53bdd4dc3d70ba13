//! Sorting the list by any column. From the mirror it is SQL (see
//! [`crate::mirror::list::sort_column`]); before the mirror's first pass the desk reads every
//! match through the export stream and sorts here, with the same columns and order.

use crate::error::AppError;
use escrow_api::TransactionListItem;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use ts_rs::TS;

/// A column and a direction. Columns: `created`, `title`, `amount`, `status`,
/// `expectedCompletion`, `payee`, `payer`, `referenceId`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SortBy {
    pub column: String,
    pub descending: bool,
}

pub const COLUMNS: [&str; 8] =
    ["created", "title", "amount", "status", "expectedCompletion", "payee", "payer", "referenceId"];

fn text(v: &Option<String>) -> String {
    v.as_deref().unwrap_or_default().to_lowercase()
}

fn party(p: &Option<escrow_api::Party>) -> String {
    p.as_ref().and_then(|p| p.name.as_deref()).unwrap_or_default().to_lowercase()
}

/// Sorts `items` by `by`; ties (and missing values) keep a stable order by id.
pub fn sort(items: &mut [TransactionListItem], by: &SortBy) -> Result<(), AppError> {
    let cmp: fn(&TransactionListItem, &TransactionListItem) -> Ordering = match by.column.as_str() {
        "created" => |a, b| a.created.cmp(&b.created),
        "title" => |a, b| text(&a.title).cmp(&text(&b.title)),
        "amount" => |a, b| a.amount.cmp(&b.amount),
        "status" => |a, b| a.status.as_str().cmp(b.status.as_str()),
        "expectedCompletion" => |a, b| a.expected_completion.cmp(&b.expected_completion),
        "payee" => |a, b| party(&a.payee).cmp(&party(&b.payee)),
        "payer" => |a, b| party(&a.payer).cmp(&party(&b.payer)),
        "referenceId" => |a, b| a.reference_id.cmp(&b.reference_id),
        other => return Err(AppError::validation(format!("Cannot sort by {other}."))),
    };
    // Amounts are grouped by currency first, always A to Z (as the mirror's SQL does).
    let group = |a: &TransactionListItem, b: &TransactionListItem| {
        if by.column == "amount" { a.currency.as_str().cmp(b.currency.as_str()) } else { Ordering::Equal }
    };
    items.sort_by(|a, b| {
        let o = cmp(a, b).then_with(|| a.transaction_id.cmp(&b.transaction_id));
        group(a, b).then(if by.descending { o.reverse() } else { o })
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, amount: i64, title: &str) -> TransactionListItem {
        item_in(id, amount, "DKK", title)
    }

    fn item_in(id: &str, amount: i64, currency: &str, title: &str) -> TransactionListItem {
        serde_json::from_value(serde_json::json!({
            "transactionId": id, "amount": amount, "currency": currency, "status": "PAID", "title": title
        }))
        .unwrap()
    }

    #[test]
    fn amounts_sort_within_their_currency() {
        let mut items = vec![
            item_in("a", 500, "EUR", ""),
            item_in("b", 300, "DKK", ""),
            item_in("c", 900, "DKK", ""),
            item_in("d", 100, "EUR", ""),
        ];
        let ids = |items: &[TransactionListItem]| items.iter().map(|t| t.transaction_id.clone()).collect::<Vec<_>>();
        sort(&mut items, &SortBy { column: "amount".into(), descending: true }).unwrap();
        assert_eq!(ids(&items), ["c", "b", "a", "d"], "DKK first, each currency largest first");
        sort(&mut items, &SortBy { column: "amount".into(), descending: false }).unwrap();
        assert_eq!(ids(&items), ["b", "c", "d", "a"]);
    }

    #[test]
    fn sorts_by_amount_and_title_either_way() {
        let mut items = vec![item("a", 300, "b"), item("b", 100, "C"), item("c", 200, "a")];
        sort(&mut items, &SortBy { column: "amount".into(), descending: false }).unwrap();
        assert_eq!(items.iter().map(|t| t.transaction_id.as_str()).collect::<Vec<_>>(), ["b", "c", "a"]);
        sort(&mut items, &SortBy { column: "title".into(), descending: true }).unwrap();
        assert_eq!(items.iter().map(|t| t.transaction_id.as_str()).collect::<Vec<_>>(), ["b", "a", "c"]);
        assert!(sort(&mut items, &SortBy { column: "nope".into(), descending: false }).is_err());
    }
}
