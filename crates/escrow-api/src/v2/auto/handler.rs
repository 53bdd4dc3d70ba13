//! `client.auto()`. The forms are multipart, rebuilt for every attempt.

use super::checks::{check_bill_of_sale, check_debt};
use super::models::{BillOfSale, DebtInformation};
use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::Result;
use crate::routes::v2::V2Route;
use crate::v2::connect::models::HostedUrl;
use crate::validate::non_empty;
use reqwest::multipart::Form;
use std::sync::Arc;

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct AutoHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// The Auto modules of a transaction: debt information and the bill of sale.
    pub fn auto(&self) -> AutoHandler<'_> {
        AutoHandler { client: self }
    }
}

impl AutoHandler<'_> {
    /// `POST /v2/transactions/{transactionId}/debt-information` (Auto, debt module).
    ///
    /// Not retried once sent (the operation takes no Idempotency-Key); sending it again
    /// replaces the debt information.
    pub async fn add_debt_information(&self, transaction_id: &str, debt: &DebtInformation) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let form = Arc::new(check_debt(debt)?);
        let make = move || {
            let f = &*form;
            let mut out = Form::new().text("amount", f.amount.clone());
            if let Some(fik) = &f.fik_code {
                out = out.text("fikCode", fik.clone());
            }
            if let Some(account) = &f.bank_account {
                out = out.text("bankAccount", account.clone());
            }
            if let Some(text) = &f.bank_account_text {
                out = out.text("bankAccountText", text.clone());
            }
            out.part("documentation", f.file.part())
        };
        let req = Request::post(
            self.client.path(V2Route::RegisterDebt, &[("transactionId", id)]),
            Body::Form(Arc::new(make)),
        );
        self.client.send(req, &CallOptions::default()).await
    }

    /// `GET /v2/transactions/{transactionId}/debt-information/download`: an address of
    /// the debt documentation, valid for 5 minutes (ask again when it has expired).
    pub async fn debt_information_download(&self, transaction_id: &str) -> Result<HostedUrl> {
        let id = non_empty("transactionId", transaction_id)?;
        let req = Request::get(self.client.path(V2Route::DownloadDebt, &[("transactionId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/transactions/{transactionId}/bill-of-sale` (Auto, bill-of-sale module).
    ///
    /// Without a document the service generates the PDF from the transaction's data.
    pub async fn set_bill_of_sale(&self, transaction_id: &str, bill: &BillOfSale) -> Result<Response<()>> {
        let id = non_empty("transactionId", transaction_id)?;
        let form = Arc::new(check_bill_of_sale(bill)?);
        let make = move || {
            let f = &*form;
            let mut out = Form::new().text("enable", if f.enable { "true" } else { "false" });
            if let Some(amount) = &f.amount {
                out = out.text("amount", amount.clone());
            }
            if let Some(terms) = &f.additional_terms {
                out = out.text("additionalTerms", terms.clone());
            }
            match &f.signers {
                None => {}
                // A form cannot carry an empty list; the spec makes None mean the same.
                Some(list) if list.is_empty() => out = out.text("requiredSigners", "None"),
                Some(list) => {
                    for signer in list {
                        out = out.text("requiredSigners", *signer);
                    }
                }
            }
            if let Some(file) = &f.file {
                out = out.part("document", file.part());
            }
            out
        };
        let req = Request::post(
            self.client.path(V2Route::SetBillOfSale, &[("transactionId", id)]),
            Body::Form(Arc::new(make)),
        );
        self.client.send(req, &CallOptions::default()).await
    }
}
