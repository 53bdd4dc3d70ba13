//! Payment actions: create a payment into escrow (money-moving, sent with the intent's
//! key) and initialize one with a method; each answers the hosted page the payer uses.

use crate::consequence::Move;
use crate::error::AppError;
use crate::journal::{Action, Sent};
use crate::shared::fields::{id, parse_amount, positive, text};
use escrow_api::enums::PaymentMethod;
use escrow_api::{CallOptions, Client, IdempotencyKey};
use escrow_api::{CreatePayment, InitializePayment};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A payment action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum PaymentAction {
    CreatePayment {
        transaction_id: String,
        service_account_id: String,
        amount: Option<String>,
    },
    /// Chooses how a created payment is paid (PSD2 with one of the payer's accounts, BANK with
    /// a bank, MOBILEWALLET, or none to let the payer choose); answers a new link.
    InitializePayment {
        transaction_id: String,
        payment_id: String,
        payment_method: Option<String>,
        bank_id: Option<String>,
        bank_account_id: Option<String>,
    },
}

impl PaymentAction {
    /// The money move a create makes, for its consequence (a new payment is at most what
    /// remains to pay); an initialize moves none.
    pub fn money_move(&self) -> Option<(&str, Move)> {
        match self {
            Self::CreatePayment { transaction_id, amount, .. } => {
                Some((transaction_id, Move::CreatePayment { amount: amount.clone() }))
            }
            Self::InitializePayment { .. } => None,
        }
    }
}

/// What a payment call answered: the payment's id and the hosted page.
#[derive(Debug, Clone, Default)]
pub struct PaymentSent {
    pub payment_id: Option<String>,
    pub url: String,
}

/// `PSD2`, `BANK`, `MOBILEWALLET` or none (the payer chooses on the page), with the
/// account or bank the method needs.
pub(crate) fn validate_initialize(
    method: Option<&str>,
    bank_id: Option<&str>,
    bank_account_id: Option<&str>,
) -> Result<(), AppError> {
    let given = |v: Option<&str>| v.is_some_and(|s| !s.trim().is_empty());
    match method {
        None | Some("MOBILEWALLET") => Ok(()),
        Some("PSD2") if given(bank_account_id) => Ok(()),
        Some("PSD2") => Err(AppError::validation("PSD2 needs one of the payer's own bank accounts.")),
        Some("BANK") if given(bank_id) => Ok(()),
        Some("BANK") => Err(AppError::validation("BANK needs the bank the payer pays from.")),
        Some(other) => {
            Err(AppError::validation(format!("The payment method must be PSD2, BANK or MOBILEWALLET, not {other}.")))
        }
    }
}

impl Action for PaymentAction {
    type Answer = PaymentSent;

    fn kind(&self) -> &'static str {
        match self {
            Self::CreatePayment { .. } => "createPayment",
            Self::InitializePayment { .. } => "initializePayment",
        }
    }

    fn target(&self) -> &str {
        match self {
            Self::CreatePayment { transaction_id, .. } | Self::InitializePayment { transaction_id, .. } => {
                transaction_id
            }
        }
    }

    fn target_field(&self) -> &'static str {
        "transactionId"
    }

    fn amount(&self) -> Option<&str> {
        match self {
            Self::CreatePayment { amount, .. } => amount.as_deref(),
            Self::InitializePayment { .. } => None,
        }
    }

    /// A new payment has a consequence panel (at most what remains to pay); two at once
    /// from two desks could ask the payer for more than the deal holds.
    fn moves_money(&self) -> bool {
        self.money_move().is_some()
    }

    fn validate(&self) -> Result<(), AppError> {
        match self {
            Self::CreatePayment { service_account_id, amount, .. } => {
                id("serviceAccountId", service_account_id)?;
                amount.as_deref().map(|a| positive("amount", a)).transpose().map(drop)
            }
            Self::InitializePayment { payment_id, payment_method, bank_id, bank_account_id, .. } => {
                id("paymentId", payment_id)?;
                validate_initialize(payment_method.as_deref(), bank_id.as_deref(), bank_account_id.as_deref())
            }
        }
    }

    /// A create carries the intent's Idempotency-Key.
    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<PaymentSent>, AppError> {
        match self {
            Self::CreatePayment { transaction_id, service_account_id, amount } => {
                let amount = match text(amount) {
                    Some(a) => Some(parse_amount("amount", &a)?),
                    None => None,
                };
                let body = CreatePayment {
                    service_account_id: service_account_id.trim().to_owned(),
                    transaction_id: transaction_id.trim().to_owned(),
                    amount,
                    ..Default::default()
                };
                let opts = CallOptions::with_idempotency_key(key.clone());
                let created = client.payments().create(&body, &opts).await?;
                let answer = PaymentSent { payment_id: Some(created.value.payment_id), url: created.value.payment_url };
                Ok(Sent { correlation_id: Some(created.meta.correlation_id), answer })
            }
            Self::InitializePayment { payment_id, payment_method, bank_id, bank_account_id, .. } => {
                let body = InitializePayment {
                    payment_method: text(payment_method).map(|m| PaymentMethod::from(m.as_str())),
                    bank_id: text(bank_id),
                    bank_account_id: text(bank_account_id),
                };
                let url = client.payments().initialize(payment_id.trim(), &body).await?;
                let answer = PaymentSent { payment_id: Some(payment_id.trim().to_owned()), url: url.payment_url };
                Ok(Sent { correlation_id: None, answer })
            }
        }
    }

    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // a GET shows no payment links; the resend carries the same key
    }

    /// A create's consequence on the live record, for the intent's audit row.
    async fn intent_note(&self, client: &Client) -> Option<String> {
        let (target, m) = self.money_move()?;
        crate::consequence::audit_note(client, target, &m).await
    }

    /// The consequence and what the move is worth, from one read of the live record.
    async fn read_live(&self, client: &Client) -> (Option<String>, Option<(String, String)>) {
        match self.money_move() {
            Some((target, m)) => crate::consequence::read_live(client, target, &m).await,
            None => (None, None),
        }
    }

    fn note(&self, answer: &PaymentSent) -> Option<String> {
        answer.payment_id.as_deref().map(|id| format!("payment {id}"))
    }
}
