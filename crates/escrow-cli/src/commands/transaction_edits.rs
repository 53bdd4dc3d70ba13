//! `escrow transactions create|delete|update|change-amount|add-payee|add-payer|payment-instructions`.

use super::ctx::Ctx;
use super::keyed::Keyed;
use super::reply;
use crate::args::edits::{self, KindArg};
use crate::exit::Failure;
use crate::output::{self, Fields, money};
use escrow_api::{AddParty, ChangeAmount, Client, CreateTransaction, Patch, TransactionType, UpdateTransaction};
use serde_json::{Value, json};

pub async fn create(client: &Client, ctx: &Ctx, a: edits::CreateTransaction) -> Result<(), Failure> {
    let mut body = a.body.value()?;
    if let Value::Object(map) = &mut body {
        let mut put = |k: &str, v: Option<String>| {
            if let Some(v) = v {
                map.insert(k.into(), Value::String(v));
            }
        };
        put("amount", a.amount.map(|d| d.to_string()));
        put("title", a.title);
        put("payerId", a.payer);
        put("payeeId", a.payee);
    }
    if body.get("amount").is_none() {
        return Err(Failure::usage("transactions create needs an amount: --amount AMOUNT (or amount in --input)"));
    }
    let request: CreateTransaction = serde_json::from_value(body)
        .map_err(|e| Failure::usage(format!("the body of transactions create does not fit: {e}")))?;
    let kind = match a.kind {
        KindArg::Marketplace => TransactionType::Marketplace,
        KindArg::Auto => TransactionType::Auto,
    };
    let keyed = Keyed::new(ctx, "transactions create")?;
    let result = client.transactions().create(kind, &request, &keyed.options()).await;
    reply::keyed(ctx, &keyed, result, |created| {
        let mut f = Fields::new();
        f.add("Created", created.transaction_id.as_str())
            .add("Checkout URL", created.checkout_url.clone().unwrap_or_default());
        f
    })
}

pub async fn delete(client: &Client, ctx: &Ctx, a: edits::Id) -> Result<(), Failure> {
    client.transactions().delete(&a.id).await?;
    reply::done(ctx, "delete", json!({ "transactionId": a.id }), &format!("Deleted: {}", a.id))
}

pub async fn update(client: &Client, ctx: &Ctx, a: edits::Update) -> Result<(), Failure> {
    let body = UpdateTransaction {
        expected_completion: patch(a.expected_completion, a.clear_expected_completion),
        retail_amount: patch(a.retail_amount, a.clear_retail_amount),
    };
    if body.expected_completion.is_keep() && body.retail_amount.is_keep() {
        return Err(Failure::usage(
            "nothing to update: give --expected-completion, --retail-amount or a --clear-… flag",
        ));
    }
    client.transactions().update(&a.id, &body).await?;
    reply::done(ctx, "update", json!({ "transactionId": a.id }), &format!("Updated: {}", a.id))
}

/// `--x VALUE` sets, `--clear-x` clears, neither keeps.
fn patch<T>(set: Option<T>, clear: bool) -> Patch<T> {
    match (set, clear) {
        (Some(v), _) => Patch::Set(v),
        (None, true) => Patch::Clear,
        (None, false) => Patch::Keep,
    }
}

pub async fn change_amount(client: &Client, ctx: &Ctx, a: edits::ChangeAmount) -> Result<(), Failure> {
    let body =
        ChangeAmount { amount: a.amount, payee_fixed_fee: a.payee_fixed_fee, payer_fixed_fee: a.payer_fixed_fee };
    client.transactions().change_amount(&a.id, &body).await?;
    let message = format!("Amount of {} changed to {}", a.id, escrow_api::money::round(a.amount));
    reply::done(ctx, "change-amount", json!({ "transactionId": a.id, "amount": a.amount }), &message)
}

pub async fn add_party(client: &Client, ctx: &Ctx, a: edits::AddParty, payee: bool) -> Result<(), Failure> {
    let body = AddParty { service_account_id: a.account, reference_id: a.reference, phone_number: a.phone };
    let handle = client.transactions();
    if payee {
        handle.add_payee(&a.id, &body).await?
    } else {
        handle.add_payer(&a.id, &body).await?
    };
    let (action, who) = if payee { ("add-payee", "Payee") } else { ("add-payer", "Payer") };
    reply::done(ctx, action, json!({ "transactionId": a.id }), &format!("{who} added to {}", a.id))
}

pub async fn payment_instructions(client: &Client, ctx: &Ctx, a: edits::PaymentInstructions) -> Result<(), Failure> {
    let p = client.transactions().payment_instructions(&a.id, &a.account).await?;
    if ctx.json {
        return output::emit_json(&p);
    }
    let mut f = Fields::new();
    f.add("Amount", money(p.amount, &p.currency))
        .add("Message", p.bank_message.clone().unwrap_or_default())
        .add("BBAN", p.bban.clone().unwrap_or_default())
        .add("IBAN", p.iban.clone().unwrap_or_default())
        .add("SWIFT", p.swift.clone().unwrap_or_default())
        .add("FIK", p.fik.clone().unwrap_or_default());
    output::emit(&f.render())
}
