//! Payments into escrow: create (keyed; each call makes a new payment) and initialize.

use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::enums::PaymentMethod;
use crate::error::{Error, Result};
use crate::models::{CreatePayment, CreatedPayment, InitializePayment, PaymentUrl};
use crate::routes::V2Route;
use crate::transactions::non_empty;
use rust_decimal::Decimal;

impl Client {
    /// Creates a payment for a transaction; returns the payment page URL.
    pub async fn create_payment(&self, body: &CreatePayment, opts: &CallOptions) -> Result<Response<CreatedPayment>> {
        non_empty("serviceAccountId", &body.service_account_id)?;
        non_empty("transactionId", &body.transaction_id)?;
        if body.amount.is_some_and(|a| a <= Decimal::ZERO) {
            return Err(Error::validation("amount", "must be greater than zero"));
        }
        if body.skip_ui == Some(true) && body.return_url.as_deref().is_none_or(|u| u.trim().is_empty()) {
            return Err(Error::validation("skipUI", "applies only with a returnUrl"));
        }
        self.send(Request::post(self.path(V2Route::CreatePayment, &[]), Body::json(body)?).keyed(), opts).await
    }

    /// Chooses the payment method; returns the URL to send the payer to.
    pub async fn initialize_payment(&self, payment_id: &str, body: &InitializePayment) -> Result<PaymentUrl> {
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
        let req = Request::post(self.path(V2Route::InitializePayment, &[("paymentId", id)]), Body::json(body)?);
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }
}
