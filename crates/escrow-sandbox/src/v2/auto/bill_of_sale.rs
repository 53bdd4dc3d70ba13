//! The bill of sale: uploaded, or generated as a PDF (and generated again when the
//! amount changes).

use super::access::{Module, auto_field, check_access, load_checked, read_amount, set_auto, str_field};
use super::files::{BILL_OF_SALE_KINDS, FormData, check_file, file_response, invalid, read_form};
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::money;
use crate::pdf::{self, Font};
use crate::state::AppState;
use crate::v2::auto::store::{self as auto_files};
use crate::v2::transactions::store::{self as store, TxnDoc};
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::{Value, json};

/// Who must sign the bill of sale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Signer {
    Payee,
    Payer,
}

impl Signer {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Payee => "Payee",
            Self::Payer => "Payer",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "payee" => Some(Self::Payee),
            "payer" => Some(Self::Payer),
            _ => None,
        }
    }
}

/// `requiredSigners`: Payer, Payee or None (any case, repeated or indexed). Absent:
/// both. `None`, or one empty value (a form cannot carry an empty list): nobody, and
/// the document counts as signed.
pub(crate) fn parse_signers(form: &FormData) -> ApiResult<Vec<Signer>> {
    let values = form.values("requiredSigners");
    if values.is_empty() {
        return Ok(vec![Signer::Payee, Signer::Payer]);
    }
    if values.len() == 1 && values[0].trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut signers = Vec::new();
    let mut none = false;
    for value in values {
        match value.trim().to_ascii_lowercase().as_str() {
            "payee" => signers.push(Signer::Payee),
            "payer" => signers.push(Signer::Payer),
            "none" => none = true,
            other => {
                return Err(ApiError::bad_request("Invalid signers", format!("{other:?} is not Payer, Payee or None")));
            }
        }
    }
    if none && !signers.is_empty() {
        return Err(ApiError::bad_request("Invalid signers", "None cannot be combined with Payer or Payee"));
    }
    // One entry each, in a stable order (Payee, then Payer).
    Ok([Signer::Payee, Signer::Payer].into_iter().filter(|s| signers.contains(s)).collect())
}

pub(crate) fn parse_bool(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

pub(crate) struct BillOfSaleInput {
    enable: bool,
    upload: Option<(String, Bytes)>,
    amount: Option<Decimal>,
    terms: Option<String>,
    signers: Vec<Signer>,
}

pub(crate) fn parse_bill_of_sale(form: &FormData) -> ApiResult<BillOfSaleInput> {
    let enable = form.text("enable")?.ok_or_else(|| invalid("enable is required (true or false)"))?;
    let enable = parse_bool(&enable).ok_or_else(|| invalid(format!("enable must be true or false, not {enable:?}")))?;
    let upload = match form.file("document")? {
        Some(upload) => {
            let (_, name) = check_file("document", upload, BILL_OF_SALE_KINDS)?;
            Some((name, upload.bytes.clone()))
        }
        None => None,
    };
    Ok(BillOfSaleInput {
        enable,
        upload,
        amount: read_amount(form, "amount")?,
        terms: form.text("additionalTerms")?,
        signers: parse_signers(form)?,
    })
}

pub(crate) async fn post_bill_of_sale(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    req: Request,
) -> ApiResult<StatusCode> {
    load_checked(&state, &tenant, &id, Module::BillOfSale, true).await?;
    let form = read_form(&state, req).await?;
    let input = parse_bill_of_sale(&form)?;
    let now = state.clock.now();
    let replaced = state
        .db
        .write(move |tx| {
            let mut doc = check_access(&tenant, store::get(tx, &tenant.name, &id)?, Module::BillOfSale, true)?;
            let previous = str_field(auto_field(&doc, "billOfSale"), "fileId");
            let record = if input.enable {
                let amount = input.amount.unwrap_or(doc.amount);
                enabled_bill_of_sale(tx, &doc, amount, input.upload, input.terms, &input.signers, now)?
            } else {
                json!({
                    "enabled": false,
                    "fileId": null,
                    "fileName": null,
                    "generated": false,
                    "size": null,
                    "amount": null,
                    "currency": doc.currency,
                    "additionalTerms": null,
                    "requiredSigners": [],
                    "signed": false,
                    "created": stamp(now),
                })
            };
            set_auto(&mut doc, "billOfSale", record);
            store::update(tx, &tenant.name, &doc)?;
            Ok(previous.map(|f| (doc.transaction_id.clone(), f)))
        })
        .await?;
    if let Some((txn, file)) = replaced {
        let _ = state
            .db
            .call(move |c| {
                auto_files::discard(c, &txn, &file);
                Ok(())
            })
            .await;
    }
    Ok(StatusCode::OK)
}

/// Stores an enabled bill of sale's file (the upload, or a PDF generated from the
/// transaction) and returns its `billOfSale` record.
pub(crate) fn enabled_bill_of_sale(
    conn: &rusqlite::Connection,
    doc: &TxnDoc,
    amount: Decimal,
    upload: Option<(String, Bytes)>,
    terms: Option<String>,
    signers: &[Signer],
    now: DateTime<Utc>,
) -> ApiResult<Value> {
    let (generated, name, bytes) = match upload {
        Some((name, bytes)) => (false, name, bytes.to_vec()),
        None => (
            true,
            format!("bill-of-sale-{}.pdf", doc.transaction_id),
            render_bill_of_sale(doc, amount, terms.as_deref(), signers, now),
        ),
    };
    let file_id = auto_files::new_file_id();
    auto_files::save(conn, &doc.transaction_id, &file_id, &bytes)?;
    let names: Vec<&str> = signers.iter().map(|s| s.as_str()).collect();
    Ok(json!({
        "enabled": true,
        "fileId": file_id,
        "fileName": name,
        "generated": generated,
        "size": bytes.len(),
        "amount": money::json(amount),
        "currency": doc.currency,
        "additionalTerms": terms,
        "requiredSigners": names,
        "signed": names.is_empty(),
        "created": stamp(now),
    }))
}

/// For change amount ("Auto: a new bill of sale is generated"): when the transaction
/// has an enabled bill of sale, generates a new one for the transaction's current
/// amount, keeping the terms and signers (signatures start over). The caller stores
/// `doc` and, after its commit, passes the returned old file id to
/// [`auto_files::discard`]. Does nothing (returns `None`) without a bill of sale.
pub fn regenerate_bill_of_sale(
    conn: &rusqlite::Connection,
    doc: &mut TxnDoc,
    now: DateTime<Utc>,
) -> ApiResult<Option<String>> {
    let Some(current) = auto_field(doc, "billOfSale").cloned() else {
        return Ok(None);
    };
    if current.get("enabled").and_then(Value::as_bool) != Some(true) {
        return Ok(None);
    }
    let signers: Vec<Signer> = current
        .get("requiredSigners")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).filter_map(Signer::parse).collect())
        .unwrap_or_else(|| vec![Signer::Payee, Signer::Payer]);
    let terms = str_field(Some(&current), "additionalTerms");
    let record = enabled_bill_of_sale(conn, doc, doc.amount, None, terms, &signers, now)?;
    set_auto(doc, "billOfSale", record);
    Ok(str_field(Some(&current), "fileId"))
}

/// Sandbox only (the spec has no route for it): the current bill of sale PDF.
pub(crate) async fn bill_of_sale_file(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let found = state
        .db
        .call(move |c| {
            let Some(doc) = store::get(c, &tenant.name, &id)? else {
                return Ok(None);
            };
            let bill = auto_field(&doc, "billOfSale");
            let Some(file_id) = str_field(bill, "fileId") else {
                return Ok(None);
            };
            Ok(Some((auto_files::load(c, &doc.transaction_id, &file_id)?, str_field(bill, "fileName"))))
        })
        .await?;
    let (bytes, name) = found.ok_or(ApiError::NotFound)?;
    Ok(file_response(bytes, "application/pdf", name.as_deref()))
}

/// `289500.5` → `289.500,50` (Danish grouping and decimal comma).
pub(crate) fn danish_amount(amount: Decimal) -> String {
    let text = money::round2(amount).to_string();
    let (sign, text) = text.strip_prefix('-').map_or(("", text.as_str()), |t| ("-", t));
    let (int, frac) = text.split_once('.').unwrap_or((text, "00"));
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped},{frac}")
}

/// The generated bill of sale: vehicle, parties, price, terms and signature lines.
pub(crate) fn render_bill_of_sale(
    doc: &TxnDoc,
    amount: Decimal,
    terms: Option<&str>,
    signers: &[Signer],
    now: DateTime<Utc>,
) -> Vec<u8> {
    let auto = doc.auto_information.clone().unwrap_or(Value::Null);
    let field = |name: &str| -> Option<String> {
        match auto.get(name) {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        }
    };
    let mut pdf = pdf::Document::new(format!("Slutseddel / Bill of sale {}", doc.transaction_id));
    pdf.text("Slutseddel / Bill of sale", Font::Bold, 20.0).gap(4.0);
    pdf.text(&format!("Transaction {}", doc.transaction_id), Font::Regular, 9.0);
    if let Some(reference) = &doc.reference_id {
        pdf.text(&format!("Reference {reference}"), Font::Regular, 9.0);
    }
    pdf.text(&format!("Issued {}", now.format("%Y-%m-%d %H:%M UTC")), Font::Regular, 9.0).gap(12.0);

    pdf.text("Vehicle", Font::Bold, 13.0);
    let vehicle = [field("brand"), field("model")].into_iter().flatten().collect::<Vec<_>>().join(" ");
    let rows = [
        ("Make and model", (!vehicle.is_empty()).then_some(vehicle)),
        ("Model year", field("year")),
        ("Registration number", field("registrationNumber")),
        ("VIN", field("vin")),
        ("Mileage (km)", field("mileage")),
        ("First registration", field("firstRegistration")),
    ];
    for (label, value) in rows {
        pdf.text(&format!("{label}: {}", value.as_deref().unwrap_or("not stated")), Font::Regular, 11.0);
    }
    pdf.gap(10.0);

    for (title, party) in [("Seller (payee)", &doc.payee), ("Buyer (payer)", &doc.payer)] {
        pdf.text(title, Font::Bold, 13.0);
        match party {
            Some(p) => {
                pdf.text(p.name.as_deref().unwrap_or("Name not stated"), Font::Regular, 11.0);
                for extra in [&p.email, &p.phone_number].into_iter().flatten() {
                    pdf.text(extra, Font::Regular, 11.0);
                }
            }
            None => {
                pdf.text("Not yet known", Font::Regular, 11.0);
            }
        }
        pdf.gap(10.0);
    }

    pdf.text("Price", Font::Bold, 13.0);
    pdf.text(&format!("{} {}", danish_amount(amount), doc.currency), Font::Regular, 11.0);
    pdf.text(
        "The price is paid through escrow and released to the seller when the transaction is completed.",
        Font::Regular,
        9.0,
    )
    .gap(10.0);

    if let Some(terms) = terms {
        pdf.text("Additional terms", Font::Bold, 13.0);
        pdf.text(terms, Font::Regular, 11.0).gap(10.0);
    }

    pdf.text("Signatures", Font::Bold, 13.0);
    if signers.is_empty() {
        pdf.text("No signatures are required for this bill of sale.", Font::Regular, 11.0);
    } else {
        for signer in signers {
            let label = match signer {
                Signer::Payee => "Seller",
                Signer::Payer => "Buyer",
            };
            pdf.gap(18.0).text(
                &format!("{label}: ______________________________   Date: ____________"),
                Font::Regular,
                11.0,
            );
        }
    }
    pdf.gap(16.0).text("Generated by the escrow sandbox from the transaction's data.", Font::Regular, 8.0);
    pdf.render()
}
