//! users list/get/banks/bank-accounts and connect start/get.

use crate::harness::Sandbox;

#[test]
fn users_list_and_get_in_both_outputs() {
    let sb = Sandbox::start();
    let account = sb.user("cli-user-1", "Mette Cli Hansen");
    let run = sb.escrow(&["users", "list", "--take", "100"]).expect(0);
    let header = run.stdout.lines().next().unwrap_or_default();
    assert!(header.starts_with("ACCOUNT ID") && header.contains("NAME"), "{}", run.stdout);
    assert!(run.stdout.lines().any(|l| l.starts_with(&account) && l.contains("Mette Cli Hansen")), "{}", run.stdout);

    let page = sb.escrow(&["--json", "users", "list", "--take", "100"]).expect(0).json();
    let item = page["items"].as_array().into_iter().flatten().find(|u| u["serviceAccountId"] == account.as_str());
    assert_eq!(item.map(|u| u["name"].clone()), Some("Mette Cli Hansen".into()), "{page}");

    let run = sb.escrow(&["users", "get", &account]).expect(0);
    assert!(
        run.stdout.starts_with(&format!("Account         {account}\nName            Mette Cli Hansen\n")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("cli-user-1@example.dk") && run.stdout.contains("Connection      cli-user-1"),
        "{}",
        run.stdout
    );
    let user = sb.escrow(&["users", "get", &account, "--json"]).expect(0).json();
    assert_eq!(user["serviceAccountId"], account.as_str());
    assert_eq!(user["connections"][0]["referenceId"], "cli-user-1");
}

#[test]
fn users_banks_and_bank_accounts() {
    let sb = Sandbox::start();
    let account = sb.user("cli-user-2", "Jonas Bank");
    let banks = sb.escrow(&["users", "banks", &account, "--json"]).expect(0).json();
    let first = &banks["banks"][0];
    assert!(first["bankId"].is_string() && first["name"].is_string(), "{banks}");
    let run = sb.escrow(&["users", "banks", &account]).expect(0);
    assert!(
        run.stdout.starts_with("BANK ID") && run.stdout.contains(first["name"].as_str().unwrap_or("?")),
        "{}",
        run.stdout
    );

    let accounts = sb.escrow(&["users", "bank-accounts", &account, "--json"]).expect(0).json();
    assert_eq!(accounts["items"].as_array().map(Vec::len), Some(1), "{accounts}");
    assert_eq!(accounts["items"][0]["isDefault"], true);
    let run = sb.escrow(&["users", "bank-accounts", &account]).expect(0);
    assert!(run.stdout.ends_with("1 bank accounts\n"), "{}", run.stdout);
}

#[test]
fn connect_start_and_get() {
    let sb = Sandbox::start();
    let started = sb.escrow(&["connect", "start", "--reference", "cli-new-user", "--json"]).expect(0).json();
    let url = started["connectUrl"].as_str().expect("connectUrl");
    assert!(url.starts_with("http"), "{url}");
    let human = sb.escrow(&["connect", "start", "--reference", "cli-new-user-2"]).expect(0);
    assert!(human.stdout.starts_with("Send the person to:\nhttp"), "{}", human.stdout);

    let account = sb.user("cli-connected", "Connie Nected");
    let record = sb.escrow(&["connect", "get", "cli-connected", "--json"]).expect(0).json();
    assert_eq!(record["serviceAccountId"], account.as_str());
    let run = sb.escrow(&["connect", "get", "cli-connected"]).expect(0);
    assert!(run.stdout.starts_with(&format!("Account     {account}\nConnection  cli-connected")), "{}", run.stdout);
    sb.escrow(&["connect", "get", "nobody-has-this-reference"]).expect(3);
}
