//! Idempotency keys and correlation ids, validated against the spec's limits.

use crate::error::{Error, Result};

/// An Idempotency-Key (at most 200 characters). Make one per logical operation,
/// persist it before the first request, and reuse it for every retry.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// The spec's limit: at most 200 characters.
    pub const MAX_LEN: usize = 200;

    /// A fresh random key (a UUID).
    pub fn generate() -> Self {
        Self(uuid::Uuid::new_v4().to_string())
    }

    /// A key chosen by the caller; refused when empty, too long or not visible ASCII.
    pub fn new(key: impl Into<String>) -> Result<Self> {
        let key = key.into();
        if key.is_empty() || key.chars().count() > Self::MAX_LEN {
            return Err(Error::validation("Idempotency-Key", "must be 1 to 200 characters"));
        }
        if !key.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Error::validation("Idempotency-Key", "must be visible ASCII characters"));
        }
        Ok(Self(key))
    }

    /// The key as sent in the header.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An X-Correlation-Id (20 to 64 characters), sent on every request of one operation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CorrelationId(String);

impl CorrelationId {
    /// A fresh id (a UUID, 36 characters).
    pub fn generate() -> Self {
        Self(uuid::Uuid::new_v4().to_string())
    }

    /// An id chosen by the caller; refused unless 20 to 64 visible ASCII characters.
    pub fn new(id: impl Into<String>) -> Result<Self> {
        let id = id.into();
        let len = id.chars().count();
        if !(20..=64).contains(&len) {
            return Err(Error::validation("X-Correlation-Id", "must be 20 to 64 characters"));
        }
        if !id.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Error::validation("X-Correlation-Id", "must be visible ASCII characters"));
        }
        Ok(Self(id))
    }

    /// The id as sent in the header.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert!(IdempotencyKey::new("k".repeat(200)).is_ok());
        assert!(IdempotencyKey::new("k".repeat(201)).is_err());
        assert!(IdempotencyKey::new("").is_err());
        assert!(IdempotencyKey::new("a\nb").is_err());
        assert!(CorrelationId::new("c".repeat(19)).is_err());
        assert!(CorrelationId::new("c".repeat(20)).is_ok());
        assert!(CorrelationId::new("c".repeat(64)).is_ok());
        assert!(CorrelationId::new("c".repeat(65)).is_err());
        assert_eq!(CorrelationId::generate().as_str().len(), 36);
    }
}
