//! `escrow-sandbox serve --listen ADDR --data-dir DIR [--tenant NAME=KEY[:MODULES]]... [--seed demo|none]
//! [--dialect spec|published] [--public-url URL] [--own-receiver] [--log-level FILTER]`; every flag also from an
//! `ESCROW_SANDBOX_*` variable (a flag wins). `escrow-sandbox --version`.

use clap::{Parser, Subcommand, ValueEnum};
use escrow_sandbox::{Dialect, SandboxConfig, Seed, ServeOptions, TenantConfig};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "escrow-sandbox", version, about = "Stateful emulator of the escrow payment service (v2)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API until SIGTERM or SIGINT. Prints `listening on URL` on stdout once it
    /// accepts connections; logs go to stderr. `GET /_sandbox/health` and `GET /openapi.json`
    /// need no key.
    Serve(Serve),
}

#[derive(clap::Args)]
struct Serve {
    /// Address to listen on; port 0 picks a free one (0.0.0.0:PORT for a LAN or a CI service).
    #[arg(long, env = "ESCROW_SANDBOX_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    /// Where the SQLite database and files are kept.
    #[arg(long, env = "ESCROW_SANDBOX_DATA_DIR")]
    data_dir: PathBuf,
    /// A tenant as NAME=KEY[:MODULES]; MODULES is a comma list of bill-of-sale, debt and extra-fees.
    /// Repeat the flag, or separate tenants with `;` in the variable.
    #[arg(long = "tenant", env = "ESCROW_SANDBOX_TENANTS", hide_env_values = true, value_delimiter = ';', value_parser = TenantConfig::parse)]
    tenants: Vec<TenantConfig>,
    /// Demo data for the first tenant (default: demo without --tenant, none with).
    #[arg(long, env = "ESCROW_SANDBOX_SEED", value_enum)]
    seed: Option<SeedArg>,
    /// Wire dialect: the specs' names and routes, or those of the published documentation.
    #[arg(long, env = "ESCROW_SANDBOX_DIALECT", value_enum, default_value = "spec")]
    dialect: DialectArg,
    /// Base of every link handed out (hosted pages, downloads), as clients reach the sandbox,
    /// e.g. http://sandbox:8080 (default: the listen address). Scheme, host and port only.
    #[arg(long, env = "ESCROW_SANDBOX_PUBLIC_URL", value_parser = escrow_sandbox::config::public_url)]
    public_url: Option<String>,
    /// Deliver the webhooks of a tenant that set no URL to the sandbox's own receiver
    /// (`POST /_sandbox/receiver/{tenant}`, listed by `GET /_sandbox/receiver`), so they succeed.
    #[arg(long, env = "ESCROW_SANDBOX_OWN_RECEIVER")]
    own_receiver: bool,
    /// Log filter for stderr: error, warn, info (one line per request), debug, trace, or
    /// tracing directives such as `escrow_sandbox=debug`.
    #[arg(long, env = "ESCROW_SANDBOX_LOG", default_value = "info", value_parser = parse_filter)]
    log_level: String,
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

/// The filter, if `tracing_subscriber` reads it.
fn parse_filter(raw: &str) -> Result<String, String> {
    tracing_subscriber::EnvFilter::try_new(raw).map(|_| raw.to_owned()).map_err(|e| e.to_string())
}

/// Logs to stderr from here on (the library never installs a subscriber itself).
fn init_logs(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter).unwrap_or_else(|_| "info".into());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let Command::Serve(args) = Cli::parse().command;
    init_logs(&args.log_level);
    let default_seed = if args.tenants.is_empty() { Seed::Demo } else { Seed::None };
    let tenants = if args.tenants.is_empty() { vec![TenantConfig::demo()] } else { args.tenants };
    let seed = match args.seed {
        Some(SeedArg::Demo) => Seed::Demo,
        Some(SeedArg::None) => Seed::None,
        None => default_seed,
    };
    let dialect = match args.dialect {
        DialectArg::Spec => Dialect::Spec,
        DialectArg::Published => Dialect::Published,
    };
    let names: Vec<&str> = tenants.iter().map(|t| t.name.as_str()).collect();
    let names = names.join(", ");
    let config = SandboxConfig { listen: args.listen, data_dir: args.data_dir, tenants, seed, dialect };
    let running = match escrow_sandbox::start_with(
        config,
        ServeOptions { public_url: args.public_url, own_receiver: args.own_receiver },
    )
    .await
    {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("escrow-sandbox: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!(url = %running.url, public_url = %running.public_url, %dialect, tenants = %names, "listening");
    println!("listening on {}", running.url);
    let _ = std::io::stdout().flush();
    wait_for_signal().await;
    tracing::info!("shutting down");
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
