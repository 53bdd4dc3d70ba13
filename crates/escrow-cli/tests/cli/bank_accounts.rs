//! users start-bank-account-onboarding/bank-account-onboarding/add-bank-account/
//! set-default-bank-account/delete-bank-account, connect guest/delete and webhooks examples.

use crate::harness::Sandbox;

/// Chooses every offered account on the hosted page at `url`, as the person would.
fn choose_all(sb: &Sandbox, url: &str) -> Vec<String> {
    sb.rt.block_on(async {
        // Not after the return address: it is the tenant's, not this test's.
        let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("http");
        let page = http.get(url).send().await.expect("page").text().await.expect("html");
        let ids: Vec<String> = page
            .split("name=\"account\" value=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .map(str::to_owned)
            .collect();
        let mut form: Vec<(&str, &str)> = ids.iter().map(|id| ("account", id.as_str())).collect();
        form.push(("action", "confirm"));
        let body = form.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        let res = http
            .post(url)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .expect("submit");
        assert!(res.status().is_success() || res.status().is_redirection(), "{}", res.status());
        ids
    })
}

#[test]
fn a_bank_account_from_onboarding_to_deletion() {
    let sb = Sandbox::start();
    let account = sb.user("cli-onboard-1", "Ole Onboard");
    let banks = sb.escrow(&["--json", "users", "banks", &account]).expect(0).json();
    let bank = banks["banks"][0]["bankId"].as_str().expect("a bank").to_owned();

    let run = sb.escrow(&["users", "bank-account-onboarding", &account]).expect(3);
    assert!(run.stderr.contains("Invalid results"), "nothing chosen yet: {}", run.stderr);
    let run = sb
        .escrow(&[
            "users",
            "start-bank-account-onboarding",
            &account,
            "--bank-id",
            &bank,
            "--return-url",
            "https://desk.example/back",
        ])
        .expect(0);
    let url = run.stdout.strip_prefix("Send the person to:\n").map(str::trim).expect("the page").to_owned();
    let chosen = choose_all(&sb, &url);
    let first = chosen.first().expect("an offered account").clone();

    let run = sb.escrow(&["users", "bank-account-onboarding", &account]).expect(0);
    assert!(run.stdout.contains("BANK ACCOUNT ID") && run.stdout.contains(&first), "{}", run.stdout);
    let result = sb.escrow(&["--json", "users", "bank-account-onboarding", &account]).expect(0).json();
    assert_eq!(result["bankId"], bank.as_str());

    let add = ["users", "add-bank-account", &account, "--bank-id", &bank, "--bank-account-id", &first];
    let run = sb.escrow(&add).expect(0);
    assert_eq!(run.stdout, format!("Added: bank account {first} of {account}\n"));
    let listed = sb.escrow(&["--json", "users", "bank-accounts", &account]).expect(0).json();
    assert_eq!(listed["items"].as_array().map(Vec::len), Some(2), "{listed}");

    let set =
        ["--json", "users", "set-default-bank-account", &account, "--bank-id", &bank, "--bank-account-id", &first];
    let done = sb.escrow(&set).expect(0).json();
    assert_eq!(done["action"], "set-default-bank-account");
    let listed = sb.escrow(&["--json", "users", "bank-accounts", &account]).expect(0).json();
    let default = listed["items"].as_array().into_iter().flatten().find(|a| a["isDefault"] == true);
    assert_eq!(default.map(|a| a["bankAccountId"].clone()), Some(first.as_str().into()), "{listed}");

    let other = listed["items"].as_array().into_iter().flatten().find(|a| a["bankAccountId"] != first.as_str());
    let other = other.expect("the first account");
    let (other_bank, other_id) =
        (other["bankId"].as_str().unwrap_or(""), other["bankAccountId"].as_str().unwrap_or(""));
    sb.escrow(&["users", "delete-bank-account", &account, "--bank-id", other_bank, "--bank-account-id", other_id])
        .expect(0);
    let run = sb
        .escrow(&["users", "delete-bank-account", &account, "--bank-id", &bank, "--bank-account-id", &first])
        .expect(3);
    assert!(run.stderr.contains("400"), "the last account stays: {}", run.stderr);
}

#[test]
fn connect_guest_and_delete() {
    let sb = Sandbox::start();
    let run = sb
        .escrow(&["connect", "guest", "cli-guest-1", "--name", "Gitte Guest", "--email", "gitte@example.dk"])
        .expect(0);
    let account = run
        .stdout
        .strip_prefix("Created account ")
        .and_then(|r| r.strip_suffix(" for cli-guest-1\n"))
        .unwrap_or_else(|| panic!("{}", run.stdout))
        .to_owned();
    let found = sb.escrow(&["--json", "connect", "get", "cli-guest-1"]).expect(0).json();
    assert_eq!(found["serviceAccountId"], account.as_str());
    let created = sb
        .escrow(&["--json", "connect", "guest", "cli-guest-2", "-F", "name=Firma ApS", "--cvr", "12345678"])
        .expect(0)
        .json();
    assert!(created["serviceAccountId"].as_str().is_some_and(|a| !a.is_empty()), "{created}");
    sb.escrow(&["connect", "guest", "cli-guest-3", "--cvr", "123"]).expect(2);

    let run = sb.escrow(&["connect", "delete", "cli-guest-1"]).expect(0);
    assert_eq!(run.stdout, "Removed: cli-guest-1\n");
    sb.escrow(&["connect", "get", "cli-guest-1"]).expect(3);
}

#[test]
fn webhook_examples_in_both_outputs() {
    let sb = Sandbox::start();
    let run = sb.escrow(&["webhooks", "examples"]).expect(0);
    assert!(run.stdout.starts_with("EVENT"), "{}", run.stdout);
    assert!(run.stdout.contains("transaction.") && run.stdout.contains("user."), "{}", run.stdout);
    let examples = sb.escrow(&["--json", "webhooks", "examples"]).expect(0).json();
    let count =
        examples["user"].as_array().map_or(0, Vec::len) + examples["transaction"].as_array().map_or(0, Vec::len);
    assert!(run.stdout.ends_with(&format!("{count} example events\n")), "{}", run.stdout);
}
