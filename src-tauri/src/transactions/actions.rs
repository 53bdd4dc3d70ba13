//! Actions on a transaction: create, payout, cancel, reimburse, split payouts, amount and
//! detail changes, parties. Each is journaled (see [`crate::journal`]); payout, cancel,
//! reimburse and the split payouts send the intent's Idempotency-Key.

use crate::consequence::Move;
use crate::error::AppError;
use crate::journal::{Action, Sent};
use crate::shared::fields::{id, non_negative, parse_amount, positive};
use escrow_api::enums::{Recipient, Timing, TransactionStatus};
use escrow_api::{
    AddParty, CancelTransaction, ChangeAmount, CreateSplitPayout, Patch, PayoutTransaction, UpdateTransaction,
};
use escrow_api::{CallOptions, Client, IdempotencyKey};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A transaction action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum TransactionAction {
    /// A new Marketplace or Auto transaction; the target is `new` until the service names it.
    CreateTransaction {
        input: Box<super::create::NewTransactionInput>,
    },
    /// Release the money to the payee. `amount`: the transaction amount the person
    /// confirmed (journal and audit only; the request carries none).
    Payout {
        transaction_id: String,
        service_account_id: String,
        amount: Option<String>,
    },
    /// Cancel; payments go back to the payer. `amount` as for payout.
    Cancel {
        transaction_id: String,
        service_account_id: String,
        reason: Option<String>,
        amount: Option<String>,
    },
    /// Pay part of the escrowed money back to the payer.
    Reimburse {
        transaction_id: String,
        amount: String,
    },
    CreateSplitPayout {
        transaction_id: String,
        amount: String,
        recipient: String,
        timing: Option<String>,
    },
    CancelSplitPayout {
        transaction_id: String,
        split_payout_id: String,
    },
    ChangeAmount {
        transaction_id: String,
        amount: String,
        payee_fixed_fee: Option<String>,
        payer_fixed_fee: Option<String>,
    },
    /// `expectedCompletion`: an ISO date-time, `""` to clear, null to keep.
    Update {
        transaction_id: String,
        expected_completion: Option<String>,
        retail_amount: Option<String>,
    },
    Delete {
        transaction_id: String,
    },
    AddPayee {
        transaction_id: String,
        service_account_id: Option<String>,
        reference_id: Option<String>,
        phone_number: Option<String>,
    },
    AddPayer {
        transaction_id: String,
        service_account_id: Option<String>,
        reference_id: Option<String>,
        phone_number: Option<String>,
    },
}

impl TransactionAction {
    fn kind(&self) -> &'static str {
        match self {
            Self::CreateTransaction { .. } => "createTransaction",
            Self::Payout { .. } => "payout",
            Self::Cancel { .. } => "cancel",
            Self::Reimburse { .. } => "reimburse",
            Self::CreateSplitPayout { .. } => "createSplitPayout",
            Self::CancelSplitPayout { .. } => "cancelSplitPayout",
            Self::ChangeAmount { .. } => "changeAmount",
            Self::Update { .. } => "update",
            Self::Delete { .. } => "delete",
            Self::AddPayee { .. } => "addPayee",
            Self::AddPayer { .. } => "addPayer",
        }
    }

    fn target(&self) -> &str {
        match self {
            Self::CreateTransaction { .. } => "new",
            Self::Payout { transaction_id, .. }
            | Self::Cancel { transaction_id, .. }
            | Self::Reimburse { transaction_id, .. }
            | Self::CreateSplitPayout { transaction_id, .. }
            | Self::CancelSplitPayout { transaction_id, .. }
            | Self::ChangeAmount { transaction_id, .. }
            | Self::Update { transaction_id, .. }
            | Self::Delete { transaction_id }
            | Self::AddPayee { transaction_id, .. }
            | Self::AddPayer { transaction_id, .. } => transaction_id,
        }
    }

    fn amount(&self) -> Option<&str> {
        match self {
            Self::CreateTransaction { input } => Some(input.amount.as_str()),
            Self::Payout { amount, .. } | Self::Cancel { amount, .. } => amount.as_deref(),
            Self::Reimburse { amount, .. }
            | Self::CreateSplitPayout { amount, .. }
            | Self::ChangeAmount { amount, .. } => Some(amount),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), AppError> {
        match self {
            Self::CreateTransaction { input } => input.to_request().map(drop),
            Self::Payout { service_account_id, amount, .. } | Self::Cancel { service_account_id, amount, .. } => {
                id("serviceAccountId", service_account_id)?;
                amount.as_deref().map(|a| positive("amount", a)).transpose().map(drop)
            }
            Self::Reimburse { amount, .. } => positive("amount", amount).map(drop),
            Self::CreateSplitPayout { amount, recipient, timing, .. } => {
                positive("amount", amount)?;
                recipient_of(recipient)?;
                timing_of(timing.as_deref())?;
                Ok(())
            }
            Self::CancelSplitPayout { split_payout_id, .. } => id("splitPayoutId", split_payout_id).map(drop),
            Self::ChangeAmount { amount, payee_fixed_fee, payer_fixed_fee, .. } => {
                positive("amount", amount)?;
                for fee in [payee_fixed_fee, payer_fixed_fee].into_iter().flatten() {
                    non_negative("fee", fee)?;
                }
                Ok(())
            }
            Self::Update { expected_completion, retail_amount, .. } => {
                if let Some(text) = expected_completion.as_deref().filter(|t| !t.is_empty()) {
                    let when = chrono::DateTime::parse_from_rfc3339(text)
                        .map_err(|_| AppError::validation("The expected completion is not a valid date and time."))?;
                    if when <= chrono::Utc::now() {
                        return Err(AppError::validation("The expected completion must be in the future."));
                    }
                }
                if let Some(r) = retail_amount.as_deref().filter(|t| !t.is_empty()) {
                    non_negative("retail amount", r)?;
                }
                Ok(())
            }
            Self::Delete { .. } => Ok(()),
            Self::AddPayee { service_account_id, reference_id, phone_number, .. }
            | Self::AddPayer { service_account_id, reference_id, phone_number, .. } => {
                let given = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
                if !given(service_account_id) && !given(reference_id) && !given(phone_number) {
                    return Err(AppError::validation("Give an account id, a reference id or a phone number."));
                }
                Ok(())
            }
        }
    }

    /// The transaction and the money move this action is, for its consequence; `None`
    /// for actions that move no money (and create, whose consequence the form shows).
    pub fn money_move(&self) -> Option<(&str, Move)> {
        let m = match self {
            Self::Payout { .. } => Move::Payout,
            Self::Cancel { .. } => Move::Cancel,
            Self::Reimburse { amount, .. } => Move::Reimburse { amount: amount.clone() },
            Self::CreateSplitPayout { amount, recipient, timing, .. } => {
                Move::CreateSplitPayout { amount: amount.clone(), recipient: recipient.clone(), timing: timing.clone() }
            }
            Self::CancelSplitPayout { split_payout_id, .. } => {
                Move::CancelSplitPayout { split_payout_id: split_payout_id.clone() }
            }
            Self::ChangeAmount { amount, payee_fixed_fee, payer_fixed_fee, .. } => Move::ChangeAmount {
                amount: amount.clone(),
                payee_fixed_fee: payee_fixed_fee.clone(),
                payer_fixed_fee: payer_fixed_fee.clone(),
            },
            _ => return None,
        };
        Some((self.target(), m))
    }

    /// Sends the action once with `key`; a create answers the new transaction's id.
    async fn send_once(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<Option<String>>, AppError> {
        let opts = CallOptions::with_idempotency_key(key.clone());
        let amount = |t: &str| parse_amount("amount", t);
        let optional =
            |t: &Option<String>| t.as_deref().filter(|s| !s.is_empty()).map(|s| parse_amount("amount", s)).transpose();
        let meta = match self {
            Self::CreateTransaction { input } => return super::create::send(client, input, key).await,
            Self::Payout { transaction_id, service_account_id, .. } => {
                let body = PayoutTransaction { service_account_id: service_account_id.clone() };
                client.transactions().payout(transaction_id, &body, &opts).await?.meta
            }
            Self::Cancel { transaction_id, service_account_id, reason, .. } => {
                let body = CancelTransaction { service_account_id: service_account_id.clone(), reason: reason.clone() };
                client.transactions().cancel(transaction_id, &body, &opts).await?.meta
            }
            Self::Reimburse { transaction_id, amount: a } => {
                client.transactions().reimburse_payer(transaction_id, amount(a)?, &opts).await?.meta
            }
            Self::CreateSplitPayout { transaction_id, amount: a, recipient, timing } => {
                let body = CreateSplitPayout {
                    amount: amount(a)?,
                    recipient: recipient_of(recipient)?,
                    timing: timing_of(timing.as_deref())?,
                };
                client.split_payouts().create(transaction_id, &body, &opts).await?.meta
            }
            Self::CancelSplitPayout { transaction_id, split_payout_id } => {
                client.split_payouts().cancel(transaction_id, split_payout_id, &opts).await?.meta
            }
            Self::ChangeAmount { transaction_id, amount: a, payee_fixed_fee, payer_fixed_fee } => {
                let body = ChangeAmount {
                    amount: amount(a)?,
                    payee_fixed_fee: optional(payee_fixed_fee)?,
                    payer_fixed_fee: optional(payer_fixed_fee)?,
                };
                client.transactions().change_amount(transaction_id, &body).await?.meta
            }
            Self::Update { transaction_id, expected_completion, retail_amount } => {
                let expected_completion = match expected_completion.as_deref() {
                    None => Patch::Keep,
                    Some("") => Patch::Clear,
                    Some(t) => Patch::Set(
                        chrono::DateTime::parse_from_rfc3339(t)
                            .map_err(|_| AppError::validation("Invalid date."))?
                            .with_timezone(&chrono::Utc),
                    ),
                };
                let retail_amount = match retail_amount.as_deref() {
                    None => Patch::Keep,
                    Some("") => Patch::Clear,
                    Some(t) => Patch::Set(parse_amount("retail amount", t)?),
                };
                let body = UpdateTransaction { expected_completion, retail_amount };
                client.transactions().update(transaction_id, &body).await?.meta
            }
            Self::Delete { transaction_id } => client.transactions().delete(transaction_id).await?.meta,
            Self::AddPayee { transaction_id, service_account_id, reference_id, phone_number } => {
                let body = AddParty {
                    service_account_id: service_account_id.clone(),
                    reference_id: reference_id.clone(),
                    phone_number: phone_number.clone(),
                };
                client.transactions().add_payee(transaction_id, &body).await?.meta
            }
            Self::AddPayer { transaction_id, service_account_id, reference_id, phone_number } => {
                let body = AddParty {
                    service_account_id: service_account_id.clone(),
                    reference_id: reference_id.clone(),
                    phone_number: phone_number.clone(),
                };
                client.transactions().add_payer(transaction_id, &body).await?.meta
            }
        };
        Ok(Sent { correlation_id: Some(meta.correlation_id), answer: None })
    }

    /// Before resending an action whose outcome is unknown, looks at the transaction:
    /// `Some(true)` when the effect is already visible (no resend needed). For actions
    /// whose effect a GET cannot show, `None`: resending with the same key is safe.
    async fn reconcile_once(&self, client: &Client) -> Result<Option<bool>, AppError> {
        if matches!(self, Self::CreateTransaction { .. }) {
            return Ok(None); // no id yet; the resend carries the same Idempotency-Key and uniquenessKey
        }
        let status = match client.transactions().get(self.target()).await {
            Ok(t) => Some(t.status),
            Err(e) if matches!(e.kind, escrow_api::ErrorKind::NotFound(_)) => None,
            Err(e) => return Err(e.into()),
        };
        Ok(match (self, status) {
            (Self::Payout { .. }, Some(TransactionStatus::Succeeded)) => Some(true),
            (Self::Cancel { .. }, Some(TransactionStatus::Cancelled)) => Some(true),
            (Self::Delete { .. }, None) => Some(true),
            (Self::Payout { .. } | Self::Cancel { .. } | Self::Delete { .. }, _) => Some(false),
            _ => None,
        })
    }
}

impl Action for TransactionAction {
    /// The new transaction's id (create).
    type Answer = Option<String>;

    fn kind(&self) -> &'static str {
        TransactionAction::kind(self)
    }
    fn target(&self) -> &str {
        TransactionAction::target(self)
    }
    fn target_field(&self) -> &'static str {
        "transactionId"
    }
    fn amount(&self) -> Option<&str> {
        TransactionAction::amount(self)
    }
    /// The actions with a consequence panel: payout, cancel, reimburse, split payouts and a
    /// changed amount.
    fn moves_money(&self) -> bool {
        self.money_move().is_some()
    }
    fn validate(&self) -> Result<(), AppError> {
        TransactionAction::validate(self)
    }
    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<Option<String>>, AppError> {
        self.send_once(client, key).await
    }
    async fn reconcile(&self, client: &Client) -> Result<Option<bool>, AppError> {
        self.reconcile_once(client).await
    }
    /// A money move's consequence on the live record, for the intent's audit row.
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
    fn note(&self, answer: &Option<String>) -> Option<String> {
        match (self, answer) {
            (Self::CreateTransaction { .. }, Some(id)) => Some(format!("created {id}")),
            _ => None,
        }
    }
}

fn recipient_of(r: &str) -> Result<Recipient, AppError> {
    match r {
        "PAYEE" | "PAYER" | "TENANT" => Ok(Recipient::from(r)),
        _ => Err(AppError::validation("The recipient must be PAYEE, PAYER or TENANT.")),
    }
}

fn timing_of(t: Option<&str>) -> Result<Option<Timing>, AppError> {
    match t {
        None | Some("") => Ok(None),
        Some(v @ ("NEXT_PAYOUT" | "ON_CLOSE")) => Ok(Some(Timing::from(v))),
        Some(_) => Err(AppError::validation("The timing must be NEXT_PAYOUT or ON_CLOSE.")),
    }
}
