//! Staff actions on the service, each run exactly once.
//!
//! The intent (kind, target, amount, a fresh Idempotency-Key and the exact request) is
//! committed to SQLite before the first request; the outcome after. A retry — also
//! after a crash or restart — resends the stored request with the stored key, so the
//! service executes it at most once. An ambiguous failure (timeout, dropped
//! connection, retries exhausted on 409/5xx) is recorded as `unknown`, never `failed`.

use crate::appdb::AppDb;
use crate::audit::{self, NewEntry};
use crate::error::{AppError, ErrorCode};
use escrow_api::enums::{Recipient, Timing};
use escrow_api::{
    AddParty, CancelTransaction, ChangeAmount, CreateSplitPayout, Patch, PayoutTransaction, UpdateTransaction,
};
use escrow_api::{CallOptions, Client, IdempotencyKey};
use rusqlite::{OptionalExtension, params};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// What a staff member asks for. Amounts are decimal strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ActionRequest {
    /// A new Marketplace or Auto transaction; the target is `new` until the service names it.
    CreateTransaction {
        input: crate::desk_create::NewTransactionInput,
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
    // The business-user and trade API (`crate::trade`); the target is the trade id (business id for business users).
    BusinessUserCreate {
        request: escrow_api::trade::CreateBusinessUser,
    },
    BusinessUserEdit {
        business_id: String,
        business_location_id: String,
        request: escrow_api::trade::EditBusinessUser,
    },
    BusinessUserDelete {
        business_id: String,
        business_location_id: String,
    },
    TradeInitiate {
        input: crate::trade::InitiateTradeInput,
    },
    TradeAcceptInvitation {
        trade_id: String,
        marketplace_user_id: String,
    },
    /// `amount`: what the payer pays into escrow, as confirmed (journal and audit only).
    TradeAcceptAndPay {
        trade_id: String,
        marketplace_user_id: String,
        receiver_shop_id: Option<String>,
        amount: String,
    },
    TradeRejectInvitation {
        trade_id: String,
        marketplace_user_id: String,
    },
    TradeAcceptItemCondition {
        trade_id: String,
        marketplace_user_id: String,
    },
    TradeRejectItemCondition {
        trade_id: String,
        marketplace_user_id: String,
        reason: String,
    },
    TradeAbandon {
        trade_id: String,
        marketplace_user_id: String,
    },
    TradeBuyDeliveryShipment {
        trade_id: String,
        marketplace_user_id: String,
        shipment_provider_id: String,
        price: String,
        expected_max_weight_in_grams: i32,
    },
    TradeBuyReturnShipment {
        trade_id: String,
        marketplace_user_id: String,
        shipment_provider_id: String,
        price: String,
        expected_max_weight_in_grams: i32,
    },
    TradeCancel {
        trade_id: String,
        state: String,
    },
    TradeReimburse {
        trade_id: String,
        payer_marketplace_user_id: String,
        amount: String,
    },
    /// `appSwitch*`: return to a native app after the hosted page (both optional).
    TradeStatusLink {
        trade_id: String,
        marketplace_user_id: String,
        return_url: String,
        #[serde(default)]
        app_switch_callback_uri: Option<String>,
        #[serde(default)]
        app_switch_operating_system: Option<String>,
    },
    TradePaymentFlow {
        trade_id: String,
        marketplace_user_id: String,
        payment_id: String,
        success_url: String,
        cancel_url: String,
        #[serde(default)]
        app_switch_callback_uri: Option<String>,
        #[serde(default)]
        app_switch_operating_system: Option<String>,
    },
    /// A link where the marketplace user connects (national eID when `force_onboarding`).
    TradeUserConnect {
        marketplace_user_id: String,
        success_url: String,
        cancel_url: String,
        required_kyc_level: Option<i32>,
        #[serde(default)]
        force_onboarding: bool,
        app_switch_callback_uri: Option<String>,
        app_switch_operating_system: Option<String>,
    },
    /// A link where the marketplace user picks the account payouts go to.
    TradeSelectPayoutAccount {
        marketplace_user_id: String,
        return_url: Option<String>,
        app_switch_callback_uri: Option<String>,
        app_switch_operating_system: Option<String>,
    },
    // Users and documents (crate::desk_users, crate::desk_documents); the target is the user, document or transaction.
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
    UploadDocument {
        transaction_id: String,
        title: String,
        signers_required: Option<i32>,
        file: crate::desk_documents::FileUpload,
    },
    SignDocument {
        document_id: String,
        service_account_id: String,
        return_url: Option<String>,
    },
    DeleteDocument {
        document_id: String,
    },
    SetBillOfSale {
        transaction_id: String,
        enable: bool,
        file: Option<crate::desk_documents::FileUpload>,
        amount: Option<String>,
        additional_terms: Option<String>,
        required_signers: Option<Vec<String>>,
    },
    AddDebtInformation {
        transaction_id: String,
        file: crate::desk_documents::FileUpload,
        amount: String,
        fik_code: Option<String>,
        bank_account: Option<String>,
        bank_account_text: Option<String>,
    },
}

impl ActionRequest {
    pub fn kind(&self) -> &'static str {
        match self {
            Self::CreateTransaction { .. } => "createTransaction",
            Self::Payout { .. } => "payout",
            Self::Cancel { .. } => "cancel",
            Self::Reimburse { .. } => "reimburse",
            Self::CreateSplitPayout { .. } => "createSplitPayout",
            Self::CancelSplitPayout { .. } => "cancelSplitPayout",
            Self::CreatePayment { .. } => "createPayment",
            Self::InitializePayment { .. } => "initializePayment",
            Self::ChangeAmount { .. } => "changeAmount",
            Self::Update { .. } => "update",
            Self::Delete { .. } => "delete",
            Self::AddPayee { .. } => "addPayee",
            Self::AddPayer { .. } => "addPayer",
            r @ crate::trade::any_trade!() => crate::trade::kind(r),
            Self::CreateGuest { .. } => "createGuest",
            Self::DeleteConnection { .. } => "deleteConnection",
            Self::AddBankAccount { .. } => "addBankAccount",
            Self::SetDefaultBankAccount { .. } => "setDefaultBankAccount",
            Self::DeleteBankAccount { .. } => "deleteBankAccount",
            Self::UploadDocument { .. } => "uploadDocument",
            Self::SignDocument { .. } => "signDocument",
            Self::DeleteDocument { .. } => "deleteDocument",
            Self::SetBillOfSale { .. } => "setBillOfSale",
            Self::AddDebtInformation { .. } => "addDebtInformation",
        }
    }

    pub fn transaction_id(&self) -> &str {
        match self {
            Self::CreateTransaction { .. } => "new",
            Self::Payout { transaction_id, .. }
            | Self::Cancel { transaction_id, .. }
            | Self::Reimburse { transaction_id, .. }
            | Self::CreateSplitPayout { transaction_id, .. }
            | Self::CancelSplitPayout { transaction_id, .. }
            | Self::CreatePayment { transaction_id, .. }
            | Self::InitializePayment { transaction_id, .. }
            | Self::ChangeAmount { transaction_id, .. }
            | Self::Update { transaction_id, .. }
            | Self::Delete { transaction_id }
            | Self::AddPayee { transaction_id, .. }
            | Self::AddPayer { transaction_id, .. } => transaction_id,
            r @ crate::trade::any_trade!() => crate::trade::target(r),
            Self::CreateGuest { reference_id, .. } => reference_id,
            Self::DeleteConnection { service_account_id, .. }
            | Self::AddBankAccount { service_account_id, .. }
            | Self::SetDefaultBankAccount { service_account_id, .. }
            | Self::DeleteBankAccount { service_account_id, .. } => service_account_id,
            Self::SignDocument { document_id, .. } | Self::DeleteDocument { document_id } => document_id,
            Self::UploadDocument { transaction_id, .. }
            | Self::SetBillOfSale { transaction_id, .. }
            | Self::AddDebtInformation { transaction_id, .. } => transaction_id,
        }
    }

    /// The amount the action moves or sets, for confirmation and the audit log.
    pub fn amount(&self) -> Option<&str> {
        match self {
            Self::CreateTransaction { input } => Some(input.amount.as_str()),
            Self::Payout { amount, .. } | Self::Cancel { amount, .. } => amount.as_deref(),
            Self::Reimburse { amount, .. }
            | Self::CreateSplitPayout { amount, .. }
            | Self::ChangeAmount { amount, .. } => Some(amount),
            Self::CreatePayment { amount, .. } => amount.as_deref(),
            r @ crate::trade::any_trade!() => crate::trade::amount(r),
            Self::SetBillOfSale { amount, .. } => amount.as_deref(),
            Self::AddDebtInformation { amount, .. } => Some(amount),
            _ => None,
        }
    }

    /// Checks every field before anything is written or sent.
    pub fn validate(&self) -> Result<(), AppError> {
        id("transactionId", self.transaction_id())?;
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
            Self::CancelSplitPayout { split_payout_id, .. } => id("splitPayoutId", split_payout_id),
            Self::CreatePayment { service_account_id, amount, .. } => {
                id("serviceAccountId", service_account_id)?;
                amount.as_deref().map(|a| positive("amount", a)).transpose().map(drop)
            }
            Self::InitializePayment { payment_id, payment_method, bank_id, bank_account_id, .. } => {
                id("paymentId", payment_id)?;
                crate::desk_payments::validate_initialize(
                    payment_method.as_deref(),
                    bank_id.as_deref(),
                    bank_account_id.as_deref(),
                )
            }
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
            r @ crate::trade::any_trade!() => crate::trade::validate(r),
            Self::Delete { .. } => Ok(()),
            Self::AddPayee { service_account_id, reference_id, phone_number, .. }
            | Self::AddPayer { service_account_id, reference_id, phone_number, .. } => {
                let given = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
                if !given(service_account_id) && !given(reference_id) && !given(phone_number) {
                    return Err(AppError::validation("Give an account id, a reference id or a phone number."));
                }
                Ok(())
            }
            Self::CreateGuest { .. }
            | Self::DeleteConnection { .. }
            | Self::AddBankAccount { .. }
            | Self::SetDefaultBankAccount { .. }
            | Self::DeleteBankAccount { .. } => crate::desk_users::validate(self),
            Self::UploadDocument { .. }
            | Self::SignDocument { .. }
            | Self::DeleteDocument { .. }
            | Self::SetBillOfSale { .. }
            | Self::AddDebtInformation { .. } => crate::desk_documents::validate(self),
        }
    }
}

fn id(field: &str, v: &str) -> Result<(), AppError> {
    let v = v.trim();
    if v.is_empty() || v.len() > 100 || v.chars().any(char::is_control) {
        return Err(AppError::validation(format!("{field} must be 1 to 100 visible characters.")));
    }
    Ok(())
}

/// Parses a decimal string exactly; refuses more than 2 decimals rather than rounding
/// a figure the staff member typed.
pub fn parse_amount(field: &str, text: &str) -> Result<Decimal, AppError> {
    let t = text.trim();
    let d = Decimal::from_str(t).map_err(|_| AppError::validation(format!("The {field} is not a number.")))?;
    if d.scale() > 2 {
        return Err(AppError::validation(format!("The {field} has more than 2 decimals.")));
    }
    Ok(d)
}

fn positive(field: &str, text: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, text)?;
    if d <= Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must be greater than zero.")));
    }
    Ok(d)
}

fn non_negative(field: &str, text: &str) -> Result<Decimal, AppError> {
    let d = parse_amount(field, text)?;
    if d < Decimal::ZERO {
        return Err(AppError::validation(format!("The {field} must not be negative.")));
    }
    Ok(d)
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

/// State of an action in the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ActionState {
    /// Written, not yet answered (or the app stopped before the answer was recorded).
    Pending,
    Succeeded,
    /// The service refused it; nothing happened.
    Failed,
    /// No clear answer: it may or may not have happened. Retry with the same key.
    Unknown,
    /// Left alone by the staff member.
    Dismissed,
}

impl ActionState {
    fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Unknown => "unknown",
            Self::Dismissed => "dismissed",
        }
    }
    fn parse(s: &str) -> Self {
        match s {
            "succeeded" => Self::Succeeded,
            "failed" => Self::Failed,
            "unknown" => Self::Unknown,
            "dismissed" => Self::Dismissed,
            _ => Self::Pending,
        }
    }
}

/// An action as the UI shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ActionRecord {
    pub id: String,
    pub environment_id: String,
    pub request: ActionRequest,
    pub state: ActionState,
    pub idempotency_key: String,
    pub correlation_id: Option<String>,
    /// The outcome in words (the service's problem title and detail on failure).
    pub message: Option<String>,
    /// Set when the failure came from the service, so the UI can show its code.
    pub error: Option<AppError>,
    #[ts(type = "number")]
    pub attempts: i64,
    pub created: String,
    pub updated: String,
}

/// Points in an action's life where a crash matters (see [`set_checkpoint_hook`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checkpoint {
    /// The intent and its key are committed; nothing has been sent.
    IntentCommitted,
    /// The service has answered; the journal does not know yet.
    ReplyReceived,
}

impl Checkpoint {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::IntentCommitted => "intent_committed",
            Self::ReplyReceived => "reply_received",
        }
    }
}

static CHECKPOINT_HOOK: std::sync::OnceLock<fn(Checkpoint)> = std::sync::OnceLock::new();

/// For crash tests only: `hook` runs at each [`Checkpoint`] (a test process kills itself
/// there with SIGKILL). The app never sets it; it can be set once per process.
pub fn set_checkpoint_hook(hook: fn(Checkpoint)) -> bool {
    CHECKPOINT_HOOK.set(hook).is_ok()
}

fn checkpoint(point: Checkpoint) {
    if let Some(hook) = CHECKPOINT_HOOK.get() {
        hook(point);
    }
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Commits the intent (action row + audit row) before anything is sent.
pub fn record_intent(db: &AppDb, environment_id: &str, req: &ActionRequest) -> Result<ActionRecord, AppError> {
    req.validate()?;
    let id = uuid::Uuid::new_v4().to_string();
    let key = IdempotencyKey::generate().as_str().to_owned();
    let request = serde_json::to_string(req).map_err(AppError::storage)?;
    let at = now();
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute(
        "INSERT INTO actions (id, environment_id, kind, target, amount, idempotency_key, request, state, created, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?8)",
        params![id, environment_id, req.kind(), req.transaction_id(), req.amount(), key, request, at],
    )
    .map_err(AppError::storage)?;
    audit::append(
        &tx,
        &NewEntry {
            environment_id,
            action_id: &id,
            kind: req.kind(),
            target: req.transaction_id(),
            amount: req.amount(),
            idempotency_key: Some(&key),
            correlation_id: None,
            phase: "intent",
            outcome: "pending",
            detail: None,
        },
    )?;
    tx.commit().map_err(AppError::storage)?;
    drop(conn);
    checkpoint(Checkpoint::IntentCommitted);
    get(db, &id)
}

/// Commits the outcome of one attempt.
pub fn record_outcome(
    db: &AppDb,
    record: &ActionRecord,
    outcome: &Result<Option<String>, AppError>,
) -> Result<ActionRecord, AppError> {
    record_outcome_noting(db, record, outcome, None)
}

/// Like [`record_outcome`], with a note for the audit row of a success (e.g. the id of
/// what was created, so the log says which transaction a create made).
pub fn record_outcome_noting(
    db: &AppDb,
    record: &ActionRecord,
    outcome: &Result<Option<String>, AppError>,
    note: Option<&str>,
) -> Result<ActionRecord, AppError> {
    checkpoint(Checkpoint::ReplyReceived);
    let (state, correlation, message, error) = match outcome {
        Ok(correlation) => (ActionState::Succeeded, correlation.clone(), None, None),
        Err(e) => {
            let ambiguous =
                matches!(e.code, ErrorCode::Timeout | ErrorCode::Network | ErrorCode::Server | ErrorCode::Conflict);
            let state = if ambiguous { ActionState::Unknown } else { ActionState::Failed };
            (state, e.correlation_id.clone(), Some(e.message.clone()), Some(e.clone()))
        }
    };
    let error_json = error.as_ref().map(serde_json::to_string).transpose().map_err(AppError::storage)?;
    let at = now();
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute(
        "UPDATE actions SET state = ?2, correlation_id = ?3, message = ?4, attempts = attempts + 1, updated = ?5 WHERE id = ?1",
        params![record.id, state.as_str(), correlation, error_json.or(message.clone()), at],
    )
    .map_err(AppError::storage)?;
    audit::append(
        &tx,
        &NewEntry {
            environment_id: &record.environment_id,
            action_id: &record.id,
            kind: record.request.kind(),
            target: record.request.transaction_id(),
            amount: record.request.amount(),
            idempotency_key: Some(&record.idempotency_key),
            correlation_id: correlation.as_deref(),
            phase: "outcome",
            outcome: state.as_str(),
            detail: message.as_deref().or(note),
        },
    )?;
    tx.commit().map_err(AppError::storage)?;
    drop(conn);
    get(db, &record.id)
}

/// Marks an open action as left alone (audited).
pub fn dismiss(db: &AppDb, id: &str) -> Result<ActionRecord, AppError> {
    let record = get(db, id)?;
    if !matches!(record.state, ActionState::Pending | ActionState::Unknown) {
        return Err(AppError::validation("Only a pending or unknown action can be dismissed."));
    }
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute("UPDATE actions SET state = 'dismissed', updated = ?2 WHERE id = ?1", params![id, now()])
        .map_err(AppError::storage)?;
    audit::append(
        &tx,
        &NewEntry {
            environment_id: &record.environment_id,
            action_id: id,
            kind: record.request.kind(),
            target: record.request.transaction_id(),
            amount: record.request.amount(),
            idempotency_key: Some(&record.idempotency_key),
            correlation_id: record.correlation_id.as_deref(),
            phase: "outcome",
            outcome: "dismissed",
            detail: None,
        },
    )?;
    tx.commit().map_err(AppError::storage)?;
    drop(conn);
    get(db, id)
}

type Row = (String, String, String, String, String, Option<String>, Option<String>, i64, String, String);

fn to_record(r: Row) -> Result<ActionRecord, AppError> {
    let (id, environment_id, key, request, state, correlation_id, message, attempts, created, updated) = r;
    let request: ActionRequest = serde_json::from_str(&request).map_err(AppError::storage)?;
    let error =
        message.as_deref().and_then(|m| serde_json::from_str::<AppErrorStored>(m).ok()).map(AppErrorStored::into_error);
    let message = error.as_ref().map(|e| e.message.clone()).or(message);
    Ok(ActionRecord {
        id,
        environment_id,
        request,
        state: ActionState::parse(&state),
        idempotency_key: key,
        correlation_id,
        message,
        error,
        attempts,
        created,
        updated,
    })
}

/// AppError as stored in the journal (it only derives Serialize for IPC).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AppErrorStored {
    code: String,
    message: String,
    status: Option<u16>,
    title: Option<String>,
    detail: Option<String>,
    correlation_id: Option<String>,
    #[serde(default)]
    field_errors: Option<Vec<crate::error::FieldErrorView>>,
}

impl AppErrorStored {
    fn into_error(self) -> AppError {
        let code = match self.code.as_str() {
            "not_found" => ErrorCode::NotFound,
            "unauthorized" => ErrorCode::Unauthorized,
            "bad_request" => ErrorCode::BadRequest,
            "conflict" => ErrorCode::Conflict,
            "timeout" => ErrorCode::Timeout,
            "network" => ErrorCode::Network,
            "server" => ErrorCode::Server,
            "validation" => ErrorCode::Validation,
            _ => ErrorCode::Internal,
        };
        AppError {
            code,
            message: self.message,
            status: self.status,
            title: self.title,
            detail: self.detail,
            correlation_id: self.correlation_id,
            field_errors: self.field_errors,
        }
    }
}

const SELECT: &str = "SELECT id, environment_id, idempotency_key, request, state, correlation_id, message, attempts, created, updated FROM actions";

fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?))
}

pub fn get(db: &AppDb, id: &str) -> Result<ActionRecord, AppError> {
    let conn = db.lock()?;
    let row = conn
        .query_row(&format!("{SELECT} WHERE id = ?1"), [id], read_row)
        .optional()
        .map_err(AppError::storage)?
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, format!("No action with id {id}.")))?;
    to_record(row)
}

/// Actions that did not reach a clear end (shown at start to retry or dismiss).
pub fn open(db: &AppDb) -> Result<Vec<ActionRecord>, AppError> {
    let conn = db.lock()?;
    let mut stmt = conn
        .prepare(&format!("{SELECT} WHERE state IN ('pending', 'unknown') ORDER BY created"))
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map([], read_row)
        .map_err(AppError::storage)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(AppError::storage)?;
    rows.into_iter().map(to_record).collect()
}

/// Sends the stored request with the stored key. Returns the correlation id on success.
pub async fn send(client: &Client, record: &ActionRecord) -> Result<Option<String>, AppError> {
    let key = IdempotencyKey::new(record.idempotency_key.clone())?;
    let opts = CallOptions::with_idempotency_key(key);
    let amount = |t: &str| parse_amount("amount", t);
    let optional =
        |t: &Option<String>| t.as_deref().filter(|s| !s.is_empty()).map(|s| parse_amount("amount", s)).transpose();
    let meta = match &record.request {
        ActionRequest::CreateTransaction { .. } => {
            return crate::desk_create::send(client, record).await.map(|s| s.correlation_id);
        }
        ActionRequest::Payout { transaction_id, service_account_id, .. } => {
            client
                .transactions()
                .payout(transaction_id, &PayoutTransaction { service_account_id: service_account_id.clone() }, &opts)
                .await?
                .meta
        }
        ActionRequest::Cancel { transaction_id, service_account_id, reason, .. } => {
            let body = CancelTransaction { service_account_id: service_account_id.clone(), reason: reason.clone() };
            client.transactions().cancel(transaction_id, &body, &opts).await?.meta
        }
        ActionRequest::Reimburse { transaction_id, amount: a } => {
            client.transactions().reimburse_payer(transaction_id, amount(a)?, &opts).await?.meta
        }
        ActionRequest::CreateSplitPayout { transaction_id, amount: a, recipient, timing } => {
            let body = CreateSplitPayout {
                amount: amount(a)?,
                recipient: recipient_of(recipient)?,
                timing: timing_of(timing.as_deref())?,
            };
            client.split_payouts().create(transaction_id, &body, &opts).await?.meta
        }
        ActionRequest::CancelSplitPayout { transaction_id, split_payout_id } => {
            client.split_payouts().cancel(transaction_id, split_payout_id, &opts).await?.meta
        }
        ActionRequest::CreatePayment { .. } | ActionRequest::InitializePayment { .. } => {
            return crate::desk_payments::send(client, record).await.map(|s| s.correlation_id);
        }
        ActionRequest::ChangeAmount { transaction_id, amount: a, payee_fixed_fee, payer_fixed_fee } => {
            let body = ChangeAmount {
                amount: amount(a)?,
                payee_fixed_fee: optional(payee_fixed_fee)?,
                payer_fixed_fee: optional(payer_fixed_fee)?,
            };
            client.transactions().change_amount(transaction_id, &body).await?.meta
        }
        ActionRequest::Update { transaction_id, expected_completion, retail_amount } => {
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
            client
                .transactions()
                .update(transaction_id, &UpdateTransaction { expected_completion, retail_amount })
                .await?
                .meta
        }
        ActionRequest::Delete { transaction_id } => client.transactions().delete(transaction_id).await?.meta,
        r @ crate::trade::any_trade!() => {
            return crate::trade::send(client, r, &opts).await.map(|s| Some(s.correlation_id));
        }
        ActionRequest::AddPayee { transaction_id, service_account_id, reference_id, phone_number } => {
            let body = AddParty {
                service_account_id: service_account_id.clone(),
                reference_id: reference_id.clone(),
                phone_number: phone_number.clone(),
            };
            client.transactions().add_payee(transaction_id, &body).await?.meta
        }
        ActionRequest::AddPayer { transaction_id, service_account_id, reference_id, phone_number } => {
            let body = AddParty {
                service_account_id: service_account_id.clone(),
                reference_id: reference_id.clone(),
                phone_number: phone_number.clone(),
            };
            client.transactions().add_payer(transaction_id, &body).await?.meta
        }
        ActionRequest::CreateGuest { .. }
        | ActionRequest::DeleteConnection { .. }
        | ActionRequest::AddBankAccount { .. }
        | ActionRequest::SetDefaultBankAccount { .. }
        | ActionRequest::DeleteBankAccount { .. } => {
            return crate::desk_users::send(client, &record.request).await.map(|s| s.correlation_id);
        }
        ActionRequest::UploadDocument { .. }
        | ActionRequest::SignDocument { .. }
        | ActionRequest::DeleteDocument { .. }
        | ActionRequest::SetBillOfSale { .. }
        | ActionRequest::AddDebtInformation { .. } => {
            return crate::desk_documents::send(client, &record.request).await.map(|s| s.correlation_id);
        }
    };
    Ok(Some(meta.correlation_id))
}

/// Before resending an action whose outcome is unknown, looks at the transaction:
/// `Some(true)` when the effect is already visible (no resend needed). For actions
/// whose effect a GET cannot show, `None`: resending with the same key is safe.
pub async fn reconcile(client: &Client, record: &ActionRecord) -> Result<Option<bool>, AppError> {
    use escrow_api::enums::TransactionStatus;
    if matches!(record.request, crate::trade::any_trade!()) {
        return Ok(None); // no v2 transaction to look at; keyed trade calls are replayed by the service
    }
    if matches!(record.request, ActionRequest::CreateTransaction { .. }) {
        return Ok(None); // no id yet; the resend carries the same Idempotency-Key and uniquenessKey
    }
    let id = record.request.transaction_id();
    let status = match client.transactions().get(id).await {
        Ok(t) => Some(t.status),
        Err(e) if matches!(e.kind, escrow_api::ErrorKind::NotFound(_)) => None,
        Err(e) => return Err(e.into()),
    };
    Ok(match (&record.request, status) {
        (ActionRequest::Payout { .. }, Some(TransactionStatus::Succeeded)) => Some(true),
        (ActionRequest::Cancel { .. }, Some(TransactionStatus::Cancelled)) => Some(true),
        (ActionRequest::Delete { .. }, None) => Some(true),
        (ActionRequest::Payout { .. } | ActionRequest::Cancel { .. } | ActionRequest::Delete { .. }, _) => Some(false),
        _ => None,
    })
}
