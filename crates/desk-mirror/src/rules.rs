//! The attention rules: what about one open deal needs a person, and the one action that
//! resolves it. Pure functions over what the mirror knows, so each rule is unit-tested.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// When a rule fires (settings; see [`super::settings`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Thresholds {
    /// A deal waiting for payment longer than this many days.
    pub unpaid_days: u32,
    /// A paid deal this many days past its expected completion (0: from the day after).
    pub overdue_days: u32,
    /// A split payout for the next payout run pending longer than this many days.
    pub split_pending_days: u32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Self { unpaid_days: 7, overdue_days: 0, split_pending_days: 3 }
    }
}

/// Why a deal needs a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Paid and past its expected completion: pay out.
    PaidOverdue,
    /// Waiting for payment for too long: send the payment link again.
    AwaitingPayment,
    /// More paid in than owed: split the excess out (payout is refused until then).
    Overfunded,
    /// A payment failed and the deal is not paid: send the payment link again.
    PaymentFailed,
    /// A split payout for the next run has been pending too long.
    SplitPending,
    /// A staff action whose outcome is unknown: reconcile.
    UnknownOutcome,
    /// A paid Auto deal with no debt information.
    DebtMissing,
    /// An Auto deal whose bill of sale is not signed.
    BillOfSaleUnsigned,
}

impl Rule {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::PaidOverdue => "paid_overdue",
            Self::AwaitingPayment => "awaiting_payment",
            Self::Overfunded => "overfunded",
            Self::PaymentFailed => "payment_failed",
            Self::SplitPending => "split_pending",
            Self::UnknownOutcome => "unknown_outcome",
            Self::DebtMissing => "debt_missing",
            Self::BillOfSaleUnsigned => "bill_of_sale_unsigned",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        ALL.iter().copied().find(|r| r.as_str() == s)
    }
}

pub const ALL: [Rule; 8] = [
    Rule::PaidOverdue,
    Rule::AwaitingPayment,
    Rule::Overfunded,
    Rule::PaymentFailed,
    Rule::SplitPending,
    Rule::UnknownOutcome,
    Rule::DebtMissing,
    Rule::BillOfSaleUnsigned,
];

/// What the mirror knows about one open deal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deal {
    pub status: String,
    pub auto: bool,
    pub amount_e4: Option<i64>,
    pub paid_in_e4: Option<i64>,
    pub owed_e4: Option<i64>,
    pub created: Option<DateTime<Utc>>,
    pub expected_completion: Option<DateTime<Utc>>,
    pub has_debt: bool,
    pub bill_of_sale: String,
    /// From the detail check (`None`: not checked yet).
    pub failed_payments: Option<i64>,
    pub pending_splits: Option<i64>,
    pub oldest_pending_split: Option<DateTime<Utc>>,
    /// The excess a payout would be refused for, as the detail check found it.
    pub excess_e4: Option<i64>,
}

/// One rule that fired, with the fact that made it fire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub rule: Rule,
    /// Since when the condition holds (for "for 9 days").
    pub since: Option<DateTime<Utc>>,
    /// The excess of an overfunded deal, in ten-thousandths.
    pub excess_e4: Option<i64>,
}

fn hit(rule: Rule, since: Option<DateTime<Utc>>) -> Hit {
    Hit { rule, since, excess_e4: None }
}

fn unpaid(status: &str) -> bool {
    matches!(status, "CREATED" | "INPROGRESS")
}

/// A closed deal (paid out or cancelled) never needs a person: its money is settled (the
/// same stage the detail's money figures and the Auto checklist go by).
fn closed(status: &str) -> bool {
    desk_money::Stage::of_text(status).closed()
}

/// Every rule that fires for `d` at `now`.
pub fn evaluate(d: &Deal, now: DateTime<Utc>, t: &Thresholds) -> Vec<Hit> {
    let mut hits = Vec::new();
    evaluate_into(d, now, t, &mut hits);
    hits
}

/// [`evaluate`] into a list the caller reuses (the queue evaluates every open deal).
pub fn evaluate_into(d: &Deal, now: DateTime<Utc>, t: &Thresholds, hits: &mut Vec<Hit>) {
    hits.clear();
    if closed(&d.status) {
        return;
    }
    let days = |n: u32| Duration::days(i64::from(n));
    if d.status == "PAID"
        && let Some(expected) = d.expected_completion
        && now - expected > days(t.overdue_days)
    {
        hits.push(hit(Rule::PaidOverdue, Some(expected)));
    }
    if unpaid(&d.status)
        && let Some(created) = d.created
        && now - created > days(t.unpaid_days)
    {
        hits.push(hit(Rule::AwaitingPayment, Some(created)));
    }
    // The detail check's figure counts split payouts made from the excess (to anyone); before
    // one, the list's paid-in beyond what is owed.
    let rough = d.paid_in_e4.zip(d.owed_e4).map(|(paid, owed)| paid.saturating_sub(owed));
    if let Some(excess) = d.excess_e4.or(rough)
        && excess > 0
    {
        hits.push(Hit { rule: Rule::Overfunded, since: None, excess_e4: Some(excess) });
    }
    if unpaid(&d.status) && d.failed_payments.is_some_and(|n| n > 0) {
        hits.push(hit(Rule::PaymentFailed, None));
    }
    if d.pending_splits.is_some_and(|n| n > 0)
        && let Some(oldest) = d.oldest_pending_split
        && now - oldest > days(t.split_pending_days)
    {
        hits.push(hit(Rule::SplitPending, Some(oldest)));
    }
    if d.auto && d.status == "PAID" && !d.has_debt {
        hits.push(hit(Rule::DebtMissing, None));
    }
    if d.auto && d.bill_of_sale == "unsigned" {
        hits.push(hit(Rule::BillOfSaleUnsigned, None));
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
