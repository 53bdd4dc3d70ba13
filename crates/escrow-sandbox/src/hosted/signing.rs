//! Hosted document signing (the `/v2` documents' signing links) and the one-time file
//! download links.

use crate::clock::stamp;
use crate::error::ApiError;
use crate::form::Form;
use crate::hosted::page::TAG;
use crate::hosted::page::{escape, finish, gone, page, unknown};
use crate::hosted::session::{failed, open};
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::store::files;
use crate::v2::documents::routes::SigningFlow;
use crate::v2::documents::store::{self as docs, AREA, FileMeta, ORIGINAL, SIGNED};
use crate::v2::users::store::{self as users};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::DateTime;

pub fn routes() -> Routes {
    Routes::new(TAG)
        .get("/hosted/sign/{token}", Op::page("Signing: read and sign"), sign_page)
        .post("/hosted/sign/{token}", Op::form("Signing: send the signature"), sign_submit)
        .get("/hosted/sign/{token}/document", Op::page("Signing: the document's bytes").file(), sign_preview)
        .get("/hosted/files/{token}", Op::page("The file behind a download link").file(), file)
}

// ---- Signing -----------------------------------------------------------------------

async fn sign_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let session = match open(&state, "sign", token.clone()).await {
        Ok(s) => s,
        Err(page) => return page,
    };
    if session.completed.is_some() {
        return gone();
    }
    let Ok(flow) = serde_json::from_value::<SigningFlow>(session.doc) else {
        return failed(&ApiError::Internal("signing unreadable".into()));
    };
    let (tenant, id) = (session.tenant, session.subject);
    let doc = match state.db.call(move |c| docs::get(c, &tenant, &id)).await {
        Ok(Some(d)) => d,
        Ok(None) => return unknown(),
        Err(e) => return failed(&e),
    };
    let signer = doc.signers.iter().find(|s| s.service_account_id == flow.service_account_id);
    let html = format!(
        "<p>{} is asked to sign <strong>{}</strong>.</p>\
         <p><a href=\"/hosted/sign/{t}/document\">Read the document</a> <span class=\"muted\">({}, {} bytes)</span></p>\
         <form method=\"post\" action=\"/hosted/sign/{t}\">\
         <button type=\"submit\" name=\"action\" value=\"sign\">Sign</button>\
         <button type=\"submit\" name=\"action\" value=\"cancel\">Cancel</button></form>",
        escape(signer.and_then(|s| s.name.as_deref()).unwrap_or("You")),
        escape(&doc.title),
        escape(&doc.original.file_name),
        doc.original.size,
        t = escape(&token),
    );
    page(StatusCode::OK, "Sign document", &html)
}

/// The original, for the signer to read before signing.
async fn sign_preview(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let result = state
        .db
        .call(move |c| {
            let Some(s) = users::session(c, "sign", &token)?.filter(|s| s.completed.is_none()) else {
                return Ok(None);
            };
            let Some(doc) = docs::get(c, &s.tenant, &s.subject)? else {
                return Ok(None);
            };
            let bytes = files::read(&files::path(c, AREA, &doc.document_id, ORIGINAL)?)?;
            Ok(Some((doc.original, bytes)))
        })
        .await;
    match result {
        Ok(Some((meta, bytes))) => file_response(&meta, bytes),
        Ok(None) => unknown(),
        Err(e) => failed(&e),
    }
}

/// The signed version the sandbox keeps: the original bytes with a signature trailer
/// appended (after a PDF's `%%EOF`, which readers ignore; likewise after PNG/JPEG ends).
fn signed_bytes(original: &[u8], signers: &[(String, String)]) -> Vec<u8> {
    let mut out = original.to_vec();
    out.extend_from_slice(b"\n%% escrow-sandbox signatures\n");
    for (name, at) in signers {
        out.extend_from_slice(format!("%% signed by {name} at {at}\n").as_bytes());
    }
    out
}

async fn sign_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let form = Form::parse(&body);
    let now = stamp(state.clock.now());
    let result = state
        .db
        .write(move |tx| {
            let Some(mut session) = users::session(tx, "sign", &token)? else {
                return Ok(None);
            };
            if session.completed.is_some() {
                return Ok(Some(Err(())));
            }
            let flow: SigningFlow = serde_json::from_value(session.doc.clone())?;
            let Some(mut doc) = docs::get(tx, &session.tenant, &session.subject)? else {
                return Ok(None);
            };
            session.completed = Some(now.clone());
            if form.cancelled() {
                session.doc["cancelled"] = true.into();
            } else {
                let Some(signer) = doc.signers.iter_mut().find(|s| s.service_account_id == flow.service_account_id)
                else {
                    return Ok(None);
                };
                if signer.signed.is_none() {
                    signer.signed = Some(now.clone());
                }
                if doc.signed.is_none() && doc.is_complete() {
                    let original = files::read(&files::path(tx, AREA, &doc.document_id, ORIGINAL)?)?;
                    let names: Vec<(String, String)> = doc
                        .signers
                        .iter()
                        .filter_map(|s| {
                            Some((s.name.clone().unwrap_or_else(|| s.service_account_id.clone()), s.signed.clone()?))
                        })
                        .collect();
                    let signed = signed_bytes(&original, &names);
                    files::write(&files::path(tx, AREA, &doc.document_id, SIGNED)?, &signed)?;
                    doc.signed_file = Some(FileMeta {
                        file_name: doc.original.file_name.clone(),
                        content_type: doc.original.content_type.clone(),
                        size: signed.len() as u64,
                    });
                    doc.signed = Some(now.clone());
                }
                docs::update(tx, &session.tenant, &doc)?;
            }
            users::update_session(tx, &session)?;
            Ok(Some(Ok(flow.return_url)))
        })
        .await;
    match result {
        Ok(Some(Ok(url))) => finish(url.as_deref()),
        Ok(Some(Err(()))) => gone(),
        Ok(None) => unknown(),
        Err(e) => failed(&e),
    }
}

// ---- Files -------------------------------------------------------------------------

/// `filename*=UTF-8''...` so any name survives, plus an ASCII fallback.
fn content_disposition(name: &str) -> String {
    let ascii: String =
        name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

fn file_response(meta: &FileMeta, bytes: Vec<u8>) -> Response {
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&meta.content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    if let Ok(v) = HeaderValue::from_str(&content_disposition(&meta.file_name)) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    res
}

/// `GET /hosted/files/{token}`: the bytes behind a download link, while it is valid.
async fn file(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let now = state.clock.now();
    let result = state
        .db
        .call(move |c| {
            let Some(s) = users::session(c, "download", &token)? else {
                return Ok(None);
            };
            let expired = s
                .doc
                .get("expires")
                .and_then(|e| e.as_str())
                .and_then(|e| DateTime::parse_from_rfc3339(e).ok())
                .is_none_or(|e| e < now);
            if expired {
                return Ok(Some(Err(())));
            }
            let Some(doc) = docs::get(c, &s.tenant, &s.subject)? else {
                return Ok(None);
            };
            let (name, meta) = match (s.doc.get("file").and_then(|f| f.as_str()), &doc.signed_file) {
                (Some(SIGNED), Some(meta)) => (SIGNED, meta.clone()),
                _ => (ORIGINAL, doc.original.clone()),
            };
            let bytes = files::read(&files::path(c, AREA, &doc.document_id, name)?)?;
            Ok(Some(Ok((meta, bytes))))
        })
        .await;
    match result {
        Ok(Some(Ok((meta, bytes)))) => file_response(&meta, bytes),
        Ok(Some(Err(()))) => {
            page(StatusCode::GONE, "Link expired", "<p>This download link has expired. Ask for a new one.</p>")
        }
        Ok(None) => unknown(),
        Err(e) => failed(&e),
    }
}
