//! Manual-transfer instructions of a payer.

use super::Payments;
use crate::desk::valid_id;
use crate::error::AppError;
use serde::Serialize;
use ts_rs::TS;

/// Manual-transfer instructions, tagged with their environment.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInstructionsView {
    pub environment_id: String,
    pub instructions: escrow_api::PaymentInstructions,
}

impl Payments {
    pub async fn payment_instructions(
        &self,
        transaction_id: &str,
        service_account_id: &str,
    ) -> Result<PaymentInstructionsView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        let instructions = client
            .transactions()
            .payment_instructions(valid_id(transaction_id)?, valid_id(service_account_id)?)
            .await?;
        Ok(PaymentInstructionsView { environment_id, instructions })
    }
}
