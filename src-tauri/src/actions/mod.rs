//! Every staff action the app journals, as one union the journal stores and the pending
//! actions page lists. Each action's checks, request and reconciliation are here or in
//! its domain's module; the road from intent to outcome is [`crate::journal`].

pub mod commands;
pub mod service;

use crate::error::AppError;
use crate::journal::{Action, Sent};
use escrow_api::enums::{Recipient, Timing};
use escrow_api::models::{
    AddParty, CancelTransaction, ChangeAmount, CreateSplitPayout, Patch, PayoutTransaction, UpdateTransaction,
};
use escrow_api::{CallOptions, Client, IdempotencyKey};
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
        input: crate::transactions::create::NewTransactionInput,
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
        input: crate::trades::rules::InitiateTradeInput,
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
    // Users and documents (crate::users::service, crate::documents::service); the target is the user, document or transaction.
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
        file: crate::documents::service::FileUpload,
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
        file: Option<crate::documents::service::FileUpload>,
        amount: Option<String>,
        additional_terms: Option<String>,
        required_signers: Option<Vec<String>>,
    },
    AddDebtInformation {
        transaction_id: String,
        file: crate::documents::service::FileUpload,
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
            r @ crate::trades::rules::any_trade!() => crate::trades::rules::kind(r),
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
            r @ crate::trades::rules::any_trade!() => crate::trades::rules::target(r),
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
            r @ crate::trades::rules::any_trade!() => crate::trades::rules::amount(r),
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
                crate::payments::service::validate_initialize(
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
            r @ crate::trades::rules::any_trade!() => crate::trades::rules::validate(r),
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
            | Self::DeleteBankAccount { .. } => crate::users::service::validate(self),
            Self::UploadDocument { .. }
            | Self::SignDocument { .. }
            | Self::DeleteDocument { .. }
            | Self::SetBillOfSale { .. }
            | Self::AddDebtInformation { .. } => crate::documents::service::validate(self),
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

/// A journaled action as the UI shows it.
pub type ActionRecord = crate::journal::Record<ActionRequest>;

/// What an action answered that the UI needs at once.
#[derive(Debug, Clone, Default)]
pub struct ActionAnswer {
    /// The new transactionId (create), serviceAccountId (guest), documentId (upload),
    /// signing URL (sign) or paymentId (payments).
    pub value: Option<String>,
    /// The hosted page a payment answered, to copy or open in the browser.
    pub link: Option<String>,
    /// What a trade-API action answered.
    pub trade: Option<crate::trades::rules::TradeSent>,
}

impl ActionAnswer {
    fn value(correlation_id: Option<String>, value: Option<String>) -> Sent<ActionAnswer> {
        Sent { correlation_id, answer: ActionAnswer { value, ..ActionAnswer::default() } }
    }
}

impl Action for ActionRequest {
    type Answer = ActionAnswer;

    fn kind(&self) -> &'static str {
        ActionRequest::kind(self)
    }

    fn target(&self) -> &str {
        self.transaction_id()
    }

    fn amount(&self) -> Option<&str> {
        ActionRequest::amount(self)
    }

    fn validate(&self) -> Result<(), AppError> {
        ActionRequest::validate(self)
    }

    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<ActionAnswer>, AppError> {
        send(self, client, key).await
    }

    async fn reconcile(&self, client: &Client) -> Result<Option<bool>, AppError> {
        reconcile(self, client).await
    }

    fn note(&self, answer: &ActionAnswer) -> Option<String> {
        match (self, answer.value.as_deref()) {
            (Self::CreateTransaction { .. }, Some(id)) => Some(format!("created {id}")),
            (Self::CreatePayment { .. } | Self::InitializePayment { .. }, Some(id)) => Some(format!("payment {id}")),
            _ => None,
        }
    }
}

/// Sends the request once with `key`.
async fn send(request: &ActionRequest, client: &Client, key: &IdempotencyKey) -> Result<Sent<ActionAnswer>, AppError> {
    let opts = CallOptions::with_idempotency_key(key.clone());
    let amount = |t: &str| parse_amount("amount", t);
    let optional =
        |t: &Option<String>| t.as_deref().filter(|s| !s.is_empty()).map(|s| parse_amount("amount", s)).transpose();
    let meta = match request {
        ActionRequest::CreateTransaction { input } => {
            let s = crate::transactions::create::send(client, input, key).await?;
            return Ok(ActionAnswer::value(s.correlation_id, s.value));
        }
        ActionRequest::Payout { transaction_id, service_account_id, .. } => {
            client
                .payout_transaction(
                    transaction_id,
                    &PayoutTransaction { service_account_id: service_account_id.clone() },
                    &opts,
                )
                .await?
                .meta
        }
        ActionRequest::Cancel { transaction_id, service_account_id, reason, .. } => {
            let body = CancelTransaction { service_account_id: service_account_id.clone(), reason: reason.clone() };
            client.cancel_transaction(transaction_id, &body, &opts).await?.meta
        }
        ActionRequest::Reimburse { transaction_id, amount: a } => {
            client.reimburse_payer(transaction_id, amount(a)?, &opts).await?.meta
        }
        ActionRequest::CreateSplitPayout { transaction_id, amount: a, recipient, timing } => {
            let body = CreateSplitPayout {
                amount: amount(a)?,
                recipient: recipient_of(recipient)?,
                timing: timing_of(timing.as_deref())?,
            };
            client.create_split_payout(transaction_id, &body, &opts).await?.meta
        }
        ActionRequest::CancelSplitPayout { transaction_id, split_payout_id } => {
            client.cancel_split_payout(transaction_id, split_payout_id, &opts).await?.meta
        }
        ActionRequest::CreatePayment { .. } | ActionRequest::InitializePayment { .. } => {
            let s = crate::payments::service::send(client, request, key).await?;
            let answer = ActionAnswer { value: s.payment_id, link: Some(s.url), trade: None };
            return Ok(Sent { correlation_id: s.correlation_id, answer });
        }
        ActionRequest::ChangeAmount { transaction_id, amount: a, payee_fixed_fee, payer_fixed_fee } => {
            let body = ChangeAmount {
                amount: amount(a)?,
                payee_fixed_fee: optional(payee_fixed_fee)?,
                payer_fixed_fee: optional(payer_fixed_fee)?,
            };
            client.change_amount(transaction_id, &body).await?.meta
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
                .update_transaction(transaction_id, &UpdateTransaction { expected_completion, retail_amount })
                .await?
                .meta
        }
        ActionRequest::Delete { transaction_id } => client.delete_transaction(transaction_id).await?.meta,
        r @ crate::trades::rules::any_trade!() => {
            let s = crate::trades::rules::send(client, r, &opts).await?;
            let answer = ActionAnswer { trade: Some(s.clone()), ..ActionAnswer::default() };
            return Ok(Sent { correlation_id: Some(s.correlation_id), answer });
        }
        ActionRequest::AddPayee { transaction_id, service_account_id, reference_id, phone_number } => {
            let body = AddParty {
                service_account_id: service_account_id.clone(),
                reference_id: reference_id.clone(),
                phone_number: phone_number.clone(),
            };
            client.add_payee(transaction_id, &body).await?.meta
        }
        ActionRequest::AddPayer { transaction_id, service_account_id, reference_id, phone_number } => {
            let body = AddParty {
                service_account_id: service_account_id.clone(),
                reference_id: reference_id.clone(),
                phone_number: phone_number.clone(),
            };
            client.add_payer(transaction_id, &body).await?.meta
        }
        ActionRequest::CreateGuest { .. }
        | ActionRequest::DeleteConnection { .. }
        | ActionRequest::AddBankAccount { .. }
        | ActionRequest::SetDefaultBankAccount { .. }
        | ActionRequest::DeleteBankAccount { .. } => {
            let s = crate::users::service::send(client, request).await?;
            return Ok(ActionAnswer::value(s.correlation_id, s.value));
        }
        ActionRequest::UploadDocument { .. }
        | ActionRequest::SignDocument { .. }
        | ActionRequest::DeleteDocument { .. }
        | ActionRequest::SetBillOfSale { .. }
        | ActionRequest::AddDebtInformation { .. } => {
            let s = crate::documents::service::send(client, request).await?;
            return Ok(ActionAnswer::value(s.correlation_id, s.value));
        }
    };
    Ok(ActionAnswer::value(Some(meta.correlation_id), None))
}

/// Before resending an action whose outcome is unknown, looks at the transaction:
/// `Some(true)` when the effect is already visible (no resend needed). For actions
/// whose effect a GET cannot show, `None`: resending with the same key is safe.
async fn reconcile(request: &ActionRequest, client: &Client) -> Result<Option<bool>, AppError> {
    use escrow_api::enums::TransactionStatus;
    if matches!(request, crate::trades::rules::any_trade!()) {
        return Ok(None); // no v2 transaction to look at; keyed trade calls are replayed by the service
    }
    if matches!(request, ActionRequest::CreateTransaction { .. }) {
        return Ok(None); // no id yet; the resend carries the same Idempotency-Key and uniquenessKey
    }
    let id = request.transaction_id();
    let status = match client.get_transaction(id).await {
        Ok(t) => Some(t.status),
        Err(e) if matches!(e.kind, escrow_api::ErrorKind::NotFound(_)) => None,
        Err(e) => return Err(e.into()),
    };
    Ok(match (request, status) {
        (ActionRequest::Payout { .. }, Some(TransactionStatus::Succeeded)) => Some(true),
        (ActionRequest::Cancel { .. }, Some(TransactionStatus::Cancelled)) => Some(true),
        (ActionRequest::Delete { .. }, None) => Some(true),
        (ActionRequest::Payout { .. } | ActionRequest::Cancel { .. } | ActionRequest::Delete { .. }, _) => Some(false),
        _ => None,
    })
}
