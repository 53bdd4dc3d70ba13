//! User actions: a guest account, removing a connection, and the bank accounts payouts
//! go to. Journaled like every action; none moves money.

use crate::error::AppError;
use crate::journal::{Action, Sent};
use crate::shared::fields::{id, short, text};
use escrow_api::Client;
use escrow_api::IdempotencyKey;
use escrow_api::{BankAccountRef, GuestUser};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A user action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum UserAction {
    CreateGuest {
        reference_id: String,
        name: Option<String>,
        phone_number: Option<String>,
        email: Option<String>,
        cvr: Option<String>,
    },
    DeleteConnection {
        service_account_id: String,
        reference_id: String,
    },
    AddBankAccount {
        service_account_id: String,
        bank_id: String,
        bank_account_id: String,
    },
    SetDefaultBankAccount {
        service_account_id: String,
        bank_id: String,
        bank_account_id: String,
    },
    DeleteBankAccount {
        service_account_id: String,
        bank_id: String,
        bank_account_id: String,
    },
}

impl Action for UserAction {
    /// The new guest's serviceAccountId.
    type Answer = Option<String>;

    fn kind(&self) -> &'static str {
        match self {
            Self::CreateGuest { .. } => "createGuest",
            Self::DeleteConnection { .. } => "deleteConnection",
            Self::AddBankAccount { .. } => "addBankAccount",
            Self::SetDefaultBankAccount { .. } => "setDefaultBankAccount",
            Self::DeleteBankAccount { .. } => "deleteBankAccount",
        }
    }

    fn target(&self) -> &str {
        match self {
            Self::CreateGuest { reference_id, .. } => reference_id,
            Self::DeleteConnection { service_account_id, .. }
            | Self::AddBankAccount { service_account_id, .. }
            | Self::SetDefaultBankAccount { service_account_id, .. }
            | Self::DeleteBankAccount { service_account_id, .. } => service_account_id,
        }
    }

    fn target_field(&self) -> &'static str {
        match self {
            Self::CreateGuest { .. } => "referenceId",
            _ => "serviceAccountId",
        }
    }

    fn amount(&self) -> Option<&str> {
        None
    }
    fn moves_money(&self) -> bool {
        false
    }

    fn validate(&self) -> Result<(), AppError> {
        validate(self)
    }

    async fn send(&self, client: &Client, _key: &IdempotencyKey) -> Result<Sent<Option<String>>, AppError> {
        send(client, self).await
    }

    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // resending is safe: the service treats each as a replace or a no-op
    }

    fn note(&self, _answer: &Option<String>) -> Option<String> {
        None
    }
}

fn guest_of(req: &UserAction) -> Option<GuestUser> {
    match req {
        UserAction::CreateGuest { name, phone_number, email, cvr, .. } => Some(GuestUser {
            name: text(name),
            phone_number: text(phone_number),
            email: text(email),
            cvr: text(cvr).map(|c| c.replace(' ', "")),
            address: None,
        }),
        _ => None,
    }
}

/// Field checks, run before anything is written.
fn validate(req: &UserAction) -> Result<(), AppError> {
    match req {
        UserAction::CreateGuest { reference_id, name, phone_number, email, .. } => {
            id("referenceId", reference_id)?;
            short("name", name, 200)?;
            short("phoneNumber", phone_number, 40)?;
            short("email", email, 200)?;
            if text(email).is_some_and(|e| !e.contains('@')) {
                return Err(AppError::validation("The e-mail address needs an @."));
            }
            if let Some(cvr) = guest_of(req).and_then(|g| g.cvr)
                && !(cvr.len() == 8 && cvr.bytes().all(|b| b.is_ascii_digit()))
            {
                return Err(AppError::validation("A CVR number is 8 digits."));
            }
            Ok(())
        }
        UserAction::DeleteConnection { service_account_id, reference_id } => {
            id("serviceAccountId", service_account_id)?;
            id("referenceId", reference_id).map(drop)
        }
        UserAction::AddBankAccount { service_account_id, bank_id, bank_account_id }
        | UserAction::SetDefaultBankAccount { service_account_id, bank_id, bank_account_id }
        | UserAction::DeleteBankAccount { service_account_id, bank_id, bank_account_id } => {
            id("serviceAccountId", service_account_id)?;
            id("bankId", bank_id)?;
            id("bankAccountId", bank_account_id).map(drop)
        }
    }
}

/// Sends one user action (first attempt and retries alike).
async fn send(client: &Client, req: &UserAction) -> Result<Sent<Option<String>>, AppError> {
    let value = match req {
        UserAction::CreateGuest { reference_id, .. } => {
            let guest = guest_of(req).unwrap_or_default();
            Some(client.connect().create_guest(reference_id.trim(), &guest).await?.service_account_id)
        }
        UserAction::DeleteConnection { reference_id, .. } => {
            client.connect().delete(reference_id.trim()).await?;
            None
        }
        UserAction::AddBankAccount { service_account_id, bank_id, bank_account_id } => {
            client
                .users()
                .add_bank_account(
                    service_account_id.trim(),
                    &BankAccountRef::new(bank_id.trim(), bank_account_id.trim()),
                )
                .await?;
            None
        }
        UserAction::SetDefaultBankAccount { service_account_id, bank_id, bank_account_id } => {
            client
                .users()
                .set_default_bank_account(
                    service_account_id.trim(),
                    &BankAccountRef::new(bank_id.trim(), bank_account_id.trim()),
                )
                .await?;
            None
        }
        UserAction::DeleteBankAccount { service_account_id, bank_id, bank_account_id } => {
            client
                .users()
                .delete_bank_account(
                    service_account_id.trim(),
                    &BankAccountRef::new(bank_id.trim(), bank_account_id.trim()),
                )
                .await?;
            None
        }
    };
    Ok(Sent { correlation_id: None, answer: value })
}
