//! The v2 API, one folder per resource: its models, its checks and its handle on
//! [`crate::Client`] (`client.transactions()`, `client.users()`, …).

pub mod auto;
pub mod connect;
pub mod documents;
pub mod payments;
pub mod split_payouts;
pub mod transactions;
pub mod users;
pub mod webhooks;

pub use auto::{AutoHandler, models::*};
pub use connect::{ConnectHandler, models::*};
pub use documents::{DocumentsHandler, UploadDocument, models::*};
pub use payments::{PaymentsHandler, models::*};
pub use split_payouts::{SplitPayoutsHandler, models::*};
pub use transactions::{ListTransactions, TransactionType, TransactionsHandler, action_models::*, models::*};
pub use users::{ListUsers, UsersHandler, models::*};
pub use webhooks::{WebhooksHandler, models::*};
