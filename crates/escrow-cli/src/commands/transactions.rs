//! `escrow transactions list|get|payout|cancel|reimburse` (export is in [`super::export`]).

use super::ctx::Ctx;
use super::keyed::Keyed;
use crate::args;
use crate::exit::Failure;
use crate::output::{self, Fields, Table, cut, date, money, money_opt, time};
use escrow_api::{CancelTransaction, Party, PayoutTransaction, Transaction, TransactionPage};
use escrow_api::{Client, ListTransactions, Response};
use serde_json::json;

pub async fn list(client: &Client, ctx: &Ctx, a: args::ListTransactions) -> Result<(), Failure> {
    let query =
        ListTransactions { skip: a.skip, take: a.take, search: a.filter.search, reference_id: a.filter.reference };
    let page = client.transactions().list(&query).await?;
    if ctx.json {
        return output::emit_json(&page);
    }
    output::emit(&render_page(&page, a.skip.unwrap_or(0)))
}

fn render_page(page: &TransactionPage, skip: u32) -> String {
    let mut table = Table::new(&["ID", "REFERENCE", "STATUS", ">AMOUNT", "CREATED", "TITLE"]);
    for t in &page.items {
        table.row(vec![
            t.transaction_id.clone(),
            t.reference_id.clone().unwrap_or_default(),
            t.status.to_string(),
            money(t.amount, &t.currency),
            date(t.created),
            cut(t.title.as_deref().unwrap_or_default(), 40),
        ]);
    }
    let count = u64::try_from(page.count).unwrap_or(0);
    let shown = page.items.len() as u64;
    let first = u64::from(skip) + 1;
    let last = u64::from(skip) + shown;
    let mut out = table.render_if_any();
    if shown == 0 {
        out.push_str(&format!("No transactions on this page ({count} match).\n"));
    } else if last < count {
        out.push_str(&format!("{first}–{last} of {count} transactions; next page: --skip {last}\n"));
    } else {
        out.push_str(&format!("{first}–{last} of {count} transactions\n"));
    }
    out
}

pub async fn get(client: &Client, ctx: &Ctx, id: &str) -> Result<(), Failure> {
    let t = client.transactions().get(id).await?;
    if ctx.json {
        return output::emit_json(&t);
    }
    output::emit(&render_transaction(&t))
}

/// `Anne Jensen <anne@example.dk> (account 9913…, ref cust-1001)`; empty for no party.
fn party(p: Option<&Party>) -> String {
    let Some(p) = p else { return String::new() };
    let mut s = p.name.clone().unwrap_or_default();
    if let Some(email) = p.email.as_deref().filter(|e| !e.is_empty()) {
        s.push_str(&format!(" <{email}>"));
    }
    let ids: Vec<String> = [("account", &p.service_account_id), ("ref", &p.reference_id)]
        .iter()
        .filter_map(|(k, v)| v.as_deref().filter(|v| !v.is_empty()).map(|v| format!("{k} {v}")))
        .collect();
    if !ids.is_empty() {
        s.push_str(&format!(" ({})", ids.join(", ")));
    }
    s.trim().to_owned()
}

fn render_transaction(t: &Transaction) -> String {
    let c = &t.currency;
    let fees = t.fees.clone().unwrap_or_default();
    let mut f = Fields::new();
    f.add("Transaction", t.transaction_id.as_str())
        .add("Status", t.status.to_string())
        .add("Reference", t.reference_id.clone().unwrap_or_default())
        .add("Title", t.title.clone().unwrap_or_default())
        .add("Description", t.description.clone().unwrap_or_default())
        .add("Amount", money(t.amount, c))
        .add("Payer fee", money_opt(fees.payer, c))
        .add("Payee fee", money_opt(fees.payee, c))
        .add("Tenant fee", money_opt(fees.tenant, c))
        .add("Service fee", money_opt(fees.safepay, c))
        .add("Paid in", money_opt(t.payments.inbound.amount, c))
        .add("Paid out", money_opt(t.payments.outbound.amount, c))
        .add("Payer", party(t.payer.as_ref()))
        .add("Payee", party(t.payee.as_ref()))
        .add("Created", time(t.created))
        .add("Expected completion", time(t.expected_completion))
        .add("Checkout URL", t.checkout_url.clone().unwrap_or_default())
        .add("Payment guide URL", t.payment_guide_url.clone().unwrap_or_default());
    if let Some(v) = &t.auto_information {
        let vehicle = [v.brand.clone(), v.model.clone(), v.year.map(|y| y.to_string())];
        f.add("Vehicle", vehicle.into_iter().flatten().collect::<Vec<_>>().join(" "))
            .add("Registration", v.registration_number.clone().unwrap_or_default())
            .add("VIN", v.vin.clone().unwrap_or_default())
            .add("Mileage", v.mileage.map(|m| m.to_string()).unwrap_or_default())
            .add("Retail amount", money_opt(v.retail_amount, c));
    }
    let mut out = f.render();
    if !t.payments.inbound.payments.is_empty() {
        let mut table = Table::new(&["PAYMENT", "METHOD", "STATUS", ">AMOUNT", "CREATED", "AUTHORIZED"]);
        for p in &t.payments.inbound.payments {
            table.row(vec![
                p.payment_id.clone().unwrap_or_default(),
                p.method.as_ref().map(ToString::to_string).unwrap_or_default(),
                p.status.to_string(),
                money(p.amount, p.currency.as_ref().unwrap_or(c)),
                time(p.created),
                time(p.authorized),
            ]);
        }
        out.push_str(&format!("\nPayments in:\n{}", table.render()));
    }
    if !t.payments.outbound.payments.is_empty() {
        let mut table = Table::new(&["TO", "STATUS", ">AMOUNT", "CREATED", "TEXT"]);
        for p in &t.payments.outbound.payments {
            table.row(vec![
                party(p.payee.as_ref()),
                p.status.to_string(),
                money(p.amount, p.currency.as_ref().unwrap_or(c)),
                time(p.created),
                p.text.clone().unwrap_or_default(),
            ]);
        }
        out.push_str(&format!("\nPayments out:\n{}", table.render()));
    }
    out
}

pub async fn payout(client: &Client, ctx: &Ctx, a: args::Payout) -> Result<(), Failure> {
    let keyed = Keyed::new(ctx, "payout")?;
    let body = PayoutTransaction { service_account_id: a.account };
    let result = client.transactions().payout(&a.id, &body, &keyed.options()).await;
    finish(ctx, &keyed, &a.id, result)
}

pub async fn cancel(client: &Client, ctx: &Ctx, a: args::Cancel) -> Result<(), Failure> {
    let keyed = Keyed::new(ctx, "cancel")?;
    let body = CancelTransaction { service_account_id: a.account, reason: a.reason };
    let result = client.transactions().cancel(&a.id, &body, &keyed.options()).await;
    finish(ctx, &keyed, &a.id, result)
}

pub async fn reimburse(client: &Client, ctx: &Ctx, a: args::Reimburse) -> Result<(), Failure> {
    let keyed = Keyed::new(ctx, "reimburse")?;
    let result = client.transactions().reimburse_payer(&a.id, a.amount, &keyed.options()).await;
    finish(ctx, &keyed, &a.id, result)
}

fn finish(ctx: &Ctx, keyed: &Keyed, id: &str, result: escrow_api::Result<Response<()>>) -> Result<(), Failure> {
    let response = result.map_err(|e| keyed.failure(e))?;
    let meta = &response.meta;
    if ctx.json {
        return output::emit_json(&json!({
            "action": keyed.action,
            "transactionId": id,
            "idempotencyKey": keyed.key.as_str(),
            "replayed": meta.replayed,
            "correlationId": meta.correlation_id,
            "attempts": meta.attempts,
        }));
    }
    let done = match keyed.action {
        "payout" => "Payout requested",
        "cancel" => "Cancelled",
        _ => "Reimbursement requested",
    };
    output::emit(&format!("{done}: {id}\n{}", keyed.fields(meta).render()))
}
