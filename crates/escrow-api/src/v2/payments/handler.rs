//! `client.payments()`: create (keyed; each call makes a new payment) and initialize.

use super::models::{CreatePayment, CreatedPayment, InitializePayment, PaymentUrl};
use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::enums::PaymentMethod;
use crate::error::{Error, Result};
use crate::routes::v2::V2Route;
use crate::validate::non_empty;
use rust_decimal::Decimal;

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct PaymentsHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Payments into escrow: create one, choose how it is paid.
    pub fn payments(&self) -> PaymentsHandler<'_> {
        PaymentsHandler { client: self }
    }
}

impl PaymentsHandler<'_> {
    /// Creates a payment for a transaction; returns the payment page URL.
    pub async fn create(&self, body: &CreatePayment, opts: &CallOptions) -> Result<Response<CreatedPayment>> {
        non_empty("serviceAccountId", &body.service_account_id)?;
        non_empty("transactionId", &body.transaction_id)?;
        if body.amount.is_some_and(|a| a <= Decimal::ZERO) {
            return Err(Error::validation("amount", "must be greater than zero"));
        }
        // `skipUI` without `returnUrl` is sent as is: the spec says it only applies when
        // returnUrl is set, not that the pair is refused.
        self.client
            .send(Request::post(self.client.path(V2Route::CreatePayment, &[]), Body::json(body)?).keyed(), opts)
            .await
    }

    /// Chooses the payment method; returns the URL to send the payer to.
    pub async fn initialize(&self, payment_id: &str, body: &InitializePayment) -> Result<PaymentUrl> {
        let id = non_empty("paymentId", payment_id)?;
        let has = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
        match &body.payment_method {
            Some(PaymentMethod::Psd2) if !has(&body.bank_account_id) => {
                return Err(Error::validation("bankAccountId", "is required for PSD2"));
            }
            Some(PaymentMethod::Bank) if !has(&body.bank_id) => {
                return Err(Error::validation("bankId", "is required for BANK"));
            }
            _ => {}
        }
        let req = Request::post(self.client.path(V2Route::InitializePayment, &[("paymentId", id)]), Body::json(body)?);
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }
}
