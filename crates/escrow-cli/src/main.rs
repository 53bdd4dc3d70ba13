//! `escrow`: a command-line client of the escrow payment service, built on `escrow-api`.
//!
//! Wiring only: parse the command line (clap exits 2 on a usage error), find the service and
//! the API key, run the command, map a failure to its exit code (see [`exit`]).

mod amount;
mod args;
mod body;
mod commands;
mod exit;
mod key;
mod log_files;
mod output;
mod profile;
mod stdout;
mod upload;

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
    if global.idempotency_key.is_some() && !command.keyed() {
        return Err(Failure::usage(
            "--idempotency-key applies only to money moves and other keyed operations \
             (payout, cancel, reimburse, payments create, trades create, …)",
        ));
    }
    let ctx = commands::Ctx { json: global.json, idempotency_key: global.idempotency_key.clone() };
    // Offline: needs neither the service nor a key.
    let command = match commands::run_offline(command, &ctx) {
        Ok(done) => return done,
        Err(online) => *online,
    };
    // The key is read before any async runtime exists (the keychain client runs its own).
    let target = key::resolve(&global)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::local(format!("cannot start: {e}")))?;
    if let args::Command::Api(a) = command {
        return runtime.block_on(commands::api::run(&ctx, &target, global.timeout, a));
    }
    let client = escrow_api::Client::builder(target.base_url, target.api_key)
        .dialect(target.dialect)
        .timeout(Duration::from_secs(global.timeout))
        .connect_timeout(Duration::from_secs(global.timeout.min(10)))
        .build()?;
    runtime.block_on(commands::run(command, &client, &ctx)).map_err(|f| f.at_address(client.base_url()))
}
