//! Documents: uploaded files that users sign and transactions carry.
//!
//! The row holds the JSON document below; the bytes live under the data dir
//! ([`super::files`]): `documents/<documentId>/original` and `.../signed`.

use crate::error::ApiResult;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// Files of documents live in this area of the file store.
pub const AREA: &str = "documents";
pub const ORIGINAL: &str = "original";
pub const SIGNED: &str = "signed";

/// A stored file's metadata (the bytes are on disk).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileMeta {
    /// The name the uploader gave (shown and offered on download, never a path).
    pub file_name: String,
    pub content_type: String,
    pub size: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "Signer")]
pub struct SignerDoc {
    pub service_account_id: String,
    pub reference_id: Option<String>,
    pub name: Option<String>,
    pub title: Option<String>,
    /// When this signer signed.
    pub signed: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentDoc {
    pub document_id: String,
    pub title: String,
    /// Signatures needed before the document counts as signed; None: every invited
    /// signer (at least one).
    pub signers_required: Option<i32>,
    pub transaction_id: Option<String>,
    pub created: String,
    pub original: FileMeta,
    pub signed_file: Option<FileMeta>,
    /// When the document became signed.
    pub signed: Option<String>,
    pub signers: Vec<SignerDoc>,
}

impl DocumentDoc {
    /// Whether enough signers have signed.
    pub fn is_complete(&self) -> bool {
        let done = self.signers.iter().filter(|s| s.signed.is_some()).count();
        match self.signers_required {
            Some(n) => done >= usize::try_from(n.max(1)).unwrap_or(1),
            None => done >= 1 && done == self.signers.len(),
        }
    }
}

pub fn insert(conn: &Connection, tenant: &str, d: &DocumentDoc) -> ApiResult<()> {
    conn.execute(
        "INSERT INTO documents (document_id, tenant, created, doc) VALUES (?1, ?2, ?3, ?4)",
        params![d.document_id, tenant, d.created, serde_json::to_string(d)?],
    )?;
    Ok(())
}

pub fn update(conn: &Connection, tenant: &str, d: &DocumentDoc) -> ApiResult<()> {
    conn.execute(
        "UPDATE documents SET doc = ?3 WHERE tenant = ?1 AND document_id = ?2",
        params![tenant, d.document_id, serde_json::to_string(d)?],
    )?;
    Ok(())
}

/// The tenant's document; another tenant's is `None` (404, as a missing one).
pub fn get(conn: &Connection, tenant: &str, id: &str) -> ApiResult<Option<DocumentDoc>> {
    let doc: Option<String> = conn
        .query_row("SELECT doc FROM documents WHERE tenant = ?1 AND document_id = ?2", params![tenant, id], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(doc.map(|d| serde_json::from_str(&d)).transpose()?)
}

/// Whether the tenant has this document (for `documentId` on transaction creation).
pub fn exists(conn: &Connection, tenant: &str, id: &str) -> ApiResult<bool> {
    Ok(get(conn, tenant, id)?.is_some())
}

/// The tenant's documents, newest first.
pub fn list(conn: &Connection, tenant: &str) -> ApiResult<Vec<DocumentDoc>> {
    let mut stmt = conn.prepare_cached("SELECT doc FROM documents WHERE tenant = ?1 ORDER BY seq DESC")?;
    let docs = stmt.query_map([tenant], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
    Ok(docs.iter().map(|d| serde_json::from_str(d)).collect::<Result<Vec<_>, _>>()?)
}

pub fn delete(conn: &Connection, tenant: &str, id: &str) -> ApiResult<bool> {
    Ok(conn.execute("DELETE FROM documents WHERE tenant = ?1 AND document_id = ?2", params![tenant, id])? > 0)
}
