//! `escrow payments create|initialize` and `escrow split-payouts create|list|cancel`.

use super::ctx::Ctx;
use super::keyed::Keyed;
use super::reply;
use crate::args::money::{Payments, SplitPayouts};
use crate::exit::Failure;
use crate::output::{self, Fields, Table, money, time};
use escrow_api::enums::{PaymentMethod, Recipient, Timing};
use escrow_api::{Client, CreatePayment, CreateSplitPayout, InitializePayment};

pub async fn payments(client: &Client, ctx: &Ctx, command: Payments) -> Result<(), Failure> {
    match command {
        Payments::Create(a) => {
            let body = CreatePayment {
                service_account_id: a.account,
                transaction_id: a.transaction_id,
                amount: a.amount,
                description: a.description,
                return_url: a.return_url,
                skip_ui: a.skip_ui.then_some(true),
            };
            let keyed = Keyed::new(ctx, "payments create")?;
            let result = client.payments().create(&body, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |p| {
                let mut f = Fields::new();
                f.add("Payment", p.payment_id.as_str()).add("Payment URL", p.payment_url.as_str());
                f
            })
        }
        Payments::Initialize(a) => {
            let method = known("--method", &a.method, PaymentMethod::KNOWN).map(PaymentMethod::from)?;
            let body = InitializePayment {
                payment_method: Some(method),
                bank_id: a.bank_id,
                bank_account_id: a.bank_account_id,
            };
            let page = client.payments().initialize(&a.payment_id, &body).await?;
            reply::link(ctx, "Send the payer to", &page.payment_url, &page)
        }
    }
}

pub async fn split_payouts(client: &Client, ctx: &Ctx, command: SplitPayouts) -> Result<(), Failure> {
    match command {
        SplitPayouts::Create(a) => {
            let body = CreateSplitPayout {
                amount: a.amount,
                recipient: known("--recipient", &a.recipient, Recipient::KNOWN).map(Recipient::from)?,
                timing: a
                    .timing
                    .as_deref()
                    .map(|t| known("--timing", t, Timing::KNOWN).map(Timing::from))
                    .transpose()?,
            };
            let keyed = Keyed::new(ctx, "split-payouts create")?;
            let result = client.split_payouts().create(&a.transaction_id, &body, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |s| {
                let mut f = Fields::new();
                f.add("Split payout", s.split_payout_id.as_str());
                f
            })
        }
        SplitPayouts::List(a) => {
            let list = client.split_payouts().list(&a.transaction_id).await?;
            if ctx.json {
                return output::emit_json(&list);
            }
            let mut table = Table::new(&["SPLIT PAYOUT ID", "RECIPIENT", ">AMOUNT", "TIMING", "STATUS", "CREATED"]);
            for s in &list.items {
                table.row(vec![
                    s.split_payout_id.clone(),
                    s.recipient.to_string(),
                    money(s.amount, s.currency.as_ref().map(ToString::to_string).unwrap_or_default()),
                    s.timing.as_ref().map(ToString::to_string).unwrap_or_default(),
                    s.status.to_string(),
                    time(s.created),
                ]);
            }
            let rows = table.render_if_any();
            output::emit(&format!("{rows}{} split payouts\n", list.items.len()))
        }
        SplitPayouts::Cancel(a) => {
            let keyed = Keyed::new(ctx, "split-payouts cancel")?;
            let result = client.split_payouts().cancel(&a.transaction_id, &a.split_payout_id, &keyed.options()).await;
            reply::keyed(ctx, &keyed, result, |()| {
                let mut f = Fields::new();
                f.add("Cancelled", a.split_payout_id.as_str());
                f
            })
        }
    }
}

/// `value` when it is one of `known` (any case), in the spelling the service uses.
pub fn known<'a>(flag: &str, value: &str, known: &'a [&'a str]) -> Result<&'a str, Failure> {
    known
        .iter()
        .find(|k| k.eq_ignore_ascii_case(value.trim()))
        .copied()
        .ok_or_else(|| Failure::usage(format!("{flag} `{value}`: use one of {}", known.join(", "))))
}
