//! Money as the window shows it and as the sandbox records it: the consequence panel of a
//! money dialog read line by line, amounts read from any notation, and what the sandbox's
//! ledger and payout run record once a deal is released — so a walk can hold every number
//! the dialog showed against what then happened.

use crate::sandbox::Control;
use crate::window::AppWindow;
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::str::FromStr;

/// An amount from any notation: `286.510,00 kr.`, `€1,234.50`, `286510.00`, `286510`. A
/// separator followed by one or two digits at the end is the decimal one; others group.
pub fn amount(text: &str) -> Decimal {
    let negative = text.contains(['-', '−']);
    let kept: String = text.chars().filter(|c| c.is_ascii_digit() || *c == '.' || *c == ',').collect();
    let kept = kept.trim_matches(['.', ',']);
    let (int, frac) = match kept.rfind(['.', ',']) {
        Some(i) if (1..=2).contains(&(kept.len() - i - 1)) => (&kept[..i], &kept[i + 1..]),
        _ => (kept, ""),
    };
    let int: String = int.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    let int = if int.is_empty() { "0".to_owned() } else { int };
    Decimal::from_str(&format!("{sign}{int}.{frac:0<2}")).unwrap_or_else(|e| panic!("not an amount: {text:?}: {e}"))
}

/// An amount in the service's JSON (a number or a numeric string); `None` for anything else.
pub fn json_amount(v: &Value) -> Option<Decimal> {
    match v {
        Value::String(s) => Decimal::from_str(s).ok(),
        Value::Number(n) => Decimal::from_str(&n.to_string()).ok(),
        _ => None,
    }
}

/// One split payout line of the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownSplit {
    /// `released`, `kept`, `cancelled`, `planned` or `unchanged`.
    pub effect: String,
    pub amount: Decimal,
    pub recipient: String,
    pub timing: String,
    pub debt: bool,
}

/// Every number the consequence panel shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// Each line by the tail of its test id (`payee-net`, `to-payer`, `amount`, `payee-fee`, …).
    pub lines: BTreeMap<String, Decimal>,
    pub splits: Vec<ShownSplit>,
    /// The refusal the panel expects, by reason, and as the window words it.
    pub blocked: Option<String>,
    pub blocked_text: Option<String>,
    /// The lines as the window wrote them (to check the locale's notation).
    pub texts: BTreeMap<String, String>,
}

impl Shown {
    /// The line `name`; fails the test when the panel does not show it.
    pub fn line(&self, name: &str) -> Decimal {
        *self.lines.get(name).unwrap_or_else(|| panic!("the panel shows no {name}: {self:?}"))
    }

    /// The names of the lines shown, sorted.
    pub fn names(&self) -> Vec<&str> {
        self.lines.keys().map(String::as_str).collect()
    }
}

const READ_PANEL: &str = r#"
const p = document.querySelector("[data-testid='consequence-panel']");
if (!p || p.getAttribute('aria-busy') === 'true') return null;
const lines = {};
for (const dd of p.querySelectorAll("dd[data-testid^='consequence-']")) lines[dd.dataset.testid.slice(12)] = dd.textContent.trim();
if (Object.keys(lines).length === 0) return null;
const splits = [...p.querySelectorAll("[data-testid='consequence-split']")].map((li) => ({
  effect: li.dataset.effect, recipient: li.dataset.recipient, timing: li.dataset.timing, debt: li.dataset.debt === 'true',
  amount: li.querySelector("[data-testid='consequence-split-amount']").textContent.trim(),
}));
const b = p.querySelector("[data-testid='consequence-blocked']");
return { lines, splits, blocked: b ? b.dataset.reason : null, blockedText: b ? b.textContent.trim() : null };
"#;

fn shown_from(v: &Value) -> Option<Shown> {
    let texts: BTreeMap<String, String> =
        v["lines"].as_object()?.iter().map(|(k, t)| (k.clone(), t.as_str().unwrap_or_default().to_owned())).collect();
    let lines = texts.iter().map(|(k, t)| (k.clone(), amount(t))).collect();
    let text = |s: &Value, k: &str| s[k].as_str().unwrap_or_default().to_owned();
    let splits = v["splits"]
        .as_array()?
        .iter()
        .map(|s| ShownSplit {
            effect: text(s, "effect"),
            amount: amount(&text(s, "amount")),
            recipient: text(s, "recipient"),
            timing: text(s, "timing"),
            debt: s["debt"] == json!(true),
        })
        .collect();
    Some(Shown {
        lines,
        splits,
        blocked: v["blocked"].as_str().map(str::to_owned),
        blocked_text: v["blockedText"].as_str().map(str::to_owned),
        texts,
    })
}

/// The panel once it has its numbers and `ready` holds for them (the dialog reads the
/// consequence again as the form changes: wait for the one of the form as filled).
pub async fn consequence_when(c: &AppWindow, what: &str, ready: impl Fn(&Shown) -> bool) -> Shown {
    c.until(&format!("the consequence panel: {what}"), async || {
        let v = c.execute(READ_PANEL, vec![]).await;
        shown_from(&v).filter(|s| ready(s))
    })
    .await
}

/// The amounts of the ledger rows of `kind` whose target is `target`, in order.
pub async fn ledger_amounts(sandbox: &Control, kind: &str, target: &str) -> Vec<Decimal> {
    sandbox
        .ledger(kind)
        .await
        .iter()
        .filter(|r| r["target"] == target)
        .map(|r| json_amount(&r["amount"]).unwrap_or_else(|| panic!("a {kind} row without an amount: {r}")))
        .collect()
}

/// One bank transfer of the sandbox's payout run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    /// What the transfer is (`Payout`, `Refund to payer`, `Reimbursement`, `Split payout TENANT`, …).
    pub text: String,
    pub amount: Decimal,
}

/// Runs the sandbox's payout batch; the transfers it made for `id`, each also checked
/// against the ledger's `payout_run` rows for the deal.
pub async fn payout_run(sandbox: &Control, id: &str) -> Vec<Transfer> {
    let before = ledger_amounts(sandbox, "payout_run", id).await.len();
    let run = sandbox.post("/_sandbox/payout-run", json!({})).await;
    let transfers: Vec<Transfer> = run["paid"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["transactionId"] == id)
        .map(|p| Transfer {
            text: p["text"].as_str().unwrap_or_default().to_owned(),
            amount: json_amount(&p["amount"]).unwrap_or_default(),
        })
        .collect();
    let recorded = ledger_amounts(sandbox, "payout_run", id).await.split_off(before);
    let mut paid: Vec<Decimal> = transfers.iter().map(|t| t.amount).collect();
    let mut rows = recorded.clone();
    paid.sort();
    rows.sort();
    assert_eq!(paid, rows, "the payout run's transfers are the ledger's payout_run rows");
    transfers
}

/// The amounts of the transfers whose text is `text`, sorted.
pub fn transfers_of(transfers: &[Transfer], text: &str) -> Vec<Decimal> {
    let mut out: Vec<Decimal> = transfers.iter().filter(|t| t.text == text).map(|t| t.amount).collect();
    out.sort();
    out
}

/// What the sandbox recorded when a deal was released: the ledger's payout row (the
/// payee's share) and the transfers of the payout run that followed.
#[derive(Debug, Clone)]
pub struct Released {
    pub payout: Decimal,
    pub transfers: Vec<Transfer>,
}

/// Releases the deal `id` to its payee (as a second member of staff would, over the API),
/// then runs the payout batch.
pub async fn release(sandbox: &Control, id: &str) -> Released {
    let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
    let payee = record["payee"]["serviceAccountId"].clone();
    sandbox.post(&format!("/v2/transactions/{id}/payout"), json!({ "serviceAccountId": payee })).await;
    let payouts = ledger_amounts(sandbox, "payout", id).await;
    assert_eq!(payouts.len(), 1, "one payout recorded for {id}: {payouts:?}");
    Released { payout: payouts[0], transfers: payout_run(sandbox, id).await }
}

/// The payer pays what is still owed (the sandbox's default payment amount) and the bank
/// authorizes it; returns the amount the ledger recorded for the payment.
pub async fn pay_the_rest(sandbox: &Control, id: &str) -> Decimal {
    let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
    let payer = record["payer"]["serviceAccountId"].clone();
    let payment = sandbox.post("/v2/payments", json!({ "transactionId": id, "serviceAccountId": payer })).await;
    let payment_id = payment["paymentId"].as_str().unwrap_or_else(|| panic!("no paymentId: {payment}")).to_owned();
    sandbox.post(&format!("/_sandbox/payments/{payment_id}/authorize"), json!({})).await;
    let paid = ledger_amounts(sandbox, "create_payment", &payment_id).await;
    assert_eq!(paid.len(), 1, "one payment recorded: {paid:?}");
    paid[0]
}
