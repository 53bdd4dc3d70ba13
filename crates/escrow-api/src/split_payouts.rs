//! Split payouts: create and cancel (both money-moving, keyed), list.

use crate::actions::positive;
use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::Result;
use crate::models::{CreateSplitPayout, CreatedSplitPayout, SplitPayoutList};
use crate::routes::V2Route;
use crate::transactions::non_empty;

impl Client {
    /// Pays part of the transaction to another account (NEXT_PAYOUT or ON_CLOSE).
    pub async fn create_split_payout(
        &self,
        transaction_id: &str,
        body: &CreateSplitPayout,
        opts: &CallOptions,
    ) -> Result<Response<CreatedSplitPayout>> {
        let id = non_empty("transactionId", transaction_id)?;
        positive("amount", body.amount)?;
        let req =
            Request::post(self.path(V2Route::CreateSplitPayout, &[("transactionId", id)]), Body::json(body)?).keyed();
        self.send(req, opts).await
    }

    /// Split payouts of a transaction, including those planned at creation.
    pub async fn list_split_payouts(&self, transaction_id: &str) -> Result<SplitPayoutList> {
        let id = non_empty("transactionId", transaction_id)?;
        let path = self.unspecified_path(V2Route::ListSplitPayouts, id, None);
        Ok(self.send(Request::get(path), &CallOptions::default()).await?.value)
    }

    /// Cancels a split payout while it is PENDING; the amount stays in escrow.
    pub async fn cancel_split_payout(
        &self,
        transaction_id: &str,
        split_payout_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let split = non_empty("splitPayoutId", split_payout_id)?;
        let path = self.unspecified_path(V2Route::CancelSplitPayout, id, Some(split));
        self.send(Request::post(path, Body::Empty).keyed(), opts).await
    }
}
