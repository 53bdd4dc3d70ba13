//! `escrow users start-bank-account-onboarding|bank-account-onboarding|add-bank-account|
//! set-default-bank-account|delete-bank-account`.

use super::ctx::Ctx;
use super::reply;
use crate::args::edits;
use crate::exit::Failure;
use crate::output::{self, Table};
use escrow_api::{BankAccountRef, Client, StartOnboarding};
use serde_json::json;

pub async fn start(client: &Client, ctx: &Ctx, a: edits::StartOnboarding) -> Result<(), Failure> {
    let request = StartOnboarding { bank_id: a.bank_id, return_url: a.return_url, psd2_type: None };
    let page = client.users().start_bank_account_onboarding(&a.account_id, &request).await?;
    reply::link(ctx, "Send the person to", &page.url, &page)
}

pub async fn result(client: &Client, ctx: &Ctx, account_id: &str) -> Result<(), Failure> {
    let chosen = client.users().get_bank_account_onboarding(account_id).await?;
    if ctx.json {
        return output::emit_json(&chosen);
    }
    let mut table = Table::new(&["BANK ACCOUNT ID", "NAME", "OWNER", "BBAN", "IBAN"]);
    for b in &chosen.bank_accounts {
        table.row(vec![
            b.bank_account_id.clone(),
            b.name.clone().unwrap_or_default(),
            b.owner_name.clone().unwrap_or_default(),
            b.bban.clone().unwrap_or_default(),
            b.iban.clone().unwrap_or_default(),
        ]);
    }
    let bank = chosen.bank_name.clone().or_else(|| chosen.bank_id.clone()).unwrap_or_default();
    let head = format!(
        "Bank {bank} ({}): {} accounts chosen\n",
        chosen.bank_id.clone().unwrap_or_default(),
        chosen.bank_accounts.len()
    );
    let rows = table.render_if_any();
    output::emit(&format!("{head}{rows}"))
}

/// Which bank-account action to take.
#[derive(Debug, Clone, Copy)]
pub enum Action {
    Add,
    SetDefault,
    Delete,
}

pub async fn act(client: &Client, ctx: &Ctx, a: edits::BankAccount, action: Action) -> Result<(), Failure> {
    let account = BankAccountRef { bank_id: a.bank_id, bank_account_id: a.bank_account_id.clone() };
    let users = client.users();
    let (name, done) = match action {
        Action::Add => (users.add_bank_account(&a.account_id, &account).await, ("add-bank-account", "Added")),
        Action::SetDefault => {
            (users.set_default_bank_account(&a.account_id, &account).await, ("set-default-bank-account", "Default now"))
        }
        Action::Delete => {
            (users.delete_bank_account(&a.account_id, &account).await, ("delete-bank-account", "Deleted"))
        }
    };
    name?;
    let ids = json!({ "serviceAccountId": a.account_id, "bankAccountId": a.bank_account_id });
    reply::done(ctx, done.0, ids, &format!("{}: bank account {} of {}", done.1, a.bank_account_id, a.account_id))
}
