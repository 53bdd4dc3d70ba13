//! One module per resource; each command prints its result (table or `--json`) or returns a
//! [`Failure`].

pub mod api;
mod bank_accounts;
pub mod connect;
mod ctx;
pub mod docs;
pub mod documents;
mod events;
pub mod export;
mod keyed;
mod listen;
pub mod logs;
pub mod payments;
pub mod profiles;
mod raw_http;
mod reply;
mod sandbox_control;
mod trade_steps;
pub mod trade_users;
mod trade_view;
pub mod trades;
pub mod transaction_edits;
pub mod transactions;
pub mod users;
pub mod webhooks;

use crate::args::{Command, Transactions, Webhooks};
use crate::builtin_sandbox;
use crate::exit::Failure;
use crate::key::Target;
pub use ctx::Ctx;
use escrow_api::Client;
use sandbox_control::SandboxControl;
use std::time::Duration;

/// Runs a command that needs neither the service nor a key; gives back one that needs them.
pub fn run_offline(command: Command, ctx: &Ctx) -> Result<Result<(), Failure>, Box<Command>> {
    match command {
        Command::Webhooks(Webhooks::Verify(a)) => Ok(webhooks::verify(ctx, a)),
        Command::Profiles(p) => Ok(profiles::run(ctx, p)),
        Command::Completions(c) => Ok(docs::completions(c.shell)),
        Command::Logs(crate::args::tools::Logs::Tail(a)) => Ok(logs::tail(ctx, &a)),
        Command::GenerateDocs(g) => Ok(docs::generate(&g)),
        online => Err(Box::new(online)),
    }
}

/// Runs a command that talks to the service (or a sandbox's own routes) at `target`,
/// starting the built-in Sandbox first when it runs in this process (and stopping it after).
pub async fn run_online(command: Command, ctx: &Ctx, mut target: Target, timeout: u64) -> Result<(), Failure> {
    let ready = match target.builtin.take() {
        Some(reach) => Some(builtin_sandbox::start(reach).await?),
        None => None,
    };
    if let Some(r) = &ready {
        target.base_url = r.url.clone();
    }
    let in_process = ready.as_ref().is_some_and(|r| r.in_process);
    let result = run_at(command, ctx, &target, timeout, in_process).await;
    if let Some(r) = ready {
        r.stop().await;
    }
    result
}

async fn run_at(command: Command, ctx: &Ctx, target: &Target, timeout: u64, in_process: bool) -> Result<(), Failure> {
    match command {
        Command::Api(a) => api::run(ctx, target, timeout, a).await,
        Command::Listen(a) => {
            let known = match target.is_builtin {
                true => listen::Known::BuiltIn { in_process },
                false => listen::Known::Unknown,
            };
            listen::run(ctx, &SandboxControl::new(target, timeout)?, a, timeout, known).await
        }
        Command::Trigger(a) => events::trigger(ctx, &SandboxControl::new(target, timeout)?, a, in_process).await,
        Command::Events(e) => events::list(ctx, &SandboxControl::new(target, timeout)?, e).await,
        other => {
            let client = Client::builder(target.base_url.clone(), target.api_key.clone())
                .network(target.network.clone())
                .dialect(target.dialect)
                .routes(target.routes.v2.clone())
                .trade_routes(target.routes.trade.clone())
                .trade_action_codes(target.routes.trade_action_codes.clone())
                .timeout(Duration::from_secs(timeout))
                .connect_timeout(Duration::from_secs(timeout.min(10)))
                .build()?;
            run(other, &client, ctx).await.map_err(|f| f.at_address(client.base_url()))
        }
    }
}

/// Runs a command that talks to the service.
pub async fn run(command: Command, client: &Client, ctx: &Ctx) -> Result<(), Failure> {
    match command {
        Command::Transactions(t) => match t {
            Transactions::List(a) => transactions::list(client, ctx, a).await,
            Transactions::Get(a) => transactions::get(client, ctx, &a.id).await,
            Transactions::Export(a) => export::run(client, ctx, a).await,
            Transactions::Payout(a) => transactions::payout(client, ctx, a).await,
            Transactions::Cancel(a) => transactions::cancel(client, ctx, a).await,
            Transactions::Reimburse(a) => transactions::reimburse(client, ctx, a).await,
            Transactions::Create(a) => transaction_edits::create(client, ctx, a).await,
            Transactions::Delete(a) => transaction_edits::delete(client, ctx, a).await,
            Transactions::Update(a) => transaction_edits::update(client, ctx, a).await,
            Transactions::ChangeAmount(a) => transaction_edits::change_amount(client, ctx, a).await,
            Transactions::AddPayee(a) => transaction_edits::add_party(client, ctx, a, true).await,
            Transactions::AddPayer(a) => transaction_edits::add_party(client, ctx, a, false).await,
            Transactions::PaymentInstructions(a) => transaction_edits::payment_instructions(client, ctx, a).await,
        },
        Command::Payments(p) => payments::payments(client, ctx, p).await,
        Command::SplitPayouts(s) => payments::split_payouts(client, ctx, s).await,
        Command::Documents(d) => documents::documents(client, ctx, d).await,
        Command::Auto(a) => documents::auto(client, ctx, a).await,
        Command::Users(u) => users::run(client, ctx, u).await,
        Command::Connect(c) => connect::run(client, ctx, c).await,
        Command::Webhooks(Webhooks::Examples) => webhooks::examples(client, ctx).await,
        Command::Trades(t) => trades::run(client, ctx, t).await,
        Command::BusinessUsers(b) => trade_users::business_users(client, ctx, b).await,
        Command::TradeUsers(t) => trade_users::trade_users(client, ctx, t).await,
        other => run_offline(other, ctx)
            .unwrap_or_else(|_| Err(Failure::local("this command does not run with a client (a bug)"))),
    }
}
