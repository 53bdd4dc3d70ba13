//! Actions on a transaction: delete, cancel, payout, update, reimburse payer, change
//! amount, add payee or payer, and payment instructions.
//!
//! Cancel, payout and reimburse move money: they always carry an Idempotency-Key
//! (pass your own, persisted, in [`CallOptions`] to survive restarts).

use super::action_models::{
    AddParty, CancelTransaction, ChangeAmount, Patch, PaymentInstructions, PayoutTransaction, ReimbursePayer,
    UpdateTransaction,
};
use super::handler::TransactionsHandler;
use crate::client::{Body, CallOptions, Request, Response};
use crate::error::{Error, Result};
use crate::routes::v2::V2Route;
use crate::validate::{non_empty, positive};
use chrono::Utc;
use rust_decimal::Decimal;

impl TransactionsHandler<'_> {
    /// Deletes a transaction that has no payments.
    pub async fn delete(&self, transaction_id: &str) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let req = Request::post(self.client.path(V2Route::DeleteTransaction, &[("transactionId", id)]), Body::Empty);
        self.client.send(req, &CallOptions::default()).await
    }

    /// Cancels; payments are returned to the payer. Not after success.
    pub async fn cancel(
        &self,
        transaction_id: &str,
        body: &CancelTransaction,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        non_empty("serviceAccountId", &body.service_account_id)?;
        let req =
            Request::post(self.client.path(V2Route::CancelTransaction, &[("transactionId", id)]), Body::json(body)?)
                .keyed();
        self.client.send(req, opts).await
    }

    /// Releases the money to the payee (the transaction becomes succeeded).
    pub async fn payout(
        &self,
        transaction_id: &str,
        body: &PayoutTransaction,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        non_empty("serviceAccountId", &body.service_account_id)?;
        let req =
            Request::post(self.client.path(V2Route::PayoutTransaction, &[("transactionId", id)]), Body::json(body)?)
                .keyed();
        self.client.send(req, opts).await
    }

    /// Pays part of the escrowed money back to the payer.
    pub async fn reimburse_payer(
        &self,
        transaction_id: &str,
        amount: Decimal,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        positive("amount", amount)?;
        let req = Request::post(
            self.client.path(V2Route::ReimburseTransactionPayer, &[("transactionId", id)]),
            Body::json(&ReimbursePayer { amount })?,
        )
        .keyed();
        self.client.send(req, opts).await
    }

    /// Sets or clears expected completion (future only) and the Auto retail amount.
    pub async fn update(&self, transaction_id: &str, body: &UpdateTransaction) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        if let Patch::Set(when) = body.expected_completion
            && when <= Utc::now()
        {
            return Err(Error::validation("expectedCompletion", "must be in the future"));
        }
        if let Patch::Set(a) = body.retail_amount
            && a < Decimal::ZERO
        {
            return Err(Error::validation("retailAmount", "must not be negative"));
        }
        let req =
            Request::post(self.client.path(V2Route::UpdateTransaction, &[("transactionId", id)]), Body::json(body)?);
        self.client.send(req, &CallOptions::default()).await
    }

    /// Changes the amount and (replacing them) the fixed fees.
    pub async fn change_amount(&self, transaction_id: &str, body: &ChangeAmount) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        positive("amount", body.amount)?;
        for (field, fee) in [("payeeFixedFee", body.payee_fixed_fee), ("payerFixedFee", body.payer_fixed_fee)] {
            if fee.is_some_and(|f| f < Decimal::ZERO) {
                return Err(Error::validation(field, "must not be negative"));
            }
        }
        let path = self.client.unspecified_path(V2Route::ChangeAmount, id, None);
        self.client.send(Request::post(path, Body::json(body)?), &CallOptions::default()).await
    }

    /// Adds the payee (only when the transaction has none).
    pub async fn add_payee(&self, transaction_id: &str, body: &AddParty) -> Result<Response<()>> {
        self.add_party(V2Route::AddPayee, transaction_id, body).await
    }

    /// Adds the payer (only when the transaction has none).
    pub async fn add_payer(&self, transaction_id: &str, body: &AddParty) -> Result<Response<()>> {
        self.add_party(V2Route::AddPayer, transaction_id, body).await
    }

    async fn add_party(&self, route: V2Route, transaction_id: &str, body: &AddParty) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let given = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
        if !given(&body.service_account_id) && !given(&body.reference_id) && !given(&body.phone_number) {
            return Err(Error::validation("party", "give serviceAccountId, referenceId or phoneNumber"));
        }
        let path = self.client.unspecified_path(route, id, None);
        self.client.send(Request::post(path, Body::json(body)?), &CallOptions::default()).await
    }

    /// Where and how `service_account_id` pays by manual bank transfer.
    pub async fn payment_instructions(
        &self,
        transaction_id: &str,
        service_account_id: &str,
    ) -> Result<PaymentInstructions> {
        let id = non_empty("transactionId", transaction_id)?;
        let account = non_empty("serviceAccountId", service_account_id)?;
        let req = Request::get(
            self.client.path(V2Route::PaymentInstructions, &[("transactionId", id), ("serviceAccountId", account)]),
        );
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }
}
