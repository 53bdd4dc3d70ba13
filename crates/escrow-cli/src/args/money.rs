//! Arguments of `escrow payments` and `escrow split-payouts`.

use clap::{Args, Subcommand};
use rust_decimal::Decimal;

#[derive(Debug, Subcommand)]
pub enum Payments {
    /// Create a payment into escrow for a transaction; prints the payment page (keyed; see --idempotency-key)
    Create(CreatePayment),
    /// Choose how a payment is paid; prints the page to send the payer to
    Initialize(InitializePayment),
}

impl Payments {
    pub fn keyed(&self) -> bool {
        matches!(self, Self::Create(_))
    }
}

#[derive(Debug, Args)]
pub struct CreatePayment {
    /// The transaction to pay into
    #[arg(long = "transaction", value_name = "TRANSACTION_ID")]
    pub transaction_id: String,
    /// The payer's account id (serviceAccountId)
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub account: String,
    /// Pay only this much now, e.g. 500.00 [default: what is left to pay]
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub amount: Option<Decimal>,
    /// Shown to the payer
    #[arg(long, value_name = "TEXT")]
    pub description: Option<String>,
    /// Where the payer goes afterwards (an absolute http or https URL)
    #[arg(long, value_name = "URL")]
    pub return_url: Option<String>,
    /// Skip the service's own pages when --return-url is given (skipUI)
    #[arg(long)]
    pub skip_ui: bool,
}

#[derive(Debug, Args)]
pub struct InitializePayment {
    /// The payment's id (from `payments create`)
    #[arg(value_name = "PAYMENT_ID")]
    pub payment_id: String,
    /// How the payer pays: PSD2, BANK, MOBILEWALLET or TRANSFER
    #[arg(long, value_name = "METHOD")]
    pub method: String,
    /// The bank to pay from (required for BANK)
    #[arg(long, value_name = "BANK_ID")]
    pub bank_id: Option<String>,
    /// The payer's bank account to pay from (required for PSD2)
    #[arg(long, value_name = "BANK_ACCOUNT_ID")]
    pub bank_account_id: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum SplitPayouts {
    /// Pay part of a transaction to another account (moves money; see --idempotency-key)
    Create(CreateSplitPayout),
    /// A transaction's split payouts, including those planned at creation
    List(SplitTransaction),
    /// Cancel a PENDING split payout; the amount stays in escrow (keyed; see --idempotency-key)
    Cancel(CancelSplitPayout),
}

impl SplitPayouts {
    pub fn keyed(&self) -> bool {
        matches!(self, Self::Create(_) | Self::Cancel(_))
    }
}

#[derive(Debug, Args)]
pub struct CreateSplitPayout {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub transaction_id: String,
    /// How much, e.g. 250.00
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub amount: Decimal,
    /// Who receives it: PAYEE, PAYER or TENANT
    #[arg(long, value_name = "RECIPIENT")]
    pub recipient: String,
    /// When it is paid: NEXT_PAYOUT or ON_CLOSE [default: the service's, ON_CLOSE]
    #[arg(long, value_name = "TIMING")]
    pub timing: Option<String>,
}

#[derive(Debug, Args)]
pub struct SplitTransaction {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub transaction_id: String,
}

#[derive(Debug, Args)]
pub struct CancelSplitPayout {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub transaction_id: String,
    /// The split payout's id
    #[arg(value_name = "SPLIT_PAYOUT_ID")]
    pub split_payout_id: String,
}
