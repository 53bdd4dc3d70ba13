//! Payments from the app: create one and initialize it with a method (see
//! [`super::actions`]), each answering with the hosted page the payer uses.
//!
//! The link is only in the service's answer (a transaction's payment list carries
//! none), so these run through [`Payments::payment_action`], which returns it; a retry from
//! the pending list completes the action but shows no link (initialize again for one).

use super::Payments;
use super::actions::PaymentAction;
use crate::consequence::{ConsequenceView, view_of};
use crate::error::AppError;
use crate::journal::Outcome;

impl Payments {
    /// Runs a create-payment or initialize-payment action (journaled like every action)
    /// and returns the payment's id as `value` and its hosted page as `link`.
    /// `seen_at`: when the consequence its person confirmed was read (its `readAt`), if shown.
    pub async fn payment_action(
        &self,
        request: &PaymentAction,
        seen_at: Option<&str>,
    ) -> Result<Outcome<PaymentAction>, AppError> {
        let (environment_id, run) = self.desk.journal_run_seen(request, seen_at).await?;
        let (value, link) = match run.answer {
            Some(a) => (a.payment_id, Some(a.url)),
            None => (None, None),
        };
        Ok(Outcome { environment_id, record: run.record, value, link })
    }

    /// What a payment action would do (a new payment against what remains to pay).
    pub async fn payment_consequence(&self, action: &PaymentAction) -> Result<ConsequenceView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        view_of(environment_id, &client, action.money_move(), self.desk.journal().as_ref()).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::actions::validate_initialize;

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
