//! Reading the live record a consequence is computed on, and the consequence's audit line.

use desk_money::{Consequence, Move, parse};
use desk_money::{of_debt, of_move};
use escrow_api::{Client, SplitPayout, Transaction};
use serde::Serialize;
use ts_rs::TS;

/// A consequence, tagged with the environment it was computed in; `None` when the action
/// moves no money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConsequenceView {
    pub environment_id: String,
    pub consequence: Option<Consequence>,
    /// The journal store's time taken just before the live record was read (a team store's;
    /// `None` for a desk's own): given back with the action, a colleague's move that ended
    /// after it refuses this one, which its person did not see.
    pub read_at: Option<String>,
}

/// What a move (`(target transaction, move)`, as any domain's action names it) would do,
/// from the live record; every domain's consequence command goes through here.
pub async fn view_of(
    environment_id: String,
    client: &Client,
    money_move: Option<(&str, Move)>,
    store: &dyn crate::journal::JournalStore,
) -> Result<ConsequenceView, crate::error::AppError> {
    // A store out of reach: no time, and the action says so when it is asked.
    let read_at = store.mark().await.ok().flatten();
    let consequence = match money_move {
        Some((target, m)) => {
            let (tx, splits) = live(client, target).await?;
            Some(of_move(&m, &tx, &splits))
        }
        None => None,
    };
    Ok(ConsequenceView { environment_id, consequence, read_at })
}

/// Reads the transaction and its split payouts, the live record a consequence is computed on.
pub async fn live(
    client: &Client,
    transaction_id: &str,
) -> Result<(Transaction, Vec<SplitPayout>), crate::error::AppError> {
    let id = crate::shared::fields::id("transactionId", transaction_id)?;
    let tx = client.transactions().get(id).await?;
    let splits = client.split_payouts().list(id).await?.items;
    Ok((tx, splits))
}

/// The consequence's audit line for `m` on the live record; `None` when it cannot be read.
pub async fn audit_note(client: &Client, transaction_id: &str, m: &Move) -> Option<String> {
    let (tx, splits) = live(client, transaction_id).await.ok()?;
    Some(of_move(m, &tx, &splits).summary())
}

/// The audit line for registering debt of `amount` (text as in the request) on the live record.
pub async fn debt_audit_note(client: &Client, transaction_id: &str, amount: &str) -> Option<String> {
    let amount = parse(amount)?;
    let (tx, splits) = live(client, transaction_id).await.ok()?;
    Some(of_debt(amount, &tx, &splits).summary())
}

/// What the journal reads before `m`'s intent is written, from one read of the live record:
/// the consequence's audit line, and what `m` is worth (amount, currency) for a team's
/// approval rules: what a payout releases to the payee, what a cancel or reimbursement sends
/// back to the payer, a split payout's or payment's own amount, else the deal's amount after
/// it. Both `None` when the record cannot be read (every rule for the kind then applies).
pub async fn read_live(client: &Client, transaction_id: &str, m: &Move) -> (Option<String>, Option<(String, String)>) {
    let Ok((tx, splits)) = live(client, transaction_id).await else { return (None, None) };
    let c = of_move(m, &tx, &splits);
    let note = c.summary();
    let figure = match m {
        Move::Payout => c.payee_net,
        Move::Cancel | Move::Reimburse { .. } => c.to_payer,
        Move::CreateSplitPayout { amount, .. } | Move::CreatePayment { amount: Some(amount) } => amount.clone(),
        _ => c.amount,
    };
    (Some(note), Some((figure, c.currency)))
}
