//! Unit tests of the Auto modules' rules.

use super::access::{auto_field, set_auto};
use super::bill_of_sale::{danish_amount, regenerate_bill_of_sale};
use super::files::{FileKind, names_match};
use super::store as auto_files;
use super::validation::{check_bank_account, normalize_fik};
use crate::v2::transactions::store::TxnDoc;
use chrono::Utc;
use rust_decimal::Decimal;
use serde_json::json;

#[test]
fn fik_codes() {
    assert_eq!(normalize_fik("+71<123456789012345+12345678<").unwrap(), "+71<123456789012345+12345678<");
    assert_eq!(normalize_fik(" +71 123456789012345 +12345678 ").unwrap(), "+71<123456789012345+12345678<");
    assert!(normalize_fik("+73<123456789012345+12345678<").unwrap_err().contains("+71"));
    assert!(normalize_fik("+71<12345678901234+12345678<").is_err());
    assert!(normalize_fik("+71<123456789012345+1234567<").is_err());
    assert!(normalize_fik("71123456789012345+12345678").is_err());
    assert!(normalize_fik("+7").is_err());
    assert!(normalize_fik("+7é").is_err());
}

#[test]
fn bank_accounts() {
    assert!(check_bank_account("00400440116243").is_ok());
    assert!(check_bank_account("DK5000400440116243").is_ok());
    assert!(check_bank_account("DK5100400440116243").is_err(), "check digits");
    assert!(check_bank_account("DK50 0040 0440 1162 43").is_err());
    assert!(check_bank_account("0040-0440116243").is_err());
    assert!(check_bank_account("0040044011624").is_err());
    assert!(check_bank_account("NO5000400440116243").is_err());
}

#[test]
fn sniffs_by_content() {
    assert_eq!(FileKind::sniff(b"%PDF-1.7\n"), Some(FileKind::Pdf));
    assert_eq!(FileKind::sniff(b"\x89PNG\r\n\x1a\n...."), Some(FileKind::Png));
    assert_eq!(FileKind::sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(FileKind::Webp));
    assert_eq!(FileKind::sniff(b"hello"), None);
    assert_eq!(FileKind::from_name("Scan.JPEG"), Some(FileKind::Jpeg));
    assert_eq!(FileKind::from_name("noext"), None);
    assert!(names_match("requiredSigners[1]", "requiredsigners"));
    assert!(!names_match("requiredSignersX", "requiredSigners"));
    assert!(!names_match("requiredSigners[a]", "requiredSigners"));
}

#[test]
fn regenerates_an_enabled_bill_of_sale_for_the_new_amount() {
    let dir = tempfile::tempdir().unwrap();
    let conn = rusqlite::Connection::open(dir.path().join("sandbox.sqlite")).unwrap();
    let mut doc: TxnDoc = serde_json::from_value(json!({
        "transactionId": "t-1", "kind": "Auto", "status": "PAID", "amount": "310000.00",
        "currency": "DKK", "created": "2026-01-01T00:00:00.000Z",
        "fees": {"payee": "0", "payer": "0", "tenant": "0", "safepay": "15"},
        "inbound": [], "outbound": [], "splitPayouts": [],
        "autoInformation": {"brand": "Volvo", "billOfSale": {
            "enabled": true, "fileId": "old-file", "generated": false, "amount": 300000,
            "additionalTerms": "Med træk", "requiredSigners": ["Payer"], "signed": false
        }}
    }))
    .unwrap();
    let old = regenerate_bill_of_sale(&conn, &mut doc, Utc::now()).unwrap();
    assert_eq!(old.as_deref(), Some("old-file"));
    let bill = auto_field(&doc, "billOfSale").unwrap().clone();
    assert_eq!(bill["generated"], true);
    assert_eq!(bill["amount"], json!(310000.0));
    assert_eq!(bill["requiredSigners"], json!(["Payer"]));
    assert_eq!(bill["additionalTerms"], "Med træk");
    let file = auto_files::load(&conn, "t-1", bill["fileId"].as_str().unwrap()).unwrap();
    assert!(file.starts_with(b"%PDF-1.4") && file.ends_with(b"%%EOF\n"));
    assert!(file.windows(10).any(|w| w == b"310.000,00"));
    assert_eq!(auto_field(&doc, "brand").unwrap(), "Volvo", "other vehicle fields kept");

    // Disabled or absent: nothing to do.
    set_auto(&mut doc, "billOfSale", json!({"enabled": false}));
    assert_eq!(regenerate_bill_of_sale(&conn, &mut doc, Utc::now()).unwrap(), None);
}

#[test]
fn danish_amounts() {
    assert_eq!(danish_amount(Decimal::new(2895005, 1)), "289.500,50");
    assert_eq!(danish_amount(Decimal::new(999, 0)), "999,00");
    assert_eq!(danish_amount(Decimal::new(1000, 0)), "1.000,00");
}
