//! Payments from the app: create one (money-moving, journaled with its key) and
//! initialize it with a method, each answering with the hosted page the payer uses.
//!
//! The link is only in the service's answer (a transaction's payment list carries
//! none), so these run through [`Desk::payment_action`], which returns it; a retry from
//! the pending list completes the action but shows no link (initialize again for one).

use crate::actions::{self, ActionRecord, ActionRequest};
use crate::desk::Desk;
use crate::desk_users::{ActionOutcome, text};
use crate::error::{AppError, ErrorCode};
use escrow_api::enums::PaymentMethod;
use escrow_api::{CallOptions, Client, IdempotencyKey};
use escrow_api::{CreatePayment, InitializePayment};

/// What a payment call answered: the payment's id (create only) and the hosted page.
pub(crate) struct PaymentSent {
    pub correlation_id: Option<String>,
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

/// Sends a create or initialize; the create carries the intent's Idempotency-Key.
pub(crate) async fn send(client: &Client, record: &ActionRecord) -> Result<PaymentSent, AppError> {
    match &record.request {
        ActionRequest::CreatePayment { transaction_id, service_account_id, amount } => {
            let amount = match text(amount) {
                Some(a) => Some(actions::parse_amount("amount", &a)?),
                None => None,
            };
            let body = CreatePayment {
                service_account_id: service_account_id.trim().to_owned(),
                transaction_id: transaction_id.trim().to_owned(),
                amount,
                ..Default::default()
            };
            let opts = CallOptions::with_idempotency_key(IdempotencyKey::new(record.idempotency_key.clone())?);
            let created = client.payments().create(&body, &opts).await?;
            Ok(PaymentSent {
                correlation_id: Some(created.meta.correlation_id),
                payment_id: Some(created.value.payment_id),
                url: created.value.payment_url,
            })
        }
        ActionRequest::InitializePayment { payment_id, payment_method, bank_id, bank_account_id, .. } => {
            let body = InitializePayment {
                payment_method: text(payment_method).map(|m| PaymentMethod::from(m.as_str())),
                bank_id: text(bank_id),
                bank_account_id: text(bank_account_id),
            };
            let url = client.payments().initialize(payment_id.trim(), &body).await?;
            Ok(PaymentSent {
                correlation_id: None,
                payment_id: Some(payment_id.trim().to_owned()),
                url: url.payment_url,
            })
        }
        _ => Err(AppError::new(ErrorCode::Internal, "not a payment action")),
    }
}

impl Desk {
    /// Runs a create-payment or initialize-payment action (journaled like every action)
    /// and returns the payment's id as `value` and its hosted page as `link`.
    pub async fn payment_action(&self, request: &ActionRequest) -> Result<ActionOutcome, AppError> {
        if !matches!(request, ActionRequest::CreatePayment { .. } | ActionRequest::InitializePayment { .. }) {
            return Err(AppError::validation("Only a create or initialize payment action."));
        }
        let (environment_id, client) = self.active_client()?;
        let record = actions::record_intent(&self.db, &environment_id, request)?;
        let (outcome, sent) = match send(&client, &record).await {
            Ok(s) => (Ok(s.correlation_id.clone()), Some(s)),
            Err(e) => (Err(e), None),
        };
        let note = sent.as_ref().and_then(|s| s.payment_id.as_deref()).map(|id| format!("payment {id}"));
        let record = actions::record_outcome_noting(&self.db, &record, &outcome, note.as_deref())?;
        Ok(ActionOutcome {
            environment_id,
            record,
            value: sent.as_ref().and_then(|s| s.payment_id.clone()),
            link: sent.map(|s| s.url),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_method_needs_what_the_spec_says() {
        assert!(validate_initialize(None, None, None).is_ok());
        assert!(validate_initialize(Some("MOBILEWALLET"), None, None).is_ok());
        assert!(validate_initialize(Some("PSD2"), None, Some("acc-1")).is_ok());
        assert!(validate_initialize(Some("PSD2"), Some("bank"), None).is_err());
        assert!(validate_initialize(Some("BANK"), Some("bank-1"), None).is_ok());
        assert!(validate_initialize(Some("BANK"), None, Some(" ")).is_err());
        assert!(validate_initialize(Some("TRANSFER"), None, None).is_err());
    }
}
