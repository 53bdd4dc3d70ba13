//! Preparing a run: each selected transaction read live (a few at a time), checked, and
//! turned into a row; the totals per currency come from these live amounts.

use super::eligibility;
use super::model::{BulkKind, BulkRow, MAX_ROWS, RowState};
use crate::consequence::{Move, of_move};
use crate::desk::valid_id;
use crate::error::AppError;
use escrow_api::{Client, SplitPayout, Transaction};
use futures::StreamExt;

/// How many live reads are under way at once.
const READS_AT_ONCE: usize = 4;

/// The selection without blanks and repeats, in the order it was given.
pub fn distinct_ids(ids: &[String]) -> Result<Vec<String>, AppError> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for id in ids {
        let id = valid_id(id)?;
        if seen.insert(id.to_owned()) {
            out.push(id.to_owned());
        }
    }
    if out.is_empty() {
        return Err(AppError::validation("Select at least one transaction."));
    }
    if out.len() > MAX_ROWS {
        return Err(AppError::validation(format!(
            "A bulk action takes at most {MAX_ROWS} transactions at a time; {} are selected.",
            out.len()
        )));
    }
    Ok(out)
}

/// One row per id, read live: queued when eligible, skipped (with why) when not. A payout
/// or cancel also reads the split payouts, for what the row moves.
pub async fn rows(client: &Client, kind: BulkKind, ids: Vec<String>) -> Vec<BulkRow> {
    futures::stream::iter(ids)
        .map(|id| async move {
            let live = match kind {
                BulkKind::Payout | BulkKind::Cancel => crate::consequence::live(client, &id).await,
                BulkKind::PaymentLink => {
                    client.transactions().get(&id).await.map(|t| (t, Vec::new())).map_err(AppError::from)
                }
            };
            row(kind, id, live)
        })
        .buffered(READS_AT_ONCE)
        .collect()
        .await
}

/// What the row moves, with the same rules as the single action's consequence panel.
fn moves(kind: BulkKind, t: &Transaction, splits: &[SplitPayout]) -> Option<String> {
    let c = match kind {
        BulkKind::Payout => of_move(&Move::Payout, t, splits),
        BulkKind::Cancel => of_move(&Move::Cancel, t, splits),
        BulkKind::PaymentLink => return None,
    };
    Some(if kind == BulkKind::Payout { c.payee_net } else { c.to_payer })
}

fn row(kind: BulkKind, id: String, live: Result<(Transaction, Vec<SplitPayout>), AppError>) -> BulkRow {
    let mut row = BulkRow {
        transaction_id: id,
        title: None,
        amount: String::new(),
        currency: String::new(),
        account: String::new(),
        state: RowState::Skipped,
        action_id: None,
        message: None,
        skip: None,
        error: None,
        link: None,
        moves: None,
    };
    match live {
        Err(e) => {
            row.message = Some(e.message.clone());
            row.error = Some(e);
        }
        Ok((t, splits)) => {
            row.title = t.title.clone();
            row.amount = t.amount.to_string();
            row.currency = t.currency.as_str().to_owned();
            match eligibility::check(kind, &t) {
                Ok(account) => {
                    row.account = account;
                    row.state = RowState::Queued;
                    row.moves = moves(kind, &t, &splits);
                }
                Err(why) => {
                    row.message = Some(why.message());
                    row.skip = Some(why);
                }
            }
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_is_deduplicated_checked_and_bounded() {
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(distinct_ids(&ids(&["a", " a ", "b"])).unwrap(), vec!["a", "b"]);
        assert!(distinct_ids(&[]).is_err());
        assert!(distinct_ids(&ids(&[""])).is_err());
        let many: Vec<String> = (0..=MAX_ROWS).map(|i| format!("t{i}")).collect();
        assert!(distinct_ids(&many).unwrap_err().message.contains(&MAX_ROWS.to_string()));
        assert_eq!(distinct_ids(&many[..MAX_ROWS]).unwrap().len(), MAX_ROWS);
    }
}
