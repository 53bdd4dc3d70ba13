//! `client.split_payouts()`. Create and cancel move money, so both are keyed.

use super::models::{CreateSplitPayout, CreatedSplitPayout, SplitPayoutList};
use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::Result;
use crate::routes::v2::V2Route;
use crate::validate::{non_empty, positive};

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct SplitPayoutsHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// A transaction's split payouts: create, list, cancel.
    pub fn split_payouts(&self) -> SplitPayoutsHandler<'_> {
        SplitPayoutsHandler { client: self }
    }
}

impl SplitPayoutsHandler<'_> {
    /// Pays part of the transaction to another account (NEXT_PAYOUT or ON_CLOSE).
    pub async fn create(
        &self,
        transaction_id: &str,
        body: &CreateSplitPayout,
        opts: &CallOptions,
    ) -> Result<Response<CreatedSplitPayout>> {
        let id = non_empty("transactionId", transaction_id)?;
        positive("amount", body.amount)?;
        let req =
            Request::post(self.client.path(V2Route::CreateSplitPayout, &[("transactionId", id)]), Body::json(body)?)
                .keyed();
        self.client.send(req, opts).await
    }

    /// Split payouts of a transaction, including those planned at creation.
    pub async fn list(&self, transaction_id: &str) -> Result<SplitPayoutList> {
        let id = non_empty("transactionId", transaction_id)?;
        let path = self.client.unspecified_path(V2Route::ListSplitPayouts, id, None);
        Ok(self.client.send(Request::get(path), &CallOptions::default()).await?.value)
    }

    /// Cancels a split payout while it is PENDING; the amount stays in escrow.
    pub async fn cancel(
        &self,
        transaction_id: &str,
        split_payout_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let split = non_empty("splitPayoutId", split_payout_id)?;
        let path = self.client.unspecified_path(V2Route::CancelSplitPayout, id, Some(split));
        self.client.send(Request::post(path, Body::Empty).keyed(), opts).await
    }
}
