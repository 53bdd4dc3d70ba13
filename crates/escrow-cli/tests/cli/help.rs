//! `--help` of every command is complete; `--version` works.

use crate::harness::escrow_env;

/// Commands that must be there (every other one is found from the help of its parent).
const EXPECTED: &[&str] = &[
    "transactions payout",
    "transactions create",
    "transactions payment-instructions",
    "payments create",
    "payments initialize",
    "split-payouts cancel",
    "documents upload",
    "auto bill-of-sale",
    "auto debt-information",
    "users add-bank-account",
    "connect guest",
    "webhooks examples",
    "trades create",
    "trades accept-item-condition",
    "trades buy-return-shipment",
    "business-users edit",
    "trade-users connect",
    "api",
    "logs tail",
    "completions",
    "profiles list",
];

/// The subcommands a help text lists under `Commands:` (not `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_command_has_complete_help() {
    let mut queue = vec![String::new()];
    let mut seen = Vec::new();
    while let Some(command) = queue.pop() {
        let mut args: Vec<&str> = command.split_whitespace().collect();
        args.push("-h");
        let run = escrow_env(&args, &[]).expect(0);
        queue.extend(subcommands(&run.stdout).into_iter().map(|sub| format!("{command} {sub}").trim().to_owned()));
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
        seen.push(command);
    }
    for expected in EXPECTED {
        assert!(seen.iter().any(|s| s == expected), "`escrow {expected}` is listed; seen: {seen:?}");
    }
    assert!(seen.len() > 80, "every subcommand visited: {}", seen.len());
    assert!(!seen.iter().any(|s| s.contains("__generate-docs")), "the generator is hidden");
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
