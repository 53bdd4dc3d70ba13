//! `--help` of every command is complete; `--version` works.

use crate::harness::escrow_env;

const COMMANDS: &[&str] = &[
    "",
    "transactions",
    "transactions list",
    "transactions get",
    "transactions export",
    "transactions payout",
    "transactions cancel",
    "transactions reimburse",
    "users",
    "users list",
    "users get",
    "users banks",
    "users bank-accounts",
    "connect",
    "connect start",
    "connect get",
    "webhooks",
    "webhooks verify",
];

#[test]
fn every_command_has_complete_help() {
    for command in COMMANDS {
        let mut args: Vec<&str> = command.split_whitespace().collect();
        args.push("-h");
        let run = escrow_env(&args, &[]).expect(0);
        let usage = format!("Usage: escrow {command}").trim_end().to_owned();
        assert!(run.stdout.contains(&usage), "{command}: {}", run.stdout);
        assert!(!run.stdout.lines().next().unwrap_or_default().trim().is_empty(), "{command}: a description first");
        // Every argument, option and subcommand has a description next to it.
        let mut in_list = false;
        for line in run.stdout.lines() {
            if line.ends_with(':') && !line.starts_with(' ') {
                in_list = ["Arguments:", "Options:", "Global options:", "Commands:"].contains(&line);
                continue;
            }
            if in_list && !line.trim().is_empty() {
                let described = line.trim().split_once("  ").is_some_and(|(_, d)| !d.trim().is_empty());
                assert!(described, "{command}: `{line}` has no description");
            }
        }
        for global in ["--base-url", "--dialect", "--json", "--api-key-env", "--profile", "--idempotency-key"] {
            assert!(run.stdout.contains(global), "{command}: {global} listed");
        }
        args.pop();
        args.push("--help");
        escrow_env(&args, &[]).expect(0);
    }
    let top = escrow_env(&["--help"], &[]).expect(0);
    for code in ["Exit codes:", "  2  usage", "  3  refused", "  4  network", "  5  undecodable", "ESCROW_API_KEY"] {
        assert!(top.stdout.contains(code), "{code} in {}", top.stdout);
    }
}

#[test]
fn version_prints_the_package_version() {
    let run = escrow_env(&["--version"], &[]).expect(0);
    assert_eq!(run.stdout, format!("escrow {}\n", env!("CARGO_PKG_VERSION")));
}
