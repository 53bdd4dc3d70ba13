//! What every command may need besides its own arguments.

/// What every command may need besides its own arguments.
#[derive(Debug, Clone)]
pub struct Ctx {
    pub json: bool,
    /// `--idempotency-key`, for money moves.
    pub idempotency_key: Option<String>,
}
