//! `escrow`: a command-line client of the escrow payment service, built on `escrow-api`.
//!
//! Wiring only: parse the command line (clap exits 2 on a usage error), find the service and
//! the API key, run the command, map a failure to its exit code (see [`exit`]).

mod amount;
mod args;
mod commands;
mod csv;
mod exit;
mod key;
mod output;
mod profile;
mod stdout;

use clap::Parser;
use exit::Failure;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let json = cli.global.json;
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.report(json);
            ExitCode::from(failure.code())
        }
    }
}

fn run(cli: args::Cli) -> Result<(), Failure> {
    let args::Cli { global, command } = cli;
    if global.idempotency_key.is_some() && !command.moves_money() {
        return Err(Failure::usage("--idempotency-key applies only to money moves (payout, cancel, reimburse)"));
    }
    let ctx = commands::Ctx { json: global.json, idempotency_key: global.idempotency_key.clone() };
    // Offline: needs neither the service nor a key.
    if let args::Command::Webhooks(w) = command {
        return commands::webhooks::run(&ctx, w);
    }
    if let args::Command::Profiles(p) = command {
        return commands::profiles::run(&ctx, p);
    }
    // The key is read before any async runtime exists (the keychain client runs its own).
    let target = key::resolve(&global)?;
    let client = escrow_api::Client::builder(target.base_url, target.api_key)
        .dialect(target.dialect)
        .timeout(Duration::from_secs(global.timeout))
        .connect_timeout(Duration::from_secs(global.timeout.min(10)))
        .build()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::local(format!("cannot start: {e}")))?;
    runtime.block_on(commands::run(command, &client, &ctx)).map_err(|f| f.at_address(client.base_url()))
}
