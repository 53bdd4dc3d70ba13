//! `escrow users list|get|banks|bank-accounts` (the bank-account actions are in [`super::bank_accounts`]).

use super::bank_accounts::{self, Action};
use super::ctx::Ctx;
use crate::args::Users;
use crate::exit::Failure;
use crate::output::{self, Fields, Table, date, time};
use escrow_api::{Client, ListUsers};

pub async fn run(client: &Client, ctx: &Ctx, command: Users) -> Result<(), Failure> {
    match command {
        Users::List(a) => {
            let page = client.users().list(&ListUsers { skip: a.skip, take: a.take, public: None }).await?;
            if ctx.json {
                return output::emit_json(&page);
            }
            let mut table = Table::new(&["ACCOUNT ID", "NAME", "TYPE", "PHONE", "VERIFIED", "CREATED"]);
            for u in &page.items {
                table.row(vec![
                    u.service_account_id.clone(),
                    u.name.clone(),
                    u.user_type.as_ref().map(ToString::to_string).unwrap_or_default(),
                    u.phone_number.clone().unwrap_or_default(),
                    if u.phone_number_verified { "yes" } else { "no" }.into(),
                    date(u.created),
                ]);
            }
            let shown = page.items.len();
            let next = u64::from(a.skip.unwrap_or(0)) + shown as u64;
            let footer = if shown == 0 {
                "No users on this page.\n".to_owned()
            } else {
                format!("{shown} users; next page: --skip {next}\n")
            };
            output::emit(&format!("{}{footer}", table.render_if_any()))
        }
        Users::Get(a) => {
            let u = client.users().get(&a.account_id).await?;
            if ctx.json {
                return output::emit_json(&u);
            }
            let mut f = Fields::new();
            f.add("Account", u.service_account_id.as_str())
                .add("Name", u.name.as_str())
                .add("Type", u.user_type.as_ref().map(ToString::to_string).unwrap_or_default())
                .add("E-mail", u.email.clone().unwrap_or_default())
                .add("Phone", u.phone_number.clone().unwrap_or_default())
                .add("Phone verified", if u.phone_number_verified { "yes" } else { "no" })
                .add("CVR", u.cvr.clone().unwrap_or_default())
                .add("Date of birth", u.date_of_birth.clone().unwrap_or_default())
                .add("KYC level", u.kyc.as_ref().and_then(|k| k.level.clone()).unwrap_or_default());
            if let Some(address) = u.address.as_ref().filter(|a| !a.is_null()) {
                f.add("Address", address.to_string());
            }
            for c in &u.connections {
                f.add("Connection", format!("{} {}", c.reference_id, time(c.connected)));
            }
            output::emit(&f.render())
        }
        Users::Banks(a) => {
            let list = client.users().list_banks(&a.account_id).await?;
            if ctx.json {
                return output::emit_json(&list);
            }
            let mut table = Table::new(&["BANK ID", "NAME", "CENTRAL"]);
            for b in &list.banks {
                table.row(vec![b.bank_id.clone(), b.name.clone(), b.bank_central.clone().unwrap_or_default()]);
            }
            output::emit(&format!("{}{} banks\n", table.render(), list.banks.len()))
        }
        Users::BankAccounts(a) => {
            let list = client.users().list_bank_accounts(&a.account_id).await?;
            if ctx.json {
                return output::emit_json(&list);
            }
            let mut table = Table::new(&["BANK ACCOUNT ID", "BANK", "NAME", "BBAN", "IBAN", "DEFAULT"]);
            for b in &list.items {
                table.row(vec![
                    b.bank_account_id.clone(),
                    b.bank.clone().unwrap_or_else(|| b.bank_id.clone()),
                    b.account_name.clone().unwrap_or_default(),
                    b.bban.clone().unwrap_or_default(),
                    b.iban.clone().unwrap_or_default(),
                    if b.is_default { "yes" } else { "" }.into(),
                ]);
            }
            output::emit(&format!("{}{} bank accounts\n", table.render(), list.items.len()))
        }
        Users::StartBankAccountOnboarding(a) => bank_accounts::start(client, ctx, a).await,
        Users::BankAccountOnboarding(a) => bank_accounts::result(client, ctx, &a.account_id).await,
        Users::AddBankAccount(a) => bank_accounts::act(client, ctx, a, Action::Add).await,
        Users::SetDefaultBankAccount(a) => bank_accounts::act(client, ctx, a, Action::SetDefault).await,
        Users::DeleteBankAccount(a) => bank_accounts::act(client, ctx, a, Action::Delete).await,
    }
}
