//! The audit trail of one data folder: the audit key (held in memory once read), the
//! anchor's keychain account and the last anchor written, and the actor of this process.
//! Opening, appending and anchoring are in [`super::seal`], checking in [`super::check`].

use super::actor::{Actor, KindOf};
use super::anchor::{self, Anchor};
use super::digest::MacKey;
use super::key;
use crate::vault::Vault;
use desk_core::error::{AppError, ErrorCode};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

/// Shared by every handle (cheap to clone).
#[derive(Clone)]
pub struct Trail {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub keychain: Arc<dyn Vault>,
    /// An environment's kind as configured now (the app keeps environments).
    pub kind_of: KindOf,
    pub anchor_account: String,
    pub actor: Actor,
    key: Mutex<Option<MacKey>>,
    /// The anchor as last read or written; `None` until read (the keychain may have been
    /// unavailable). Its lock also keeps anchor writes in order.
    pub anchor: Mutex<Option<Option<Anchor>>>,
}

fn poisoned() -> AppError {
    AppError::new(ErrorCode::Internal, "audit state lock poisoned")
}

impl Trail {
    /// No keychain access yet (see [`Trail::open`]).
    pub(super) fn new(keychain: Arc<dyn Vault>, dir: &Path, kind_of: KindOf) -> Self {
        Self {
            inner: Arc::new(Inner {
                keychain,
                kind_of,
                anchor_account: anchor::account(dir),
                actor: Actor::of_this_process(),
                key: Mutex::new(None),
                anchor: Mutex::new(None),
            }),
        }
    }

    /// The audit key: from memory, else from the keychain (made there on first start).
    pub(super) fn key(&self) -> Result<MacKey, AppError> {
        let mut held = self.inner.key.lock().map_err(|_| poisoned())?;
        if let Some(k) = held.as_ref() {
            return Ok(k.clone());
        }
        let k = key::load_or_create(self.inner.keychain.as_ref())?;
        *held = Some(k.clone());
        Ok(k)
    }

    pub(super) fn anchor_memo(&self) -> Result<MutexGuard<'_, Option<Option<Anchor>>>, AppError> {
        self.inner.anchor.lock().map_err(|_| poisoned())
    }

    /// The OS user and host this process writes into every row.
    pub fn actor(&self) -> &Actor {
        &self.inner.actor
    }

    /// The keychain account holding this folder's anchor.
    pub fn anchor_account(&self) -> &str {
        &self.inner.anchor_account
    }
}
