//! What no screen may show: an enum value in capitals (`PAYEE`, `NEXT_PAYOUT`), a code name
//! (`overReimbursable`, `no_api_key`), an ISO timestamp, JSON, a native file input's own
//! English ("Choose File"), a date field in another language than the window's, and — in
//! Danish — an English word. [`scan`] reads what is on screen (visible text, tooltips,
//! placeholders, labels, select options) and answers every offending text, named by where it
//! is, so a failure says what to fix.

use crate::window::AppWindow;
use serde_json::{Value, json};

/// Words of the app's English that Danish never uses: one of them on a Danish screen is a
/// string that was not translated (or a value shown as the service or Rust wrote it). Words
/// both languages share ("Status", "Model", "Bank") are left out.
pub const ENGLISH: &[&str] = &[
    "the",
    "and",
    "with",
    "from",
    "Cancel",
    "Refresh",
    "Search",
    "Amount",
    "Created",
    "created",
    "Paid",
    "Payer",
    "Payee",
    "payee",
    "payer",
    "Close",
    "Save",
    "Delete",
    "Edit",
    "Loading",
    "Transactions",
    "Transaction",
    "Users",
    "Environment",
    "Environments",
    "Details",
    "Something",
    "went",
    "wrong",
    "Yes",
    "None",
    "Next",
    "Previous",
    "page",
    "Filters",
    "Export",
    "New",
    "new",
    "Overview",
    "attention",
    "Audit",
    "Trades",
    "Business",
    "Private",
    "Pending",
    "Succeeded",
    "succeeded",
    "Failed",
    "failed",
    "Cancelled",
    "cancelled",
    "Scheduled",
    "Open",
    "Copy",
    "Retry",
    "connection",
    "Language",
    "Theme",
    "Light",
    "Dark",
    "Pay",
    "out",
    "Reimburse",
    "Split",
    "payout",
    "Payout",
    "Payouts",
    "Reimbursement",
    "Fees",
    "Fee",
    "Vehicle",
    "Documents",
    "Document",
    "Bill",
    "sale",
    "Debt",
    "account",
    "Expected",
    "completion",
    "Description",
    "Payments",
    "Payment",
    "received",
    "receives",
    "Name",
    "Phone",
    "Email",
    "Mileage",
    "Brand",
    "Year",
    "Key",
    "stored",
    "keychain",
    "Choose",
    "File",
    "selected",
    "refused",
    "request",
    "service",
    "consequence",
    "reimbursable",
    "owes",
    "expected",
    "refusal",
    "Intact",
    "rows",
    "configured",
    "Now",
    "Unknown",
    "Dismissed",
    "Released",
    "Kept",
    "Planned",
    "Unchanged",
    "Tenant",
];

/// Names and codes that are the same in every language: brands and models (EQA), units (kWh),
/// currencies, standards (URI, KYB, iOS, TLS), file kinds, the product's name and the demo data's
/// own words.
pub const ALLOWED: &[&str] = &[
    "Tesla",
    "Model",
    "Sandbox",
    "Escrow",
    "Desk",
    "ApS",
    "A/S",
    "DKK",
    "EUR",
    "SEK",
    "NOK",
    "USD",
    "GBP",
    "VIN",
    "PDF",
    "PNG",
    "JPEG",
    "JPG",
    "CSV",
    "IBAN",
    "BIC",
    "BBAN",
    "FIK",
    "PSD2",
    "API",
    "URL",
    "TLS",
    "PEM",
    "HTTP",
    "HTTPS",
    "JSON",
    "UUID",
    "CPR",
    "CVR",
    "KYC",
    "MitID",
    "BMW",
    "KIA",
    "SEAT",
    "MG",
    "VW",
    "ŠKODA",
    "OS",
    "ID",
    "MB",
    "KB",
    "GB",
    "CET",
    "UTC",
    "ISO",
    "ESC",
    "CTRL",
    "ALT",
    "GET",
    "POST",
    "PUT",
    "PATCH",
    "PHEV",
    "BYD",
    "EQA",
    "OLED",
    "EOS",
    "iPhone",
    "iPad",
    "sDrive18i",
    "eTSI",
    "xDrive",
    "eDrive",
    "EQA",
    "kWh",
    "iOS",
    "URI",
    "KYB",
];

/// The page's side of the scan: every visible text, attribute text and option, checked
/// against the rules; answers `[{where, how, rule, hit, text}]`. Arguments: the window's
/// language, a CSS scope (or null: the whole body), the English words and the allowed ones.
/// Text inside `code` is wire text shown as such (a webhook's field names, a route's syntax)
/// and is not read; neither are links, e-mail addresses, ids such as `DEAL-2026-0042` and
/// dotted names such as `transaction.created` (a webhook's event name).
const SCAN_JS: &str = r#"
const [lang, scope, english, allowed] = arguments;
const root = scope ? document.querySelector(scope) : document.body;
if (!root) return [];
const allow = new Set(allowed), eng = new Set(english), out = [];
// A closed <details> keeps its content out of sight (WebKit still gives it client rects):
// what is folded under an error panel's Details is not on screen until opened.
const folded = (el) => { const d = el.closest('details'); return !!d && !d.open && !el.closest('summary'); };
const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !folded(el);
const where = (el) => { const t = el.closest('[data-testid]'); return t ? t.getAttribute('data-testid') : el.tagName.toLowerCase(); };
const items = [];
const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  const el = n.parentElement, s = (n.nodeValue || '').trim();
  if (s && el && !el.closest('script, style, code') && shown(el)) items.push([el, s, 'text']);
}
for (const el of root.querySelectorAll('[title], [placeholder], [aria-label], [alt]')) {
  if (!shown(el)) continue;
  for (const a of ['title', 'placeholder', 'aria-label', 'alt']) {
    const v = (el.getAttribute(a) || '').trim();
    if (v) items.push([el, v, a]);
  }
}
for (const sel of root.querySelectorAll('select')) {
  if (shown(sel)) for (const o of sel.options) if (o.text.trim()) items.push([sel, o.text.trim(), 'option']);
}
const names = /\bhttps?:\/\/\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[A-Z]{2,}(?:-[A-Z0-9]+)*-\d[\w-]*|\b[a-z]+(?:\.[a-z][a-zA-Z]*)+\b/g;
const rules = [
  ['ISO timestamp', /\d{4}-\d\d-\d\dT\d\d:[\d:.]*Z?/g],
  ['JSON', /\{"|"\s*:\s/g],
  ['enum in capitals', /\b[A-Z]{3,}(?:_[A-Z0-9]+)*\b/g],
  ['code name', /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g],
  ['code name', /\b[a-z]+(?:_[a-z0-9]+)+\b/g],
];
const seen = new Set();
const report = (el, how, rule, hit, text) => {
  const k = where(el) + '|' + rule + '|' + hit + '|' + text;
  if (!seen.has(k)) { seen.add(k); out.push({ where: where(el), how, rule, hit, text: text.slice(0, 160) }); }
};
for (const [el, s, how] of items) {
  for (const [rule, re] of rules.slice(0, 2)) for (const m of s.matchAll(re)) report(el, how, rule, m[0], s);
  const words = s.replace(names, ' ');
  for (const [rule, re] of rules.slice(2)) {
    for (const m of words.matchAll(re)) if (!allow.has(m[0])) report(el, how, rule, m[0], s);
  }
  if (lang === 'da') {
    for (const w of words.split(/[^\p{L}\p{N}]+/u)) if (w && eng.has(w) && !allow.has(w)) report(el, how, 'English word', w, s);
  }
}
for (const input of root.querySelectorAll('input[type=file]')) {
  if (shown(input) && Number(getComputedStyle(input).opacity) > 0.01) {
    report(input, 'control', 'native file input', 'Choose File', 'the web view\'s own “Choose File / no file selected”, in the OS\'s language');
  }
}
for (const input of root.querySelectorAll('input[type=date], input[type=datetime-local], input[type=month], input[type=week], input[type=time]')) {
  if (shown(input)) report(input, 'control', 'native date field', input.type, 'the web view\'s own date field shows the OS\'s order (mm/dd/yyyy), not the chosen language\'s');
}
return out;
"#;

/// One offending text: the screen, the element (its `data-testid`), how it is shown (text,
/// title, option …), the rule, the part that broke it and the whole text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub screen: String,
    pub line: String,
}

/// Scans `scope` (a CSS selector; the whole window when `None`) of the screen named `screen`
/// in `lang` (`da` or `en`); every finding, one line each.
pub async fn scan(c: &AppWindow, lang: &str, screen: &str, scope: Option<&str>) -> Vec<Finding> {
    let args = vec![json!(lang), scope.map_or(Value::Null, |s| json!(s)), json!(ENGLISH), json!(ALLOWED)];
    let found = c.execute(SCAN_JS, args).await;
    let mut out = Vec::new();
    for f in found.as_array().into_iter().flatten() {
        let s = |k: &str| f[k].as_str().unwrap_or_default().to_owned();
        out.push(Finding {
            screen: format!("[{lang}] {screen}"),
            line: format!("{} «{}» in {} ({}) of {:?}", s("rule"), s("hit"), s("where"), s("how"), s("text")),
        });
    }
    out
}
