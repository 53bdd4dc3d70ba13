//! Creating a transaction from the app (Marketplace or Auto).
//!
//! The form arrives as strings, so a typo becomes a field error the UI shows next to
//! the field instead of an IPC decoding failure. Every field is checked here, then by
//! the client's own create rules, before the intent is journaled. The intent's
//! Idempotency-Key is also sent as the `uniquenessKey`: even a resend after the
//! service's 24-hour idempotency window can never make a second transaction.

use crate::error::{AppError, FieldErrorView};
use crate::journal::Sent;
use escrow_api::enums::Currency;
use escrow_api::{AutoInformation, CreateTransaction};
use escrow_api::{CallOptions, Client, IdempotencyKey, TransactionType};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// The new-transaction form. Empty strings mean "not given".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct NewTransactionInput {
    /// `MARKETPLACE` or `AUTO`.
    pub transaction_type: String,
    /// Decimal with a dot, e.g. `12500.00`.
    pub amount: String,
    /// `DKK` or `EUR`.
    pub currency: String,
    pub title: String,
    pub description: String,
    pub payer_id: String,
    pub payer_reference_id: String,
    pub payer_phone_number: String,
    pub payee_id: String,
    pub payee_reference_id: String,
    pub payee_phone_number: String,
    pub payer_fixed_fee: String,
    pub payee_fixed_fee: String,
    pub reference_id: String,
    /// RFC 3339 date-time in the future, or empty.
    pub expected_completion: String,
    /// Auto only.
    pub vehicle: Option<VehicleInput>,
    /// Pictures of the item: `https` addresses only (the window loads nothing else).
    pub image_urls: Vec<String>,
}

/// The vehicle of an Auto deal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct VehicleInput {
    pub brand: String,
    pub model: String,
    pub year: String,
    pub mileage: String,
    pub registration_number: String,
    pub vin: String,
    pub retail_amount: String,
    pub first_registration: String,
}

/// Collects every field error of a form at once, so the user fixes them in one go.
#[derive(Default)]
pub(super) struct Fields(Vec<FieldErrorView>);

impl Fields {
    pub(super) fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.0.push(FieldErrorView { field: field.into(), message: message.into() });
    }

    fn text(&mut self, field: &str, v: &str, max: usize) -> Option<String> {
        let v = v.trim();
        if v.chars().any(char::is_control) {
            self.fail(field, "must not contain control characters");
        } else if v.chars().count() > max {
            self.fail(field, format!("must be at most {max} characters"));
        }
        (!v.is_empty()).then(|| v.to_owned())
    }

    pub(super) fn money(&mut self, field: &str, v: &str, positive: bool) -> Option<Decimal> {
        let v = v.trim();
        if v.is_empty() {
            return None;
        }
        match Decimal::from_str(v) {
            Err(_) => self.fail(field, "is not a number"),
            Ok(d) if d.scale() > 2 => self.fail(field, "has more than 2 decimals"),
            Ok(d) if positive && d <= Decimal::ZERO => self.fail(field, "must be greater than zero"),
            Ok(d) if d < Decimal::ZERO => self.fail(field, "must not be negative"),
            Ok(d) if d > Decimal::from(1_000_000_000_i64) => self.fail(field, "is too large"),
            Ok(d) => return Some(d),
        }
        None
    }

    /// A whole number in `0..=max`, plain or grouped in threes (`45.000`, see
    /// [`crate::shared::fields::whole_number`]).
    fn whole(&mut self, field: &str, v: &str, max: i32) -> Option<i32> {
        let v = v.trim();
        if v.is_empty() {
            return None;
        }
        match crate::shared::fields::whole_number(v).and_then(|n| i32::try_from(n).ok()) {
            Some(n) if (0..=max).contains(&n) => Some(n),
            _ => {
                self.fail(field, format!("must be a whole number from 0 to {max}"));
                None
            }
        }
    }

    pub(super) fn finish<T>(self, value: T) -> Result<T, AppError> {
        if self.0.is_empty() {
            return Ok(value);
        }
        let list = self.0.iter().map(|f| format!("{}: {}", f.field, f.message)).collect::<Vec<_>>().join("; ");
        let mut err = AppError::validation(format!("Check the form: {list}."));
        err.field_errors = Some(self.0);
        Err(err)
    }
}

/// At most this many pictures on one deal.
const MAX_IMAGES: usize = 20;

impl Fields {
    /// Picture addresses: each an absolute `https` URL with a host (the window's CSP loads
    /// images from `https:` only); blank lines are dropped.
    fn image_urls(&mut self, list: &[String]) -> Option<Vec<String>> {
        let urls: Vec<String> = list.iter().map(|u| u.trim()).filter(|u| !u.is_empty()).map(str::to_owned).collect();
        if urls.len() > MAX_IMAGES {
            self.fail("imageUrls", format!("at most {MAX_IMAGES} pictures"));
        }
        for (i, u) in urls.iter().enumerate() {
            let ok = u.len() <= 2000
                && url::Url::parse(u)
                    .is_ok_and(|p| p.scheme() == "https" && p.host().is_some() && p.username().is_empty());
            if !ok {
                self.fail(&format!("imageUrls.{i}"), "must be an https address (https://…)");
            }
        }
        (!urls.is_empty()).then_some(urls)
    }
}

/// 17 characters of the VIN alphabet (no I, O or Q), as on every car since 1981.
fn vin_ok(vin: &str) -> bool {
    vin.len() == 17
        && vin.chars().all(|c| c.is_ascii_alphanumeric() && !matches!(c.to_ascii_uppercase(), 'I' | 'O' | 'Q'))
}

impl NewTransactionInput {
    /// The request as the client sends it, or every field error at once.
    pub fn to_request(&self) -> Result<(TransactionType, CreateTransaction), AppError> {
        let mut f = Fields::default();
        let kind = match self.transaction_type.trim() {
            "MARKETPLACE" => TransactionType::Marketplace,
            "AUTO" => TransactionType::Auto,
            _ => {
                f.fail("transactionType", "must be MARKETPLACE or AUTO");
                TransactionType::Marketplace
            }
        };
        let amount = match self.amount.trim() {
            "" => {
                f.fail("amount", "is required");
                None
            }
            a => f.money("amount", a, true),
        };
        let currency = match self.currency.trim() {
            "" | "DKK" => Currency::Dkk,
            "EUR" => Currency::Eur,
            _ => {
                f.fail("currency", "must be DKK or EUR");
                Currency::Dkk
            }
        };
        let expected_completion = match self.expected_completion.trim() {
            "" => None,
            t => match chrono::DateTime::parse_from_rfc3339(t) {
                Ok(when) if when > chrono::Utc::now() => Some(when.with_timezone(&chrono::Utc)),
                Ok(_) => {
                    f.fail("expectedCompletion", "must be in the future");
                    None
                }
                Err(_) => {
                    f.fail("expectedCompletion", "is not a valid date and time");
                    None
                }
            },
        };
        let mut req = CreateTransaction {
            amount: amount.unwrap_or(Decimal::ONE),
            currency: Some(currency),
            title: f.text("title", &self.title, 200),
            description: f.text("description", &self.description, 2000),
            payer_id: f.text("payerId", &self.payer_id, 100),
            payer_reference_id: f.text("payerReferenceId", &self.payer_reference_id, 100),
            payer_phone_number: f.text("payerPhoneNumber", &self.payer_phone_number, 30),
            payee_id: f.text("payeeId", &self.payee_id, 100),
            payee_reference_id: f.text("payeeReferenceId", &self.payee_reference_id, 100),
            payee_phone_number: f.text("payeePhoneNumber", &self.payee_phone_number, 30),
            payer_fixed_fee: f.money("payerFixedFee", &self.payer_fixed_fee, false),
            payee_fixed_fee: f.money("payeeFixedFee", &self.payee_fixed_fee, false),
            reference_id: f.text("referenceId", &self.reference_id, 100),
            expected_completion,
            image_urls: f.image_urls(&self.image_urls),
            ..CreateTransaction::default()
        };
        if req.payee_id.is_none() && req.payee_reference_id.is_none() {
            f.fail("payeeId", "give the payee's account id or reference id");
        }
        match (kind, &self.vehicle) {
            (TransactionType::Marketplace, _) => {
                if req.title.is_none() {
                    f.fail("title", "is required for a Marketplace transaction");
                }
                if req.payer_id.is_none() {
                    f.fail("payerId", "is required for a Marketplace transaction");
                }
            }
            (TransactionType::Auto, Some(v)) => {
                let vin = f.text("vehicle.vin", &v.vin, 17).map(|s| s.to_ascii_uppercase());
                if vin.as_deref().is_some_and(|s| !vin_ok(s)) {
                    f.fail("vehicle.vin", "must be 17 letters and digits (no I, O or Q)");
                }
                // Field by field: the client's response models are `#[non_exhaustive]`.
                let mut auto = AutoInformation::default();
                auto.brand = f.text("vehicle.brand", &v.brand, 100);
                auto.model = f.text("vehicle.model", &v.model, 100);
                auto.year = f.whole("vehicle.year", &v.year, 2100);
                auto.mileage = f.whole("vehicle.mileage", &v.mileage, 9_999_999);
                auto.registration_number =
                    f.text("vehicle.registrationNumber", &v.registration_number, 20).map(|s| s.to_uppercase());
                auto.vin = vin;
                auto.retail_amount = f.money("vehicle.retailAmount", &v.retail_amount, false);
                auto.first_registration = f.text("vehicle.firstRegistration", &v.first_registration, 40);
                req.auto_information = Some(auto);
            }
            (TransactionType::Auto, None) => {}
        }
        let kind = f.finish(kind)?;
        escrow_api::transactions::validate_create(kind, &req)?;
        Ok((kind, req))
    }
}

/// Sends the create with the intent's key as both Idempotency-Key and uniquenessKey;
/// the value is the new transaction's id.
pub(crate) async fn send(
    client: &Client,
    input: &NewTransactionInput,
    key: &IdempotencyKey,
) -> Result<Sent<Option<String>>, AppError> {
    let (kind, mut req) = input.to_request()?;
    req.uniqueness_key = Some(key.as_str().to_owned());
    let opts = CallOptions::with_idempotency_key(key.clone());
    let created = client.transactions().create(kind, &req, &opts).await?;
    Ok(Sent { correlation_id: Some(created.meta.correlation_id), answer: Some(created.value.transaction_id) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marketplace() -> NewTransactionInput {
        NewTransactionInput {
            transaction_type: "MARKETPLACE".into(),
            amount: "12500.00".into(),
            currency: "DKK".into(),
            title: "Cykel".into(),
            payer_id: "acc-payer".into(),
            payee_id: "acc-payee".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_marketplace_form_becomes_a_request() {
        let (kind, req) = marketplace().to_request().expect("valid");
        assert_eq!(kind, TransactionType::Marketplace);
        assert_eq!(req.amount, Decimal::from(12500));
        assert_eq!(req.title.as_deref(), Some("Cykel"));
        assert!(req.auto_information.is_none());
    }

    #[test]
    fn image_urls_are_https_only_and_blank_lines_are_dropped() {
        let mut input = marketplace();
        input.image_urls = vec![" https://cdn.example.dk/golf-1.jpg ".into(), "".into()];
        let (_, req) = input.to_request().expect("valid");
        assert_eq!(req.image_urls, Some(vec!["https://cdn.example.dk/golf-1.jpg".to_owned()]));
        input.image_urls = vec![
            "https://cdn.example.dk/ok.jpg".into(),
            "http://cdn.example.dk/a.jpg".into(),
            "data:image/png;base64,AAAA".into(),
            "javascript:alert(1)".into(),
            "https://user:pw@cdn.example.dk/a.jpg".into(),
            "cdn.example.dk/a.jpg".into(),
        ];
        let err = input.to_request().unwrap_err();
        let fields: Vec<_> = err.field_errors.unwrap().into_iter().map(|f| f.field).collect();
        assert_eq!(fields, ["imageUrls.1", "imageUrls.2", "imageUrls.3", "imageUrls.4", "imageUrls.5"]);
        input.image_urls = vec![String::new(); 3];
        assert_eq!(input.to_request().expect("blank lines only").1.image_urls, None);
    }

    #[test]
    fn every_field_error_is_reported_at_once() {
        let input = NewTransactionInput {
            transaction_type: "MARKETPLACE".into(),
            amount: "12,5x".into(),
            currency: "SEK".into(),
            payer_fixed_fee: "-1".into(),
            expected_completion: "2001-01-01T00:00:00Z".into(),
            ..Default::default()
        };
        let err = input.to_request().unwrap_err();
        let fields: Vec<_> = err.field_errors.unwrap().into_iter().map(|f| f.field).collect();
        for f in ["amount", "currency", "payerFixedFee", "expectedCompletion", "payeeId", "title", "payerId"] {
            assert!(fields.iter().any(|x| x == f), "{f} missing in {fields:?}");
        }
    }

    #[test]
    fn auto_needs_no_title_or_payer_and_checks_the_vehicle() {
        let mut input = NewTransactionInput {
            transaction_type: "AUTO".into(),
            amount: "189000".into(),
            payee_reference_id: "dealer-1".into(),
            vehicle: Some(VehicleInput {
                brand: "Škoda".into(),
                model: "Octavia".into(),
                year: "2021".into(),
                vin: "tmbjj7ne1m0123456".into(),
                registration_number: "ab 12 345".into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let (_, req) = input.to_request().expect("valid auto");
        let auto = req.auto_information.unwrap();
        assert_eq!(auto.vin.as_deref(), Some("TMBJJ7NE1M0123456"));
        assert_eq!(auto.registration_number.as_deref(), Some("AB 12 345"));
        assert_eq!(auto.year, Some(2021));
        input.vehicle.as_mut().unwrap().vin = "TMBJJ7NE1M012345O".into();
        input.vehicle.as_mut().unwrap().year = "two thousand".into();
        let mut fields: Vec<_> =
            input.to_request().unwrap_err().field_errors.unwrap().into_iter().map(|f| f.field).collect();
        fields.sort();
        assert_eq!(fields, ["vehicle.vin", "vehicle.year"]);
    }

    #[test]
    fn danish_grouped_mileage_is_read_as_a_whole_number() {
        let mut input = NewTransactionInput {
            transaction_type: "AUTO".into(),
            amount: "289500.00".into(),
            payee_reference_id: "dealer-1".into(),
            vehicle: Some(VehicleInput { mileage: "45.000".into(), ..Default::default() }),
            ..Default::default()
        };
        let (_, req) = input.to_request().expect("45.000 is a mileage");
        assert_eq!(req.auto_information.and_then(|a| a.mileage), Some(45000));
        input.vehicle.as_mut().unwrap().mileage = "45,5".into();
        let err = input.to_request().unwrap_err();
        assert_eq!(err.field_errors.unwrap()[0].field, "vehicle.mileage");
    }
}
