//! The Auto modules (spec section 4, Transactions): debt information with its
//! 5-minute download link, and the bill of sale (uploaded, or generated as a PDF).
//!
//! Both routes are for Auto transactions of tenants with the module enabled. Rules the
//! spec leaves out, chosen here (the README lists them):
//! - unknown or foreign transaction: 404 without a body (checked first);
//! - module off: 400 `Module not enabled`; Marketplace transaction: 400
//!   `Invalid transaction type`; SUCCEEDED or CANCELLED: 400 `Transaction closed`;
//! - bad file: 400 `Invalid file` (type is decided by the bytes, and the name's extension
//!   must agree); over 10 MiB: 400 `File too large`;
//! - `Invalid amount`, `Invalid FIK code`, `Invalid bank account`, `Invalid debt
//!   information` (neither or both of fikCode and bankAccount), `Invalid signers`,
//!   `Invalid request` (malformed form or a missing `enable`).
//!
//! What is recorded in the transaction's `autoInformation`:
//! - `billOfSale`: `{enabled, fileId, fileName, generated, size, amount, currency,
//!   additionalTerms, requiredSigners, signed, created}`;
//! - `debt`: `{amount, currency, fikCode, bankAccount, bankAccountText, fileId, fileName,
//!   contentType, size, splitPayoutId, created}`.
//!
//! Registering debt also plans the debt-settlement split payout (purpose
//! `DEBT_SETTLEMENT`, paid ON_CLOSE to the creditor's account out of the payee's share,
//! never cancellable); registering debt again replaces it.

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::money;
use crate::pdf::{self, Font};
use crate::state::AppState;
use crate::v2::auto::store::{self as auto_files, Link};
use crate::v2::transactions::store::{self as store, SplitPayoutDoc, TxnDoc};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;
use serde_json::{Value, json};

/// Largest accepted file: 10 MiB (the spec's "10 MB").
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Largest request body: the file plus room for the other fields and multipart framing.
const MAX_BODY_BYTES: usize = MAX_FILE_BYTES + 256 * 1024;
/// How long a debt documentation link works.
pub const LINK_VALIDITY_SECONDS: i64 = 5 * 60;
/// Purpose of the split payout that settles the vehicle's debt.
pub const DEBT_SETTLEMENT: &str = "DEBT_SETTLEMENT";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v2/transactions/{transaction_id}/debt-information", post(post_debt))
        .route("/v2/transactions/{transaction_id}/debt-information/download", get(debt_link))
        .route("/v2/transactions/{transaction_id}/bill-of-sale", post(post_bill_of_sale))
        .route("/_sandbox/transactions/{transaction_id}/bill-of-sale", get(bill_of_sale_file))
        .route("/hosted/debt-documents/{token}", get(hosted_debt_document))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

// ---- File types ------------------------------------------------------------------

/// A file type the modules accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
    Gif,
    Bmp,
    Webp,
}

impl FileKind {
    /// What the bytes are, from their signature.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"%PDF-") {
            Some(Self::Pdf)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 14 && bytes.starts_with(b"BM") {
            Some(Self::Bmp)
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }

    /// What the name says, from its extension.
    pub fn from_name(name: &str) -> Option<Self> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(Self::Pdf),
            "jpg" | "jpeg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            "gif" => Some(Self::Gif),
            "bmp" => Some(Self::Bmp),
            "webp" => Some(Self::Webp),
            _ => None,
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Gif => "image/gif",
            Self::Bmp => "image/bmp",
            Self::Webp => "image/webp",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Self::Pdf => "PDF",
            Self::Jpeg => "JPEG",
            Self::Png => "PNG",
            Self::Gif => "GIF",
            Self::Bmp => "BMP",
            Self::Webp => "WEBP",
        }
    }
}

const DEBT_KINDS: &[FileKind] =
    &[FileKind::Pdf, FileKind::Jpeg, FileKind::Png, FileKind::Gif, FileKind::Bmp, FileKind::Webp];
const BILL_OF_SALE_KINDS: &[FileKind] = &[FileKind::Pdf];

// ---- Form parsing ------------------------------------------------------------------

/// A file part of a multipart form.
struct Upload {
    file_name: String,
    bytes: Bytes,
}

/// A request form, multipart or urlencoded. Names match case-insensitively, as the
/// service's model binding does.
#[derive(Default)]
struct FormData {
    fields: Vec<(String, String)>,
    files: Vec<(String, Upload)>,
}

fn invalid(detail: impl Into<String>) -> ApiError {
    ApiError::bad_request("Invalid request", detail)
}

fn too_large() -> ApiError {
    ApiError::bad_request("File too large", "files may be at most 10 MB (10 485 760 bytes)")
}

async fn read_form(state: &AppState, req: Request) -> ApiResult<FormData> {
    let content_type =
        req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    let mut form = FormData::default();
    if content_type.starts_with("multipart/form-data") {
        let mut multipart = Multipart::from_request(req, state).await.map_err(|e| invalid(e.body_text()))?;
        let part_error = |e: axum::extract::multipart::MultipartError| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { invalid(e.body_text()) }
        };
        while let Some(field) = multipart.next_field().await.map_err(part_error)? {
            let name = field.name().unwrap_or("").to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let bytes = field.bytes().await.map_err(part_error)?;
            match file_name {
                Some(file_name) => form.files.push((name, Upload { file_name, bytes })),
                None => {
                    let text =
                        String::from_utf8(bytes.to_vec()).map_err(|_| invalid(format!("{name} is not UTF-8 text")))?;
                    form.fields.push((name, text));
                }
            }
        }
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        let axum::Form(fields) = axum::Form::<Vec<(String, String)>>::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { invalid(e.body_text()) }
        })?;
        form.fields = fields;
    } else {
        return Err(invalid("send multipart/form-data or application/x-www-form-urlencoded"));
    }
    Ok(form)
}

impl FormData {
    /// Values of `name`, also sent as `name[0]`, `name[1]`, ... (list binding).
    fn values(&self, name: &str) -> Vec<&str> {
        self.fields.iter().filter(|(k, _)| names_match(k, name)).map(|(_, v)| v.as_str()).collect()
    }

    /// A single text value; empty means null. Sent twice with different values: 400.
    fn text(&self, name: &str) -> ApiResult<Option<String>> {
        let values = self.values(name);
        match values.as_slice() {
            [] => Ok(None),
            [first, rest @ ..] => {
                if rest.iter().any(|v| v != first) {
                    return Err(invalid(format!("{name} was sent more than once")));
                }
                let v = first.trim();
                Ok((!v.is_empty()).then(|| v.to_owned()))
            }
        }
    }

    /// The file sent as `name`, if any. An empty part without a file name (what a
    /// browser sends for "no file chosen") and an empty text value mean null.
    fn file(&self, name: &str) -> ApiResult<Option<&Upload>> {
        if self.values(name).iter().any(|v| !v.trim().is_empty()) {
            return Err(ApiError::bad_request(
                "Invalid file",
                format!("{name} must be sent as a file part of a multipart/form-data request"),
            ));
        }
        let files: Vec<&Upload> = self
            .files
            .iter()
            .filter(|(k, u)| names_match(k, name) && !(u.file_name.is_empty() && u.bytes.is_empty()))
            .map(|(_, u)| u)
            .collect();
        match files.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(one)),
            _ => Err(ApiError::bad_request("Invalid file", format!("send one {name} file, not {}", files.len()))),
        }
    }
}

/// `key` is `name` or `name[<index>]`, ignoring case.
fn names_match(key: &str, name: &str) -> bool {
    if key.eq_ignore_ascii_case(name) {
        return true;
    }
    key.len() > name.len() + 2
        && key.is_char_boundary(name.len())
        && key[..name.len()].eq_ignore_ascii_case(name)
        && key[name.len()..].starts_with('[')
        && key.ends_with(']')
        && key[name.len() + 1..key.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

/// Checks a file: non-empty, at most 10 MiB, a name whose extension is allowed, and
/// bytes that really are that type.
fn check_file(field: &str, upload: &Upload, allowed: &[FileKind]) -> ApiResult<(FileKind, String)> {
    let bad = |detail: String| ApiError::bad_request("Invalid file", detail);
    let allowed_text = allowed.iter().map(|k| k.label()).collect::<Vec<_>>().join(", ");
    if upload.bytes.is_empty() {
        return Err(bad(format!("{field} is empty")));
    }
    if upload.bytes.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    // Only the last path component of a name is kept (browsers on Windows send paths).
    let name = upload.file_name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    if name.is_empty() {
        return Err(bad(format!("{field} needs a file name")));
    }
    let named = FileKind::from_name(name)
        .filter(|k| allowed.contains(k))
        .ok_or_else(|| bad(format!("{field} must be one of {allowed_text}; the name {name:?} does not say so")))?;
    let actual = FileKind::sniff(&upload.bytes);
    if actual != Some(named) {
        return Err(bad(format!(
            "{field} is named as {} but its content is {}",
            named.label(),
            actual.map_or("not a recognised file type", FileKind::label)
        )));
    }
    let name: String = name.chars().take(255).collect();
    Ok((named, name))
}

// ---- Checks shared by every route ----------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Module {
    BillOfSale,
    Debt,
}

/// 404 for an unknown or foreign transaction, then module, type and (when changing)
/// the closed states.
fn check_access(tenant: &Tenant, doc: Option<TxnDoc>, module: Module, changing: bool) -> ApiResult<TxnDoc> {
    let doc = doc.ok_or(ApiError::NotFound)?;
    let (enabled, what) = match module {
        Module::BillOfSale => (tenant.modules.bill_of_sale, "bill-of-sale"),
        Module::Debt => (tenant.modules.debt, "debt"),
    };
    if !enabled {
        return Err(ApiError::bad_request(
            "Module not enabled",
            format!("the {what} module is not enabled for this tenant"),
        ));
    }
    if doc.kind != "Auto" {
        return Err(ApiError::bad_request(
            "Invalid transaction type",
            format!("the {what} module is for Auto transactions; this one is {}", doc.kind),
        ));
    }
    if changing && matches!(doc.status.as_str(), "SUCCEEDED" | "CANCELLED") {
        return Err(ApiError::bad_request("Transaction closed", format!("the transaction is {}", doc.status)));
    }
    Ok(doc)
}

async fn load_checked(
    state: &AppState,
    tenant: &Tenant,
    id: &str,
    module: Module,
    changing: bool,
) -> ApiResult<TxnDoc> {
    let (name, id) = (tenant.name.clone(), id.to_owned());
    let doc = state.db.call(move |c| store::get(c, &name, &id)).await?;
    check_access(tenant, doc, module, changing)
}

/// Sets one field of the transaction's `autoInformation`, creating the object if needed.
fn set_auto(doc: &mut TxnDoc, field: &str, value: Value) {
    let mut map = match doc.auto_information.take() {
        Some(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    map.insert(field.to_owned(), value);
    doc.auto_information = Some(Value::Object(map));
}

fn auto_field<'a>(doc: &'a TxnDoc, field: &str) -> Option<&'a Value> {
    doc.auto_information.as_ref().and_then(|a| a.get(field)).filter(|v| !v.is_null())
}

fn str_field(value: Option<&Value>, field: &str) -> Option<String> {
    value.and_then(|v| v.get(field)).and_then(Value::as_str).map(str::to_owned)
}

fn read_amount(form: &FormData, field: &str) -> ApiResult<Option<Decimal>> {
    let amount = match form.text(field)? {
        None => None,
        Some(text) => money::read(Some(&Value::String(text)), field)?,
    };
    if amount.is_some_and(|a| a <= Decimal::ZERO) {
        return Err(ApiError::bad_request("Invalid amount", format!("{field} must be greater than zero")));
    }
    Ok(amount)
}

// ---- Debt information ----------------------------------------------------------------

/// Normalizes a FIK code of card type +71: `+71<` + 15-digit payment id + `+` +
/// 8-digit creditor number + `<`. Spaces and the `<` marks are optional on input.
pub fn normalize_fik(raw: &str) -> Result<String, String> {
    let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let body = compact.strip_suffix('<').unwrap_or(&compact);
    let Some(rest) = body.strip_prefix('+') else {
        return Err("a FIK code starts with +71".into());
    };
    let card = rest.get(..2).unwrap_or(rest);
    let rest = rest.get(2..).unwrap_or("");
    if card != "71" {
        return Err(format!("only FIK card type +71 is accepted, not +{card}"));
    }
    let rest = rest.strip_prefix('<').unwrap_or(rest);
    let (payment_id, creditor) = rest.split_once('+').ok_or("a +71 FIK code is +71<payment id>+<creditor number>")?;
    if payment_id.len() != 15 || !payment_id.bytes().all(|b| b.is_ascii_digit()) {
        return Err("the payment id of a +71 FIK code has 15 digits".into());
    }
    if creditor.len() != 8 || !creditor.bytes().all(|b| b.is_ascii_digit()) {
        return Err("the creditor number of a FIK code has 8 digits".into());
    }
    Ok(format!("+71<{payment_id}+{creditor}<"))
}

/// A bank account as the spec wants it: 14-digit BBAN or 18-character Danish IBAN
/// with valid check digits, no dashes or spaces.
pub fn check_bank_account(raw: &str) -> Result<(), String> {
    if raw.bytes().any(|b| b == b' ' || b == b'-') {
        return Err("send the account number without dashes or spaces".into());
    }
    if raw.len() == 14 && raw.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(());
    }
    if raw.len() == 18 && raw.starts_with("DK") && raw[2..].bytes().all(|b| b.is_ascii_digit()) {
        // ISO 13616: move the first four characters to the end, letters to numbers, mod 97 = 1.
        let rearranged = format!("{}{}", &raw[4..], "1320");
        let digits = format!("{rearranged}{}", &raw[2..4]);
        let rem = digits.bytes().fold(0u32, |acc, b| (acc * 10 + u32::from(b - b'0')) % 97);
        return if rem == 1 { Ok(()) } else { Err("the IBAN's check digits are wrong".into()) };
    }
    Err("bankAccount is a 14-digit BBAN or an 18-character Danish IBAN (DK + 16 digits)".into())
}

struct DebtInput {
    amount: Decimal,
    fik: Option<String>,
    bank_account: Option<String>,
    text: Option<String>,
    kind: FileKind,
    file_name: String,
    bytes: Bytes,
}

fn parse_debt(form: &FormData, currency: &str) -> ApiResult<DebtInput> {
    let upload = form
        .file("documentation")?
        .ok_or_else(|| ApiError::bad_request("Invalid file", "documentation is required"))?;
    let (kind, file_name) = check_file("documentation", upload, DEBT_KINDS)?;
    let amount =
        read_amount(form, "amount")?.ok_or_else(|| ApiError::bad_request("Invalid amount", "amount is required"))?;
    let fik = form
        .text("fikCode")?
        .map(|f| normalize_fik(&f).map_err(|e| ApiError::bad_request("Invalid FIK code", e)))
        .transpose()?;
    if fik.is_some() && currency != "DKK" {
        return Err(ApiError::bad_request("Invalid FIK code", "FIK codes are for DKK transactions only"));
    }
    let bank_account = form.text("bankAccount")?;
    if let Some(account) = &bank_account {
        check_bank_account(account).map_err(|e| ApiError::bad_request("Invalid bank account", e))?;
    }
    match (&fik, &bank_account) {
        (None, None) => {
            return Err(ApiError::bad_request("Invalid debt information", "fikCode or bankAccount is required"));
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request("Invalid debt information", "give fikCode or bankAccount, not both"));
        }
        _ => {}
    }
    Ok(DebtInput {
        amount,
        fik,
        bank_account,
        text: form.text("bankAccountText")?,
        kind,
        file_name,
        bytes: upload.bytes.clone(),
    })
}

/// What the payee would receive at release without the debt settlement being replaced.
fn payee_share_without(doc: &TxnDoc, skip_split: Option<&str>) -> Decimal {
    let splits: Decimal = doc
        .split_payouts
        .iter()
        .filter(|s| s.status != "CANCELLED" && !s.from_excess && Some(s.split_payout_id.as_str()) != skip_split)
        .map(|s| s.amount)
        .sum();
    doc.amount - doc.fees.payee - splits - doc.reimbursed
}

async fn post_debt(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    req: Request,
) -> ApiResult<StatusCode> {
    let snapshot = load_checked(&state, &tenant, &id, Module::Debt, true).await?;
    let form = read_form(&state, req).await?;
    let input = parse_debt(&form, &snapshot.currency)?;
    let now = state.clock.now();
    let replaced = state
        .db
        .write(move |tx| {
            let mut doc = check_access(&tenant, store::get(tx, &tenant.name, &id)?, Module::Debt, true)?;
            let previous = auto_field(&doc, "debt").cloned();
            let old_split = str_field(previous.as_ref(), "splitPayoutId");
            let available = payee_share_without(&doc, old_split.as_deref());
            if input.amount > available {
                return Err(ApiError::bad_request(
                    "Invalid amount",
                    format!("the debt {} exceeds what the payee receives ({available} {})", input.amount, doc.currency),
                ));
            }
            let destination = match (&input.fik, &input.bank_account) {
                (Some(fik), _) => format!("FIK {fik}"),
                (None, Some(account)) => account.clone(),
                (None, None) => String::new(),
            };
            let split_id = uuid::Uuid::new_v4().to_string();
            doc.split_payouts
                .retain(|s| Some(s.split_payout_id.as_str()) != old_split.as_deref() || s.status != "PENDING");
            doc.split_payouts.push(SplitPayoutDoc {
                split_payout_id: split_id.clone(),
                amount: input.amount,
                recipient: "PAYEE".into(),
                service_account_id: doc.payee.as_ref().and_then(|p| p.service_account_id.clone()),
                timing: "ON_CLOSE".into(),
                description: Some(input.text.clone().unwrap_or_else(|| "Debt settlement".into())),
                destination: Some(destination),
                status: "PENDING".into(),
                created: stamp(now),
                from_excess: false,
                purpose: Some(DEBT_SETTLEMENT.into()),
            });
            let file_id = auto_files::new_file_id();
            auto_files::save(tx, &doc.transaction_id, &file_id, &input.bytes)?;
            let record = json!({
                "amount": money::json(input.amount),
                "currency": doc.currency,
                "fikCode": input.fik,
                "bankAccount": input.bank_account,
                "bankAccountText": input.text,
                "fileId": file_id,
                "fileName": input.file_name,
                "contentType": input.kind.mime(),
                "size": input.bytes.len(),
                "splitPayoutId": split_id,
                "created": stamp(now),
            });
            set_auto(&mut doc, "debt", record);
            store::update(tx, &tenant.name, &doc)?;
            Ok(str_field(previous.as_ref(), "fileId").map(|f| (doc.transaction_id.clone(), f)))
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

async fn debt_link(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<Value>> {
    let doc = load_checked(&state, &tenant, &id, Module::Debt, false).await?;
    let file_id = str_field(auto_field(&doc, "debt"), "fileId").ok_or_else(|| ApiError::NotFoundTitled {
        title: "Debt information not found",
        detail: "no debt information has been added to this transaction".into(),
    })?;
    let token = auto_files::new_token();
    let link = Link {
        tenant: tenant.name.clone(),
        transaction_id: doc.transaction_id.clone(),
        file_id,
        expires: state.clock.now() + Duration::seconds(LINK_VALIDITY_SECONDS),
    };
    let stored = token.clone();
    state.db.write(move |tx| auto_files::insert_link(tx, &stored, &link)).await?;
    Ok(axum::Json(json!({ "url": format!("{}/hosted/debt-documents/{token}", state.public_url) })))
}

/// The hosted link: no API key, the token is the credential; 404 once expired, or when
/// the debt information was replaced since.
async fn hosted_debt_document(State(state): State<AppState>, Path(token): Path<String>) -> ApiResult<Response> {
    let now = state.clock.now();
    let found = state
        .db
        .call(move |c| {
            let Some(link) = auto_files::link(c, &token)? else {
                return Ok(None);
            };
            if now >= link.expires {
                return Ok(None);
            }
            let Some(doc) = store::get(c, &link.tenant, &link.transaction_id)? else {
                return Ok(None);
            };
            let debt = auto_field(&doc, "debt");
            if str_field(debt, "fileId").as_deref() != Some(link.file_id.as_str()) {
                return Ok(None);
            }
            let bytes = auto_files::load(c, &link.transaction_id, &link.file_id)?;
            Ok(Some((bytes, str_field(debt, "contentType"), str_field(debt, "fileName"))))
        })
        .await?;
    let (bytes, content_type, name) = found.ok_or(ApiError::NotFound)?;
    Ok(file_response(bytes, content_type.as_deref().unwrap_or("application/octet-stream"), name.as_deref()))
}

fn file_response(bytes: Vec<u8>, content_type: &str, name: Option<&str>) -> Response {
    let safe: String = name
        .unwrap_or("document")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{safe}\""))
        .unwrap_or(HeaderValue::from_static("attachment"));
    let content_type =
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ],
        bytes,
    )
        .into_response()
}

// ---- Bill of sale ----------------------------------------------------------------------

/// Who must sign the bill of sale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Signer {
    Payee,
    Payer,
}

impl Signer {
    fn as_str(self) -> &'static str {
        match self {
            Self::Payee => "Payee",
            Self::Payer => "Payer",
        }
    }

    fn parse(text: &str) -> Option<Self> {
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
fn parse_signers(form: &FormData) -> ApiResult<Vec<Signer>> {
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

fn parse_bool(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

struct BillOfSaleInput {
    enable: bool,
    upload: Option<(String, Bytes)>,
    amount: Option<Decimal>,
    terms: Option<String>,
    signers: Vec<Signer>,
}

fn parse_bill_of_sale(form: &FormData) -> ApiResult<BillOfSaleInput> {
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

async fn post_bill_of_sale(
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
fn enabled_bill_of_sale(
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
async fn bill_of_sale_file(
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
fn danish_amount(amount: Decimal) -> String {
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
fn render_bill_of_sale(
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
