//! `client.transactions()`: list, read, create. The actions on one are in `actions.rs`.

use super::create::{TransactionType, validate_create};
use super::models::{CreateTransaction, CreatedTransaction, Transaction, TransactionPage};
use super::query::ListTransactions;
use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::Result;
use crate::routes::v2::V2Route;
use crate::validate::non_empty;

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct TransactionsHandler<'c> {
    pub(crate) client: &'c Client,
}

impl Client {
    /// Transactions: list, read, create, and act on one (cancel, payout, …).
    pub fn transactions(&self) -> TransactionsHandler<'_> {
        TransactionsHandler { client: self }
    }
}

impl TransactionsHandler<'_> {
    /// `GET /v2/transactions`: one page, newest first, with the total match count.
    pub async fn list(&self, query: &ListTransactions) -> Result<TransactionPage> {
        let mut req = Request::get(self.client.path(V2Route::ListTransactions, &[]));
        req.query = query.query()?;
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/transactions/{transactionId}`.
    pub async fn get(&self, transaction_id: &str) -> Result<Transaction> {
        let id = non_empty("transactionId", transaction_id)?;
        let req = Request::get(self.client.path(V2Route::GetTransaction, &[("transactionId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/transactions/marketplace` or `/auto`, with an Idempotency-Key.
    pub async fn create(
        &self,
        kind: TransactionType,
        request: &CreateTransaction,
        opts: &CallOptions,
    ) -> Result<Response<CreatedTransaction>> {
        validate_create(kind, request)?;
        let req = Request::post(self.client.path(kind.route(), &[]), Body::json(request)?).keyed();
        self.client.send(req, opts).await
    }
}
