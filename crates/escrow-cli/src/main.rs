//! `escrow`: a command-line client of the escrow payment service, built on `escrow-api`.
//!
//! Wiring only: parse the command line (clap exits 2 on a usage error), find the service and
//! the API key, run the command, map a failure to its exit code (see [`exit`]).

mod amount;
mod args;
mod body;
mod builtin_sandbox;
mod commands;
mod event_names;
mod exit;
mod key;
mod log_files;
mod network;
mod output;
mod profile;
mod route_overrides;
mod stdout;
mod upload;

use clap::Parser;
use exit::Failure;
use std::process::ExitCode;

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
    runtime.block_on(commands::run_online(command, &ctx, target, global.timeout))
}
