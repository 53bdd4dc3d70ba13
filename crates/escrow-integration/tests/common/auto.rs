//! Helpers for the Auto module tests (`auto_*.rs`): sample files of every allowed type,
//! an Auto deal between two connected users, debt information, and the record readers.

#![allow(dead_code)]

use super::Sandbox;
use escrow_api::{
    AutoInformation, CallOptions, Client, CreateTransaction, DebtInformation, Error, ErrorKind, TransactionType, Upload,
};
use rust_decimal::Decimal;
use std::str::FromStr;

pub fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

pub const PDF: &[u8] = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
pub const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xd9";
pub const GIF: &[u8] =
    b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xf9\x04\x01\0\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;";
pub const BMP: &[u8] = b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0\0\0\x01\0\0\0\x01\0\0\0\x01\0\x18\0\0\0\0\0\x04\0\0\0";
pub const WEBP: &[u8] = b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0";

pub const BBAN: &str = "00400440116243";
pub const IBAN: &str = "DK5000400440116243";

/// Creates two connected users and an Auto transaction for 249 900 DKK.
pub async fn auto_deal(sb: &Sandbox, key: &str, tag: &str) -> String {
    let payee = sb.user(key, &format!("seller-{tag}"), "Bilhuset Aarhus ApS").await;
    let payer = sb.user(key, &format!("buyer-{tag}"), "Jens Hansen").await;
    let mut req = CreateTransaction::new(dec("249900"));
    req.payee_id = Some(payee);
    req.payer_id = Some(payer);
    req.title = Some("Skoda Octavia Combi".into());
    req.reference_id = Some(format!("AUTO-{tag}"));
    req.payee_fixed_fee = Some(dec("495"));
    // Field by field: the service sends this model too, so it is `#[non_exhaustive]`.
    let mut vehicle = AutoInformation::default();
    vehicle.brand = Some("Skoda".into());
    vehicle.model = Some("Octavia Combi".into());
    vehicle.year = Some(2021);
    vehicle.mileage = Some(48_000);
    vehicle.registration_number = Some("CX 12 345".into());
    vehicle.vin = Some("TMBJJ7NE0L0123456".into());
    req.auto_information = Some(vehicle);
    sb.client(key)
        .transactions()
        .create(TransactionType::Auto, &req, &CallOptions::default())
        .await
        .expect("Auto transaction")
        .value
        .transaction_id
}

pub fn debt(file: &str, bytes: &[u8]) -> DebtInformation {
    let mut d = DebtInformation::new(Upload::new(file, bytes.to_vec()), dec("85000"));
    d.bank_account = Some(BBAN.into());
    d.bank_account_text = Some("Indfrielse lån 4711".into());
    d
}

/// The error is a client-side refusal of `field`, and nothing was sent.
#[track_caller]
pub fn assert_refused(result: Result<impl std::fmt::Debug, Error>, field: &str) -> String {
    let err = result.expect_err("must be refused");
    assert_eq!(err.attempts, 0, "nothing may be sent: {err}");
    match err.kind {
        ErrorKind::Validation { field: f, message } => {
            assert_eq!(f, field, "{message}");
            message
        }
        other => panic!("expected a validation error of {field}, got {other:?}"),
    }
}

pub async fn auto_info(client: &Client, id: &str) -> AutoInformation {
    client.transactions().get(id).await.unwrap().auto_information.expect("autoInformation")
}

pub async fn fetch(url: &str, key: Option<&str>) -> reqwest::Response {
    let mut req = reqwest::Client::new().get(url);
    if let Some(key) = key {
        req = req.bearer_auth(key);
    }
    req.send().await.unwrap()
}
