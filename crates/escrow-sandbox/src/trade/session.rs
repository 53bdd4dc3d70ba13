//! Hosted-page sessions of the trade API: what a link was made for. Written by the
//! handlers that answer a link, read by the pages in [`crate::hosted::trade`].

use serde::{Deserialize, Serialize};

/// What a hosted link is for.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionDoc {
    /// `connect`, `payout-account`, `pay` or `status`.
    pub kind: String,
    /// The marketplaceUserId the link is for.
    pub user: String,
    pub trade_id: Option<String>,
    pub payment_id: Option<String>,
    /// successUrl (or returnUrl).
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    pub force: bool,
    pub kyc_level: Option<i64>,
    pub created: String,
    pub completed: Option<String>,
}

impl SessionDoc {
    pub fn new(kind: &str, user: &str, created: &str) -> Self {
        Self {
            kind: kind.into(),
            user: user.into(),
            trade_id: None,
            payment_id: None,
            success_url: None,
            cancel_url: None,
            force: false,
            kyc_level: None,
            created: created.into(),
            completed: None,
        }
    }
    pub fn trade(mut self, id: &str) -> Self {
        self.trade_id = Some(id.into());
        self
    }
    pub fn payment(mut self, id: &str) -> Self {
        self.payment_id = Some(id.into());
        self
    }
    pub fn urls(mut self, success: Option<String>, cancel: Option<String>) -> Self {
        self.success_url = success;
        self.cancel_url = cancel;
        self
    }
}
