//! Arguments of the v2 operations that change a transaction, a user's bank accounts or a
//! connection (besides the money moves in `args.rs`).

use crate::body::BodyArgs;
use clap::{Args, ValueEnum};
use rust_decimal::Decimal;

/// `--type` of `transactions create`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// A sale between two users (title and payer required)
    Marketplace,
    /// A vehicle sale (needs the tenant's Auto module)
    Auto,
}

#[derive(Debug, Args)]
pub struct CreateTransaction {
    /// Which kind of transaction
    #[arg(long = "type", value_enum, value_name = "TYPE", default_value = "marketplace")]
    pub kind: KindArg,
    /// The amount, e.g. 1250.50 (or give `amount` in --input)
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub amount: Option<Decimal>,
    /// The transaction's title
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// The payer's account id (payerId)
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub payer: Option<String>,
    /// The payee's account id (payeeId)
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub payee: Option<String>,
    #[command(flatten)]
    pub body: BodyArgs,
}

#[derive(Debug, Args)]
pub struct Id {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
}

#[derive(Debug, Args)]
pub struct Update {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// New expected completion, in the future (RFC 3339, e.g. 2027-01-31T12:00:00Z)
    #[arg(long, value_name = "TIME", conflicts_with = "clear_expected_completion")]
    pub expected_completion: Option<chrono::DateTime<chrono::Utc>>,
    /// Remove the expected completion
    #[arg(long)]
    pub clear_expected_completion: bool,
    /// New retail amount of the vehicle (Auto), e.g. 150000
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse, conflicts_with = "clear_retail_amount")]
    pub retail_amount: Option<Decimal>,
    /// Remove the retail amount
    #[arg(long)]
    pub clear_retail_amount: bool,
}

#[derive(Debug, Args)]
pub struct ChangeAmount {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// The new amount, e.g. 1250.50
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub amount: Decimal,
    /// The payee's fixed fee (replaces the current one)
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub payee_fixed_fee: Option<Decimal>,
    /// The payer's fixed fee (replaces the current one)
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse)]
    pub payer_fixed_fee: Option<Decimal>,
}

#[derive(Debug, Args)]
pub struct AddParty {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// The party's account id (serviceAccountId)
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub account: Option<String>,
    /// The party's reference id
    #[arg(long, value_name = "REFERENCE")]
    pub reference: Option<String>,
    /// The party's phone number
    #[arg(long, value_name = "PHONE")]
    pub phone: Option<String>,
}

#[derive(Debug, Args)]
pub struct PaymentInstructions {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// The payer's account id (serviceAccountId)
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub account: String,
}

#[derive(Debug, Args)]
pub struct StartOnboarding {
    /// The user's account id (serviceAccountId)
    #[arg(value_name = "ACCOUNT_ID")]
    pub account_id: String,
    /// The bank to onboard from (see `users banks`)
    #[arg(long, value_name = "BANK_ID")]
    pub bank_id: String,
    /// Where the person goes afterwards (an absolute http or https URL)
    #[arg(long, value_name = "URL")]
    pub return_url: String,
}

#[derive(Debug, Args)]
pub struct BankAccount {
    /// The user's account id (serviceAccountId)
    #[arg(value_name = "ACCOUNT_ID")]
    pub account_id: String,
    /// The bank's id
    #[arg(long, value_name = "BANK_ID")]
    pub bank_id: String,
    /// The bank account's id
    #[arg(long, value_name = "BANK_ACCOUNT_ID")]
    pub bank_account_id: String,
}

#[derive(Debug, Args)]
pub struct Guest {
    /// Your own id for the new user
    #[arg(value_name = "REFERENCE")]
    pub reference: String,
    /// The person's or company's name
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Phone number
    #[arg(long, value_name = "PHONE")]
    pub phone: Option<String>,
    /// E-mail address
    #[arg(long, value_name = "EMAIL")]
    pub email: Option<String>,
    /// Danish company number (8 digits), for a business
    #[arg(long, value_name = "CVR")]
    pub cvr: Option<String>,
    #[command(flatten)]
    pub body: BodyArgs,
}

#[derive(Debug, Args)]
pub struct Reference {
    /// Your own id for the user, as given when connecting
    #[arg(value_name = "REFERENCE")]
    pub reference: String,
}
