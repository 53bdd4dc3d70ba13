//! The command line: global flags and every subcommand, with their help texts. The
//! subcommands of the newer resources are in the files of `args/`.

pub mod documents;
pub mod edits;
pub mod money;
pub mod tools;
pub mod trade;
pub mod webhook_tools;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rust_decimal::Decimal;
use std::path::PathBuf;

pub const KEY_SOURCES: &str = "\
API key:
  Read from the environment variable named by --api-key-env (default ESCROW_API_KEY), or, with
  --profile NAME, from the OS keychain entry of that Escrow Desk profile (whose base URL, dialect and
  route overrides are used too; --base-url and --dialect override the first two). Never from a
  command-line argument.

The built-in Sandbox:
  --profile Sandbox is the app's built-in Sandbox with its demo key. When ESCROW_DESK_SANDBOX_URL is
  set (as for the app: a shared sandbox server), that sandbox is called; otherwise it is started in
  this process on the app's own sandbox data (DATA_DIR/sandbox) for as long as the command runs. It is
  then refused while Escrow Desk is open with the same data folder: run one escrow-sandbox server and
  set ESCROW_DESK_SANDBOX_URL for both.";

pub const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  a local failure (a file could not be written)
  2  usage error (bad flag or value, no API key, unknown profile, a file refused before sending)
  3  refused by the service, or it failed (an error status; the problem details are printed)
  4  network failure or timeout (no answer)
  5  undecodable response (the raw body is saved to a temporary file named in the message)
  130  interrupted (Ctrl+C during an export; the partial file is removed; Ctrl+C stops `listen` with 0)";

pub const EXAMPLE: &str = "\
Example:
  export ESCROW_API_KEY=sandbox-demo-key
  escrow --base-url http://127.0.0.1:8080 transactions list --search tesla
  escrow --base-url http://127.0.0.1:8080 --json transactions get TRANSACTION_ID";

/// Command-line client of the escrow payment service (v2 API), for scripting and support.
#[derive(Debug, Parser)]
#[command(long_about = "Command-line client of the escrow payment service, for scripting and support: every \
operation of the v2 API and of the business-user and trade API, named as the escrow-api client's handles name them, \
with tables for people and --json for scripts. Every money move is sent with one Idempotency-Key, reused on every \
retry. `escrow api` sends a raw request.")]
#[command(name = "escrow", version, after_help = format!("{KEY_SOURCES}\n\n{EXIT_CODES}"))]
#[command(after_long_help = format!("{KEY_SOURCES}\n\n{EXIT_CODES}\n\n{EXAMPLE}"))]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// Flags accepted before or after any subcommand.
#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct Global {
    /// The service's address before `/v2`, e.g. https://api.example.com (overrides the profile's)
    #[arg(long, value_name = "URL", global = true)]
    pub base_url: Option<String>,

    /// Field names and routes to send: the specs' or the published documentation's [default: spec, or the profile's]
    #[arg(long, value_enum, value_name = "DIALECT", global = true)]
    pub dialect: Option<DialectArg>,

    /// Machine output: pretty JSON with the specs' field names, whatever the dialect
    #[arg(long, global = true)]
    pub json: bool,

    /// Name of the environment variable that holds the API key
    #[arg(long, value_name = "NAME", default_value = "ESCROW_API_KEY", global = true, conflicts_with = "profile")]
    pub api_key_env: String,

    /// Use this Escrow Desk profile (name, case-insensitive): its base URL, dialect, route overrides and its API key
    /// from the OS keychain; `Sandbox` is the built-in Sandbox
    #[arg(long, value_name = "NAME", global = true)]
    pub profile: Option<String>,

    /// Idempotency-Key of a money move or other keyed operation (payout, cancel, reimburse, payments create, …);
    /// without it a fresh one is made and printed on stderr. Give the same key again to retry: it is executed at most once
    #[arg(long, value_name = "KEY", global = true)]
    pub idempotency_key: Option<String>,

    /// Seconds to wait for each answer of the service
    #[arg(long, value_name = "SECONDS", default_value_t = 30, global = true,
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub timeout: u64,
}

/// `--lang` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English: `,` and `.` decimals, times in RFC 3339 (UTC)
    En,
    /// Danish: `;` and `,` decimals, local times
    Da,
}

/// `--dialect` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    /// The specs' field names and routes (`serviceAccountId`)
    Spec,
    /// The public documentation's (`safepayAccountId`, `/v2/checkout/marketplace`)
    Published,
}

impl DialectArg {
    pub fn dialect(self) -> escrow_api::Dialect {
        match self {
            Self::Spec => escrow_api::Dialect::Spec,
            Self::Published => escrow_api::Dialect::Published,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Transactions: list, show, create, change, export to CSV, and the money moves (payout, cancel, reimburse)
    #[command(subcommand)]
    Transactions(Transactions),
    /// Payments into escrow: create one, choose how it is paid
    #[command(subcommand)]
    Payments(money::Payments),
    /// A transaction's split payouts: create, list, cancel
    #[command(subcommand)]
    SplitPayouts(money::SplitPayouts),
    /// Documents: upload, list, show, sign, download, delete
    #[command(subcommand)]
    Documents(documents::Documents),
    /// The Auto modules of a transaction: bill of sale and debt information
    #[command(subcommand)]
    Auto(documents::Auto),
    /// Connected users: list, show, banks and bank accounts (onboard, add, set default, delete)
    #[command(subcommand)]
    Users(Users),
    /// The connect flow: start it, look a reference id up, create a guest, remove a connection
    #[command(subcommand)]
    Connect(Connect),
    /// Webhooks: check and normalize a payload (offline), or the service's examples
    #[command(subcommand)]
    Webhooks(Webhooks),
    /// Receive a sandbox's webhooks here: print, check and forward each one (Ctrl+C stops)
    #[command(long_about = webhook_tools::LISTEN_ABOUT, after_long_help = webhook_tools::LISTEN_EXAMPLE)]
    Listen(webhook_tools::Listen),
    /// Make the sandbox send one transaction event now (to the tenant's webhook URL)
    Trigger(webhook_tools::Trigger),
    /// The sandbox's webhook deliveries
    #[command(subcommand)]
    Events(webhook_tools::Events),
    /// Trade API: trades, their steps, payments to escrow and shipments
    #[command(subcommand)]
    Trades(trade::Trades),
    /// Trade API: business users
    #[command(subcommand)]
    BusinessUsers(trade::BusinessUsers),
    /// Trade API: connecting users, their payout account, their details
    #[command(subcommand)]
    TradeUsers(trade::TradeUsers),
    /// Send a raw request with the key, base URL and dialect in force (as `gh api`)
    Api(tools::Api),
    /// Escrow Desk's log files on this computer: the lines of one action or call (offline)
    #[command(subcommand)]
    Logs(tools::Logs),
    /// Print the shell completion script (bash, zsh, fish, …) on stdout (offline)
    Completions(tools::Completions),
    /// Write the manual pages and completion scripts into a folder (for packaging)
    #[command(name = "__generate-docs", hide = true)]
    GenerateDocs(tools::GenerateDocs),
    /// Escrow Desk's environments on this computer, usable as --profile NAME (offline)
    #[command(subcommand)]
    Profiles(Profiles),
}

#[derive(Debug, Subcommand)]
pub enum Profiles {
    /// Every profile: name, base URL, dialect, whether its API key is in the keychain
    List,
    /// One profile by name (case-insensitive), as --profile reads it
    Show(ProfileName),
}

#[derive(Debug, Args)]
pub struct ProfileName {
    /// The profile's name, as Escrow Desk shows it
    pub name: String,
}

impl Command {
    /// Whether the command is sent with an Idempotency-Key (money moves and creations; `api`
    /// sends one when given), and so takes `--idempotency-key`.
    pub fn keyed(&self) -> bool {
        match self {
            Self::Transactions(t) => matches!(
                t,
                Transactions::Payout(_)
                    | Transactions::Cancel(_)
                    | Transactions::Reimburse(_)
                    | Transactions::Create(_)
            ),
            Self::Payments(p) => p.keyed(),
            Self::SplitPayouts(s) => s.keyed(),
            Self::Trades(t) => t.keyed(),
            Self::Api(_) => true,
            _ => false,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Transactions {
    /// One page of transactions, newest first, with the total count of matches
    List(ListTransactions),
    /// One transaction in full: parties, fees, payments in and out
    Get(TransactionId),
    /// Every matching transaction to a CSV file (UTF-8, header row, formula-like cells defused)
    Export(Export),
    /// Release the money in escrow to the payee (moves money; see --idempotency-key)
    Payout(Payout),
    /// Cancel a transaction; payments are returned to the payer (moves money; see --idempotency-key)
    Cancel(Cancel),
    /// Pay part of the escrowed money back to the payer (moves money; see --idempotency-key)
    Reimburse(Reimburse),
    /// Create a transaction (keyed; see --idempotency-key); more fields with --field or --input
    Create(edits::CreateTransaction),
    /// Delete a transaction that has no payments
    Delete(edits::Id),
    /// Set or clear the expected completion and the Auto retail amount
    Update(edits::Update),
    /// Change the amount and (replacing them) the fixed fees
    ChangeAmount(edits::ChangeAmount),
    /// Add the payee (only when the transaction has none)
    AddPayee(edits::AddParty),
    /// Add the payer (only when the transaction has none)
    AddPayer(edits::AddParty),
    /// Where and how a payer pays by manual bank transfer
    PaymentInstructions(edits::PaymentInstructions),
}

#[derive(Debug, Args)]
pub struct Filter {
    /// Case-insensitive partial match over ids, title, description, parties and vehicle
    #[arg(long, value_name = "TEXT")]
    pub search: Option<String>,
    /// Case-insensitive partial match on the transaction's reference id
    #[arg(long, value_name = "REFERENCE")]
    pub reference: Option<String>,
}

#[derive(Debug, Args)]
pub struct ListTransactions {
    #[command(flatten)]
    pub filter: Filter,
    /// Matches to skip (for paging)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(i32::MAX)))]
    pub skip: Option<u32>,
    /// Page size, 1 to 100 [default: the service's, 20]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub take: Option<u32>,
}

#[derive(Debug, Args)]
pub struct TransactionId {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
}

#[derive(Debug, Args)]
pub struct Export {
    /// The file to write: FILE.xlsx is an Excel workbook (amounts as numbers, dates as dates),
    /// anything else CSV (UTF-8 with a byte-order mark, CRLF line ends)
    #[arg(long, value_name = "FILE.xlsx|FILE.csv")]
    pub out: PathBuf,
    /// The language of the file: a Danish CSV has `;` between fields and decimal commas (as
    /// Danish Excel reads it), a workbook's header is in that language [default: the OS's]
    #[arg(long, value_enum, value_name = "LANG")]
    pub lang: Option<LangArg>,
    /// Replace the file if it exists
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub filter: Filter,
}

#[derive(Debug, Args)]
pub struct Payout {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// The tenant's account (serviceAccountId) the payout is requested on behalf of, e.g. the payee's
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub account: String,
}

#[derive(Debug, Args)]
pub struct Cancel {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// The tenant's account (serviceAccountId) the cancellation is made on behalf of (payer or payee)
    #[arg(long, value_name = "ACCOUNT_ID")]
    pub account: String,
    /// Why the transaction is cancelled (kept with the transaction)
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
}

#[derive(Debug, Args)]
pub struct Reimburse {
    /// The transaction's id
    #[arg(value_name = "TRANSACTION_ID")]
    pub id: String,
    /// How much to pay back, in the transaction's currency: a positive decimal with at most 2 decimals, e.g. 250.50
    #[arg(long, value_name = "AMOUNT", value_parser = crate::amount::parse, allow_hyphen_values = true)]
    pub amount: Decimal,
}

#[derive(Debug, Subcommand)]
pub enum Users {
    /// One page of the tenant's connected users
    List(ListUsers),
    /// One user in full: connections, identity check, contact details
    Get(AccountId),
    /// The banks a user can onboard bank accounts from
    Banks(AccountId),
    /// The bank accounts connected to a user (the default one receives payouts)
    BankAccounts(AccountId),
    /// Start onboarding a bank account: prints the bank-selection page to send the person to
    StartBankAccountOnboarding(edits::StartOnboarding),
    /// What the person chose in the bank-selection page (for 30 minutes after)
    BankAccountOnboarding(AccountId),
    /// Add a chosen bank account (the first becomes the default)
    AddBankAccount(edits::BankAccount),
    /// Make a bank account the one that receives payouts
    SetDefaultBankAccount(edits::BankAccount),
    /// Delete a bank account (not the last one)
    DeleteBankAccount(edits::BankAccount),
}

#[derive(Debug, Args)]
pub struct ListUsers {
    /// Users to skip (for paging)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(i32::MAX)))]
    pub skip: Option<u32>,
    /// Page size, at least 1 [default: the service's, 20]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(i32::MAX)))]
    pub take: Option<u32>,
}

#[derive(Debug, Args)]
pub struct AccountId {
    /// The user's account id (serviceAccountId)
    #[arg(value_name = "ACCOUNT_ID")]
    pub account_id: String,
}

#[derive(Debug, Subcommand)]
pub enum Connect {
    /// Start the hosted connect flow; prints the page to send the person to
    Start(ConnectStart),
    /// Which account a reference id is linked to
    Get(ConnectGet),
    /// Create an account without the hosted flow (a guest); more fields with --field or --input
    Guest(edits::Guest),
    /// Remove a reference id's connection (the account then takes part in no transaction)
    Delete(edits::Reference),
}

#[derive(Debug, Args)]
pub struct ConnectStart {
    /// Your own id for the user; `connect get` finds the account by it later
    #[arg(long, value_name = "REFERENCE")]
    pub reference: Option<String>,
    /// Where the person goes after the flow (an absolute http or https URL)
    #[arg(long, value_name = "URL")]
    pub return_url: Option<String>,
}

#[derive(Debug, Args)]
pub struct ConnectGet {
    /// Your own id for the user, as given when connecting
    #[arg(value_name = "REFERENCE")]
    pub reference: String,
}

#[derive(Debug, Subcommand)]
pub enum Webhooks {
    /// Parse a webhook payload (specs' or published names) and print it as JSON with the specs' names;
    /// exit 5 when it is not a webhook
    Verify(WebhookFile),
    /// The service's example of every webhook it sends
    Examples,
}

#[derive(Debug, Args)]
pub struct WebhookFile {
    /// The payload as delivered (a JSON file); `-` reads standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}
