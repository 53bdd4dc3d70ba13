//! The arithmetic of the chain. A row's message frames each field by its length (u64
//! little-endian, then the UTF-8 bytes; an absent value is framed as ""), so no two
//! different rows share a message.
//!
//! - `v1` (before the upgrade): `hash = SHA-256(prev, at, environment_id, action_id, kind,
//!   target, amount, idempotency_key, correlation_id, phase, outcome, detail)`, hex.
//! - `v2`: the message is `"escrow-desk audit v2", prev, seq, at, environment_id,
//!   environment_kind, app_version, actor_user, actor_host, staff_name, action_id, kind,
//!   target, amount, idempotency_key, correlation_id, phase, outcome, detail, key_id`;
//!   `hash = SHA-256(message)` and `mac = HMAC-SHA256(key, message)`, hex.
//!
//! `prev` is the previous row's link: its MAC, or its hash when it has none (every `v1`
//! row), and 64 zeros before the first row. So the first `v2` row chains from the last
//! legacy hash, and its MAC seals the whole legacy chain before it.

use super::entry::AuditEntry;
use desk_core::error::AppError;
use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

/// The link before the first row.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

const V2_TAG: &str = "escrow-desk audit v2";
const KEY_ID_LABEL: &[u8] = b"escrow-desk audit key id";

fn frame(out: &mut Vec<u8>, part: &str) {
    out.extend_from_slice(&(part.len() as u64).to_le_bytes());
    out.extend_from_slice(part.as_bytes());
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn sha256_hex(message: &[u8]) -> String {
    hex(&Sha256::digest(message))
}

/// The legacy hash of a `v1` row (exactly what releases before the keyed trail wrote).
pub fn v1_hash(r: &AuditEntry) -> String {
    let mut m = Vec::new();
    for part in [
        r.prev_hash.as_str(),
        &r.at,
        &r.environment_id,
        &r.action_id,
        &r.kind,
        &r.target,
        r.amount.as_deref().unwrap_or(""),
        r.idempotency_key.as_deref().unwrap_or(""),
        r.correlation_id.as_deref().unwrap_or(""),
        &r.phase,
        &r.outcome,
        r.detail.as_deref().unwrap_or(""),
    ] {
        frame(&mut m, part);
    }
    sha256_hex(&m)
}

/// The message a `v2` row's hash and MAC are computed over.
pub fn v2_message(r: &AuditEntry) -> Vec<u8> {
    let seq = r.seq.to_string();
    let opt = |v: &Option<String>| v.as_deref().unwrap_or("").to_owned();
    let mut m = Vec::new();
    for part in [
        V2_TAG,
        &r.prev_hash,
        &seq,
        &r.at,
        &r.environment_id,
        &opt(&r.environment_kind),
        &opt(&r.app_version),
        &opt(&r.actor_user),
        &opt(&r.actor_host),
        &opt(&r.staff_name),
        &r.action_id,
        &r.kind,
        &r.target,
        &opt(&r.amount),
        &opt(&r.idempotency_key),
        &opt(&r.correlation_id),
        &r.phase,
        &r.outcome,
        &opt(&r.detail),
        &opt(&r.key_id),
    ] {
        frame(&mut m, part);
    }
    m
}

/// The 32-byte audit key (it lives in the OS keychain; see [`super::key`]). Never printed:
/// its `Debug` shows only its id.
#[derive(Clone)]
pub struct MacKey {
    bytes: [u8; 32],
    keyed: Hmac<Sha256>,
}

impl std::fmt::Debug for MacKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MacKey({})", self.id())
    }
}

impl MacKey {
    fn from_bytes(bytes: [u8; 32]) -> Option<Self> {
        Some(Self { bytes, keyed: Hmac::<Sha256>::new_from_slice(&bytes).ok()? })
    }

    /// A new random key from the OS.
    pub fn generate() -> Result<Self, AppError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| AppError::storage(format!("no randomness for the audit key: {e}")))?;
        Self::from_bytes(bytes).ok_or_else(|| AppError::storage("the audit key could not be made"))
    }

    /// Reads the keychain form (64 hex digits).
    pub fn from_hex(text: &str) -> Option<Self> {
        let text = text.trim();
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Self::from_bytes(bytes)
    }

    /// The keychain form; only ever handed to the keychain.
    pub fn to_hex(&self) -> String {
        hex(&self.bytes)
    }

    /// Names the key in rows and reports (16 hex digits of an HMAC of a fixed label:
    /// tells keys apart, reveals nothing of the key).
    pub fn id(&self) -> String {
        let mut id = self.sign(KEY_ID_LABEL);
        id.truncate(16);
        id
    }

    /// HMAC-SHA256 of `message`, hex.
    pub fn sign(&self, message: &[u8]) -> String {
        let mut mac = self.keyed.clone();
        mac.update(message);
        hex(&mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_never_printed_and_reads_back_from_its_keychain_form() {
        let key = MacKey::generate().unwrap();
        let again = MacKey::from_hex(&key.to_hex()).unwrap();
        assert_eq!((again.id(), again.sign(b"m")), (key.id(), key.sign(b"m")));
        assert_eq!(key.id().len(), 16);
        assert!(!format!("{key:?}").contains(&key.to_hex()[..16]));
        assert_ne!(MacKey::generate().unwrap().sign(b"m"), key.sign(b"m"), "random keys differ");
        for bad in ["", "zz", &"0".repeat(63), &"g".repeat(64), &"é".repeat(32)] {
            assert!(MacKey::from_hex(bad).is_none(), "{bad:?}");
        }
    }
}
