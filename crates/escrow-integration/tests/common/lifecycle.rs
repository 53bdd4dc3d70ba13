//! Helpers for the transaction lifecycle tests (`lifecycle_*.rs`): a deal between two
//! connected users of acme, with control-API calls to pay it and drive the sandbox.

#![allow(dead_code)]

use super::{ACME_KEY, Sandbox};
use escrow_api::enums::TransactionStatus;
use escrow_api::v2::*;
use escrow_api::{CallOptions, Client, ErrorBody, TransactionType};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;

pub fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

pub struct Deal {
    pub sb: Sandbox,
    pub client: Client,
    pub payer: String,
    pub payee: String,
}

pub async fn deal() -> Deal {
    let sb = super::start().await;
    let payee = sb.user(ACME_KEY, "seller", "Bilhuset Test ApS").await;
    let payer = sb.user(ACME_KEY, "buyer", "Anne Jensen").await;
    let client = sb.client(ACME_KEY);
    Deal { sb, client, payer, payee }
}

impl Deal {
    pub async fn create(&self, amount: &str, payer_fee: &str, payee_fee: &str) -> String {
        let mut req = CreateTransaction::new(dec(amount));
        req.title = Some("Sofa".into());
        req.payee_id = Some(self.payee.clone());
        req.payer_id = Some(self.payer.clone());
        req.payer_fixed_fee = Some(dec(payer_fee));
        req.payee_fixed_fee = Some(dec(payee_fee));
        self.client
            .transactions()
            .create(TransactionType::Marketplace, &req, &CallOptions::default())
            .await
            .unwrap()
            .value
            .transaction_id
    }

    pub async fn control(&self, path: &str, body: Value) -> Value {
        let res = reqwest::Client::new()
            .post(format!("{}{path}", self.sb.running.url))
            .bearer_auth(ACME_KEY)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        res.json().await.unwrap()
    }

    /// Pays the remaining amount through a payment that the sandbox authorizes.
    pub async fn pay(&self, id: &str) -> String {
        let created = self
            .client
            .payments()
            .create(
                &CreatePayment {
                    service_account_id: self.payer.clone(),
                    transaction_id: id.into(),
                    ..Default::default()
                },
                &CallOptions::default(),
            )
            .await
            .unwrap()
            .value;
        self.control(&format!("/_sandbox/payments/{}/authorize", created.payment_id), json!({})).await;
        created.payment_id
    }

    pub async fn status(&self, id: &str) -> TransactionStatus {
        self.client.transactions().get(id).await.unwrap().status
    }

    pub fn actor(&self) -> PayoutTransaction {
        PayoutTransaction { service_account_id: self.payee.clone() }
    }
}

pub fn title(err: &escrow_api::Error) -> Option<&str> {
    err.body().and_then(ErrorBody::title)
}
