//! One module per resource; each command prints its result (table or `--json`) or returns a
//! [`Failure`].

pub mod connect;
mod ctx;
pub mod export;
pub mod profiles;
pub mod transactions;
pub mod users;
pub mod webhooks;

use crate::args::{Command, Transactions};
use crate::exit::Failure;
pub use ctx::Ctx;
use escrow_api::Client;

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
        },
        Command::Users(u) => users::run(client, ctx, u).await,
        Command::Connect(c) => connect::run(client, ctx, c).await,
        Command::Webhooks(w) => webhooks::run(ctx, w),
        Command::Profiles(p) => profiles::run(ctx, p),
    }
}
