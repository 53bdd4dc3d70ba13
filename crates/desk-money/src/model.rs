//! The consequence as the dialog shows it and the audit row records it, and the move it is of.

use rust_decimal::Decimal;
use serde::Serialize;
use ts_rs::TS;

/// A money move as the rules need it (the transaction actions map onto it, see
/// `TransactionAction::money_move`, a new payment `PaymentAction::money_move`: no amount is
/// what remains to pay). Amounts are decimal strings as typed in the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    Payout,
    Cancel,
    Reimburse { amount: String },
    CreateSplitPayout { amount: String, recipient: String, timing: Option<String> },
    CancelSplitPayout { split_payout_id: String },
    ChangeAmount { amount: String, payee_fixed_fee: Option<String>, payer_fixed_fee: Option<String> },
    CreatePayment { amount: Option<String> },
}

/// A split payout and what the action does to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SplitEffect {
    pub split_payout_id: String,
    pub amount: String,
    pub recipient: String,
    pub timing: String,
    /// `released` (paid with this payout), `kept` (still paid after a cancel), `cancelled`,
    /// `planned` (a new one) or `unchanged`.
    pub effect: String,
    /// The debt-settlement split payout, which can never be cancelled.
    pub debt_settlement: bool,
    /// Taken out of the payee's share (not cancelled, not paid from money paid in beyond what
    /// was owed): the breakdown lists it, changed or not, so the payee's figure adds up.
    pub from_share: bool,
}

/// Why the service will refuse the action as asked, with the figure that decides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Blocked {
    /// `closed`, `notPaid`, `excess`, `nothingPaidIn`, `overReimbursable`, `overShare`,
    /// `overExcess`, `belowCommitted`, `onlyRaise`, `belowAuthorized`, `debtSettlement`,
    /// `notPending`, `overRemaining`, `nothingToPay`.
    pub reason: String,
    pub amount: Option<String>,
}

/// The consequence of one action on the live record. Amounts are decimal strings with 2
/// decimals in `currency`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Consequence {
    pub kind: String,
    pub currency: String,
    /// The transaction amount after the action.
    pub amount: String,
    pub payee_fee: String,
    pub payer_fee: String,
    pub paid_in: String,
    pub reimbursed: String,
    /// What the payee receives at release, after this action.
    pub payee_net: String,
    /// What this action sends back to the payer.
    pub to_payer: String,
    /// What the payer still has to pay after the action.
    pub payer_owes: String,
    /// The most that can be reimbursed before this action.
    pub max_reimbursable: String,
    pub splits: Vec<SplitEffect>,
    pub blocked: Option<Blocked>,
}

impl Consequence {
    /// One line for the audit log, with the same numbers the dialog showed.
    pub fn summary(&self) -> String {
        let c = &self.currency;
        let mut s = format!(
            "consequence: payee receives {} {c}; to payer {} {c}; payer owes {} {c}; reimbursable {} {c}",
            self.payee_net, self.to_payer, self.payer_owes, self.max_reimbursable
        );
        for sp in self.splits.iter().filter(|sp| sp.effect != "unchanged") {
            s.push_str(&format!("; split payout {} {} {c} {}", sp.split_payout_id, sp.amount, sp.effect));
        }
        if let Some(b) = &self.blocked {
            s.push_str(&format!("; expected refusal: {}", b.reason));
        }
        s
    }
}

pub(super) fn money(d: Decimal) -> String {
    format!("{:.2}", d.round_dp(2))
}

pub fn parse(text: &str) -> Option<Decimal> {
    desk_core::fields::parse_amount("amount", text).ok()
}

pub(super) fn blocked(reason: &str, amount: Option<Decimal>) -> Option<Blocked> {
    Some(Blocked { reason: reason.into(), amount: amount.map(money) })
}
