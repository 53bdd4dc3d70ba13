//! `escrow-sandbox serve --listen ADDR --data-dir DIR [--tenant NAME=KEY[:MODULES]]... [--seed demo|none]
//! [--dialect spec|published]`

use clap::{Parser, Subcommand, ValueEnum};
use escrow_sandbox::{Dialect, SandboxConfig, Seed, TenantConfig};
use std::io::Write;
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "escrow-sandbox", about = "Stateful emulator of the escrow payment service (v2)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API until SIGTERM or SIGINT.
    Serve {
        /// Address to listen on; port 0 picks a free one.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: String,
        /// Where the SQLite database and files are kept.
        #[arg(long)]
        data_dir: PathBuf,
        /// A tenant as NAME=KEY[:MODULES]; MODULES is a comma list of bill-of-sale, debt and extra-fees.
        #[arg(long = "tenant", value_parser = TenantConfig::parse)]
        tenants: Vec<TenantConfig>,
        /// Demo data for the first tenant (default: demo without --tenant, none with).
        #[arg(long, value_enum)]
        seed: Option<SeedArg>,
        /// Wire dialect: the specs' names and routes, or those of the published documentation.
        #[arg(long, value_enum, default_value = "spec")]
        dialect: DialectArg,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SeedArg {
    Demo,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum DialectArg {
    Spec,
    Published,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let Command::Serve { listen, data_dir, tenants, seed, dialect } = Cli::parse().command;
    let default_seed = if tenants.is_empty() { Seed::Demo } else { Seed::None };
    let tenants = if tenants.is_empty() { vec![TenantConfig::demo()] } else { tenants };
    let seed = match seed {
        Some(SeedArg::Demo) => Seed::Demo,
        Some(SeedArg::None) => Seed::None,
        None => default_seed,
    };
    let dialect = match dialect {
        DialectArg::Spec => Dialect::Spec,
        DialectArg::Published => Dialect::Published,
    };
    let running = match escrow_sandbox::start(SandboxConfig { listen, data_dir, tenants, seed, dialect }).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("escrow-sandbox: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    println!("listening on {}", running.url);
    let _ = std::io::stdout().flush();
    wait_for_signal().await;
    running.shutdown().await;
    std::process::ExitCode::SUCCESS
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            (Ok(mut term), Ok(mut int)) => {
                tokio::select! { _ = term.recv() => {}, _ = int.recv() => {} }
            }
            _ => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
