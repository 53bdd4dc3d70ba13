//! `/v2/documents`: upload (multipart or urlencoded form), list, get, sign (a unique
//! hosted signing address), download (a link to the signed version if signed, else
//! the original) and delete (spec section 4, "Documents").

use crate::answers::Link;
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::form::form_pairs;
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::store::files;
use crate::v2::common::is_web_url;
use crate::v2::common::parse_json;
use crate::v2::documents::store::{self as store, AREA, DocumentDoc, FileMeta, ORIGINAL, SignerDoc};
use crate::v2::transactions::store as transactions;
use crate::v2::users::store as users;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::routing::post;
use chrono::Duration;
use serde::Deserialize;
use serde_json::{Value, json};

/// Largest document accepted (the spec's limit for the other uploads: 10 MB).
pub const MAX_DOCUMENT_BYTES: usize = 10 * 1024 * 1024;

/// How long a download link works (not shown in the spec; debt links get 5 minutes).
pub const DOWNLOAD_MINUTES: i64 = 15;

pub fn routes() -> Routes {
    let limit = DefaultBodyLimit::max(MAX_DOCUMENT_BYTES + 1024 * 1024);
    let create_op =
        Op::new("Upload a document to sign").upload::<Upload>().returns::<crate::openapi::kept::DocumentCreated>();
    Routes::new("Documents")
        .with(Method::POST, "/v2/documents", create_op, post(create).layer(limit))
        .get("/v2/documents", Op::new("List documents").returns::<crate::openapi::kept::DocumentList>(), list)
        .get("/v2/documents/{id}", Op::new("Get a document").returns::<crate::openapi::kept::Document>(), get_one)
        .post(
            "/v2/documents/{id}/sign",
            Op::new("A signing link (hosted page)").takes::<SignBody>().returns::<Link>().titled_404(),
            sign,
        )
        .get("/v2/documents/{id}/download", Op::new("A download link for the document").returns::<Link>(), download)
        .post("/v2/documents/{id}/delete", Op::new("Delete a document").empty(), delete)
}

/// The fields of a create request, from either form encoding.
#[derive(Default, schemars::JsonSchema)]
#[schemars(rename = "NewDocument", rename_all = "camelCase")]
struct Upload {
    #[schemars(required, length(min = 1))]
    title: Option<String>,
    /// The file: its bytes, name and content type.
    #[schemars(rename = "document", required, schema_with = "file_field")]
    file: Option<(Vec<u8>, Option<String>, Option<String>)>,
    /// An integer from 1 to 100.
    #[schemars(pattern(r"^\s*([1-9]|[1-9][0-9]|100)\s*$"))]
    signers_required: Option<String>,
    transaction_id: Option<String>,
}

/// The schema of an uploaded file's field.
fn file_field(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "string", "contentMediaType": "application/octet-stream" })
}

fn invalid(detail: impl Into<String>) -> ApiError {
    ApiError::bad_request("Invalid request", detail)
}

fn text(v: Vec<u8>, field: &str) -> ApiResult<String> {
    String::from_utf8(v).map_err(|_| invalid(format!("{field} is not UTF-8 text")))
}

async fn read_upload(state: &AppState, req: Request) -> ApiResult<Upload> {
    let content_type =
        req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    let mut up = Upload::default();
    if content_type.starts_with("multipart/form-data") {
        let mut form = Multipart::from_request(req, state).await.map_err(|e| invalid(e.body_text()))?;
        while let Some(field) = form.next_field().await.map_err(|e| invalid(e.body_text()))? {
            let name = field.name().unwrap_or_default().to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let field_type = field.content_type().map(str::to_owned);
            let data = field.bytes().await.map_err(|e| invalid(e.body_text()))?.to_vec();
            match name.as_str() {
                "title" => up.title = Some(text(data, "title")?),
                "document" => up.file = Some((data, file_name, field_type)),
                "signersRequired" => up.signers_required = Some(text(data, "signersRequired")?),
                "transactionId" => up.transaction_id = Some(text(data, "transactionId")?),
                _ => {}
            }
        }
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        let body = Bytes::from_request(req, state).await.map_err(|e| invalid(e.body_text()))?;
        for (name, data) in form_pairs(&body) {
            match name.as_str() {
                "title" => up.title = Some(text(data, "title")?),
                "document" => up.file = Some((data, None, None)),
                "signersRequired" => up.signers_required = Some(text(data, "signersRequired")?),
                "transactionId" => up.transaction_id = Some(text(data, "transactionId")?),
                _ => {}
            }
        }
    } else {
        return Err(invalid("the body must be multipart/form-data or application/x-www-form-urlencoded"));
    }
    Ok(up)
}

/// A content type from the leading bytes, for files sent without one.
fn sniff(data: &[u8]) -> &'static str {
    if data.starts_with(b"%PDF") {
        "application/pdf"
    } else if data.starts_with(b"\x89PNG") {
        "image/png"
    } else if data.starts_with(b"\xFF\xD8\xFF") {
        "image/jpeg"
    } else {
        "application/octet-stream"
    }
}

async fn create(State(state): State<AppState>, tenant: Tenant, req: Request) -> ApiResult<Json<Value>> {
    let up = read_upload(&state, req).await?;
    let title = up
        .title
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::bad_request("Invalid title", "title is required"))?;
    let (data, file_name, content_type) =
        up.file.ok_or_else(|| ApiError::bad_request("Invalid document", "document (a file) is required"))?;
    if data.is_empty() {
        return Err(ApiError::bad_request("Invalid document", "document is empty"));
    }
    if data.len() > MAX_DOCUMENT_BYTES {
        return Err(ApiError::bad_request("Invalid document", "document is larger than 10 MB"));
    }
    let signers_required = match up.signers_required.as_deref().map(str::trim) {
        None | Some("") | Some("null") => None,
        Some(v) => {
            let digits = v.strip_prefix('-').unwrap_or(v);
            let strict = !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && (digits == "0" || !digits.starts_with('0'));
            let n = strict
                .then(|| v.parse::<i32>().ok())
                .flatten()
                .ok_or_else(|| invalid("signersRequired must be an integer"))?;
            // A local limit of the sandbox (the spec: int32 or null); see the README.
            if !(1..=100).contains(&n) {
                return Err(invalid("signersRequired must be 1 to 100"));
            }
            Some(n)
        }
    };
    let transaction_id = up.transaction_id.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty() && t != "null");
    let id = uuid::Uuid::new_v4().to_string();
    let now = stamp(state.clock.now());
    let content_type = content_type
        .filter(|c| !c.trim().is_empty() && c != "application/octet-stream")
        .unwrap_or_else(|| sniff(&data).to_owned());
    let file_name = file_name
        .map(|n| n.replace(['/', '\\', '\r', '\n', '"'], "_"))
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| format!("{title}.{}", if content_type == "application/pdf" { "pdf" } else { "bin" }));
    let doc = DocumentDoc {
        document_id: id.clone(),
        title,
        signers_required,
        transaction_id: transaction_id.clone(),
        created: now,
        original: FileMeta { file_name, content_type, size: data.len() as u64 },
        signed_file: None,
        signed: None,
        signers: Vec::new(),
    };
    state
        .db
        .write(move |tx| {
            if let Some(tid) = &transaction_id {
                let mut t = transactions::get(tx, &tenant.name, tid)?.ok_or(ApiError::NotFound)?;
                t.document_id = Some(doc.document_id.clone());
                transactions::update(tx, &tenant.name, &t)?;
            }
            store::insert(tx, &tenant.name, &doc)?;
            let path = files::path(tx, AREA, &doc.document_id, ORIGINAL)?;
            files::write(&path, &data)
        })
        .await?;
    Ok(Json(json!({ "documentId": id })))
}

async fn list(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Json<Value>> {
    let docs = state.db.call(move |c| store::list(c, &tenant.name)).await?;
    Ok(Json(json!({ "documents": docs.iter().map(store::record).collect::<Vec<_>>() })))
}

async fn get_one(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let doc = state.db.call(move |c| store::get(c, &tenant.name, &id)).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(store::record(&doc)))
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SignBody {
    service_account_id: Option<String>,
    title: Option<String>,
    reference_id: Option<String>,
    return_url: Option<String>,
    #[allow(dead_code)]
    allow_private: Option<bool>,
    #[allow(dead_code)]
    allow_business: Option<bool>,
}

/// What a signing session remembers.
#[derive(Debug, Clone, serde::Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SigningFlow {
    pub service_account_id: String,
    pub return_url: Option<String>,
}

async fn sign(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let req: SignBody = parse_json(&body)?;
    let account = req
        .service_account_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| invalid("serviceAccountId is required"))?;
    let return_url = req.return_url.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    if let Some(url) = &return_url
        && !is_web_url(url)
    {
        return Err(invalid("returnUrl must be an absolute http or https URL"));
    }
    let clean = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let (title, reference) = (clean(&req.title), clean(&req.reference_id));
    let now = stamp(state.clock.now());
    let token = state
        .db
        .write(move |tx| {
            let mut doc = store::get(tx, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            let (user, _) =
                users::get_connected(tx, &tenant.name, &account)?.ok_or_else(|| ApiError::NotFoundTitled {
                    title: "Invalid account",
                    detail: format!("account {account} does not exist or is not connected"),
                })?;
            match doc.signers.iter_mut().find(|s| s.service_account_id == account) {
                Some(signer) => {
                    if title.is_some() {
                        signer.title = title;
                    }
                    if reference.is_some() {
                        signer.reference_id = reference;
                    }
                }
                None => doc.signers.push(SignerDoc {
                    service_account_id: account.clone(),
                    reference_id: reference.or_else(|| user.reference_id().map(str::to_owned)),
                    name: Some(user.name.clone()),
                    title,
                    signed: None,
                }),
            }
            store::update(tx, &tenant.name, &doc)?;
            let token = users::new_token();
            users::insert_session(
                tx,
                &users::Session {
                    token: token.clone(),
                    tenant: tenant.name.clone(),
                    kind: "sign".into(),
                    subject: doc.document_id.clone(),
                    created: now,
                    completed: None,
                    doc: serde_json::to_value(SigningFlow { service_account_id: account, return_url })?,
                },
            )?;
            Ok(token)
        })
        .await?;
    Ok(Json(json!(Link { url: format!("{}/hosted/sign/{token}", state.public_url) })))
}

async fn download(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let now = state.clock.now();
    let token = state
        .db
        .write(move |tx| {
            let doc = store::get(tx, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            let which = if doc.signed.is_some() && doc.signed_file.is_some() { store::SIGNED } else { ORIGINAL };
            let token = users::new_token();
            users::insert_session(
                tx,
                &users::Session {
                    token: token.clone(),
                    tenant: tenant.name.clone(),
                    kind: "download".into(),
                    subject: doc.document_id,
                    created: stamp(now),
                    completed: None,
                    doc: json!({ "file": which, "expires": stamp(now + Duration::minutes(DOWNLOAD_MINUTES)) }),
                },
            )?;
            Ok(token)
        })
        .await?;
    Ok(Json(json!(Link { url: format!("{}/hosted/files/{token}", state.public_url) })))
}

async fn delete(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<StatusCode> {
    state
        .db
        .write(move |tx| {
            let doc = store::get(tx, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            if let Some(tid) = &doc.transaction_id
                && let Some(mut t) = transactions::get(tx, &tenant.name, tid)?
                && t.document_id.as_deref() == Some(doc.document_id.as_str())
            {
                t.document_id = None;
                transactions::update(tx, &tenant.name, &t)?;
            }
            store::delete(tx, &tenant.name, &doc.document_id)?;
            users::delete_sessions(tx, &tenant.name, "sign", &doc.document_id)?;
            users::delete_sessions(tx, &tenant.name, "download", &doc.document_id)?;
            // Last, inside the transaction: if removing the files fails the rows stay
            // (rollback) and a retry of the delete finishes the job.
            files::remove_owner(tx, AREA, &doc.document_id)
        })
        .await?;
    Ok(StatusCode::OK)
}
