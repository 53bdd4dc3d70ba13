//! What reaches the app from outside it, fuzzed: a link the desktop hands over, the
//! organisation's policy file, a profile's route overrides, an exported audit log read back by
//! the verifier, and a file picked for upload. Random text and mutations of valid samples give
//! an answer or a plain error, never a panic. `make test` runs proptest's default number of
//! cases; `make fuzz` runs many more (`PROPTEST_CASES`).

use escrow_desk::links::parse::{LinkTarget, format, parse as parse_link};
use escrow_desk::settings::{policy, route_overrides};
use proptest::prelude::*;
use std::path::Path;

const LINKS: &[&str] = &[
    "escrow-desk://open/transaction/d9626268-1d27?environment=sandbox",
    "escrow-desk://open/transactions?environment=https%3A%2F%2Fapi.example&search=Tesla%20%C3%A6&status=PAID",
    "escrow-desk://open/user/acc_1?environment=https%3A%2F%2Fapi.example",
];

const POLICY: &str = r#"{"environments": [{"id": "prod", "name": "Production", "baseUrl": "https://api.example",
    "badge": "production", "dialect": "published", "routes": "getUser = GET /people/{marketplaceUserId}"}],
    "updateUrl": "https://updates.example/latest.json", "builtinSandbox": false, "locked": ["environments"]}"#;

const OVERRIDES: &str = "# gateway\nchangeAmount = /v2/transactions/{transactionId}/change-amount\ngetUser = get /people/{marketplaceUserId}\ntradeAction.5 = Pay\n";

const AUDIT: &str = "\u{feff}seq,time,environment_id,environment,action_id,action,target,amount,idempotency_key,correlation_id,phase,outcome,detail,environment_kind,app_version,actor_user,actor_host,staff_name,format,key_id,prev_hash,hash,mac\r\n1,2026-11-27T10:00:00Z,sandbox,Sandbox,a1,payout,t1,100.00,k,c,intent,,'=1+1,sandbox,0.1.0,mh,desk,Mette,v2,0123456789abcdef,0000,abcd,cdef\r\n";

/// `sample` with a byte-level change at `at`: cut there, a byte replaced, or a byte inserted.
fn mutate(sample: &str, at: usize, byte: u8, how: u8) -> String {
    let mut bytes = sample.as_bytes().to_vec();
    let at = at % (bytes.len() + 1);
    match how % 3 {
        0 => bytes.truncate(at),
        1 if at < bytes.len() => bytes[at] = byte,
        _ => bytes.insert(at, byte),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #[test]
    fn links_give_a_place_or_a_reason(text in "\\PC{0,400}", pick in 0usize..3, at in any::<usize>(), byte in any::<u8>(), how in any::<u8>()) {
        let _ = parse_link(&text);
        let _ = parse_link(&format!("escrow-desk://open/{text}"));
        if let Ok(link) = parse_link(&mutate(LINKS[pick], at, byte, how)) {
            // Whatever a link opens, the desk writes a link that opens the same.
            prop_assert_eq!(parse_link(&format(&link.environment, &link.target)).map(|l| l.target), Ok(link.target));
        }
    }

    #[test]
    fn a_link_to_any_search_reads_back(search in "\\PC{0,150}", id in "[A-Za-z0-9._-]{1,100}") {
        // An id of dots alone is none the service gives (a URL would fold it away): refused.
        if id.chars().all(|c| c == '.') {
            let refused = parse_link(&format("sandbox", &LinkTarget::Transaction { id })).is_err();
            prop_assert!(refused, "an id of dots alone is refused");
            return Ok(());
        }
        let list = LinkTarget::Transactions { search: Some(search.trim().to_owned()).filter(|s| !s.is_empty()), statuses: vec!["PAID".into()] };
        prop_assert_eq!(parse_link(&format("https://api.example", &list)).map(|l| l.target), Ok(list));
        let deal = LinkTarget::Transaction { id };
        prop_assert_eq!(parse_link(&format("sandbox", &deal)).map(|l| l.target), Ok(deal));
    }

    #[test]
    fn a_policy_file_is_a_policy_or_says_why(text in "\\PC{0,600}", at in any::<usize>(), byte in any::<u8>(), how in any::<u8>()) {
        let _ = policy::parse(&text, Path::new("/etc/escrow-desk/policy.json"));
        let _ = policy::parse(&mutate(POLICY, at, byte, how), Path::new("/etc/escrow-desk/policy.json"));
    }

    #[test]
    fn route_overrides_are_read_or_each_bad_line_named(text in "\\PC{0,600}", at in any::<usize>(), byte in any::<u8>(), how in any::<u8>()) {
        let _ = route_overrides::parse(&text);
        let _ = route_overrides::parse(&mutate(OVERRIDES, at, byte, how));
    }

    #[test]
    fn an_audit_export_reads_back_or_says_why(text in "\\PC{0,600}", at in any::<usize>(), byte in any::<u8>(), how in any::<u8>()) {
        let _ = desk_audit::csv_rows::read(&text);
        let _ = desk_audit::csv_rows::read(&mutate(AUDIT, at, byte, how));
    }

    #[test]
    fn an_upload_is_checked_not_trusted(name in "\\PC{0,300}", bytes in proptest::collection::vec(any::<u8>(), 0..2048), pdf in any::<bool>()) {
        let body = if pdf { [b"%PDF-1.4\n".as_slice(), &bytes].concat() } else { bytes };
        let _ = escrow_api::validate::file("documentation", &name, &body, escrow_api::validate::DEBT_FILE_TYPES);
        let _ = escrow_api::validate::file("billOfSale", &name, &body, escrow_api::validate::BILL_OF_SALE_FILE_TYPES);
    }
}

#[test]
fn a_policy_file_larger_than_a_policy_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("policy.json");
    let mut text = String::from("{\"environments\": [], \"x\": \"");
    text.push_str(&"a".repeat(policy::MAX_POLICY_BYTES as usize));
    text.push_str("\"}");
    std::fs::write(&path, text).unwrap();
    let err = policy::load(&path).unwrap_err();
    assert!(err.contains("larger than a policy"), "{err}");
}
