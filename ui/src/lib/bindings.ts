// Generated from Rust by ts-rs (src-tauri/src/bindings.rs). Do not edit by hand.

export type Badge = "sandbox" | "production";
export type EnvironmentView = { id: string, name: string, baseUrl: string, badge: Badge, builtIn: boolean, hasKey: boolean, };
export type EnvironmentList = { activeId: string, environments: Array<EnvironmentView>, };
export type ProfileInput = { id: string | null, name: string, baseUrl: string, badge: Badge, };
export type ConnectionCheck = { transactionCount: number, };
export type TransactionQuery = { search: string | null, skip: number, take: number, };
export type TransactionPageView = { environmentId: string, count: number, items: Array<TransactionListItem>, };
export type TransactionView = { environmentId: string, transaction: Transaction, };
export type ErrorCode = "validation" | "not_found" | "unauthorized" | "bad_request" | "conflict" | "timeout" | "network" | "server" | "unreadable_response" | "no_api_key" | "keychain_unavailable" | "keychain_locked" | "environment_not_found" | "storage" | "internal";
export type AppError = { code: ErrorCode, message: string, status: number | null, title: string | null, detail: string | null, 
/**
 * Quote this to the service's support.
 */
correlationId: string | null, };
export type TransactionStatus = string;
export type Currency = string;
export type PaymentStatus = string;
export type PayoutStatus = string;
export type PaymentMethod = string;
export type Recipient = string;
export type Timing = string;
export type SplitPayoutStatus = string;
export type Party = { 
/**
 * The party's account at the service; `None` while the party is only invited or referenced.
 */
serviceAccountId: string | null, 
/**
 * The tenant's own user id for the party, as linked in the connect flow.
 */
referenceId: string | null, 
/**
 * Name on the party's account; `None` until the party has connected.
 */
name: string | null, 
/**
 * E-mail on the party's account, for contacting them; `None` if unknown.
 */
email: string | null, 
/**
 * Phone number on the party's account; `None` if unknown.
 */
phoneNumber: string | null, };
export type Fees = { 
/**
 * Fee charged to the payee, taken out of what the payee receives; in the transaction's
 * currency.
 */
payee: string | null, 
/**
 * Fee charged to the payer, paid on top of the transaction amount; in the transaction's
 * currency.
 */
payer: string | null, 
/**
 * What the tenant earns: payer fee + payee fee − the service's fee. Negative means a
 * shortfall that the service bills to the tenant.
 */
tenant: string | null, 
/**
 * The service's own fee, taken out of the tenant's fees.
 */
safepay: string | null, };
export type AutoInformation = { 
/**
 * Make of the vehicle, e.g. "Volkswagen"; searchable in the transaction list.
 */
brand: string | null, 
/**
 * Model of the vehicle, e.g. "Golf"; searchable in the transaction list.
 */
model: string | null, 
/**
 * Model year; read from a number or a numeric string.
 */
year: number | null, 
/**
 * Odometer reading (kilometres in Danish use; the spec gives no unit); read from a
 * number or a numeric string.
 */
mileage: number | null, 
/**
 * Licence plate; searchable in the transaction list.
 */
registrationNumber: string | null, 
/**
 * Vehicle identification number (chassis number); searchable in the transaction list.
 */
vin: string | null, 
/**
 * The vehicle's retail value in the transaction's currency; changeable later with
 * update. Rounded to 2 decimals.
 */
retailAmount: string | null, 
/**
 * Date of first registration, kept as sent (the spec gives no format).
 */
firstRegistration: string | null, 
/**
 * Bill-of-sale settings, kept as JSON (the spec does not show its fields). Enabling
 * it needs the tenant's bill-of-sale module.
 */
billOfSale: unknown, 
/**
 * Outstanding-debt settings (a loan on the vehicle to settle from the price), kept as
 * JSON (the spec does not show its fields). Enabling it needs the tenant's debt module.
 */
debt: unknown, };
export type InboundSummary = { 
/**
 * What the payer has paid into escrow so far, in `currency`.
 */
amount: string | null, 
/**
 * Currency of `amount`.
 */
currency: Currency | null, };
export type PaymentsSummary = { 
/**
 * Money paid in by the payer; `None` when the service sends nothing.
 */
inbound: InboundSummary | null, };
export type TransactionListItem = { 
/**
 * The service's id of the transaction.
 */
transactionId: string, 
/**
 * The price held in escrow, excluding the payer's fee, in `currency`.
 */
amount: string, 
/**
 * DKK or EUR; DKK when the service omits it.
 */
currency: Currency, 
/**
 * Where the transaction stands: CREATED, PAID, SUCCEEDED, CANCELLED, or a newer value
 * kept as sent.
 */
status: TransactionStatus, 
/**
 * When the transaction was created (UTC); `None` if the service omits it.
 */
created: string | null, 
/**
 * The tenant's own id for the transaction, as given at creation.
 */
referenceId: string | null, 
/**
 * Who receives the money; `None` until a payee is known.
 */
payee: Party | null, 
/**
 * Who pays; `None` until a payer is known.
 */
payer: Party | null, 
/**
 * The title shown to the parties during checkout.
 */
title: string | null, 
/**
 * Vehicle data of an Auto transaction; `None` for Marketplace.
 */
autoInformation: AutoInformation | null, 
/**
 * Fees charged to each party and what the tenant and the service get.
 */
fees: Fees | null, 
/**
 * What the payer has paid in so far.
 */
payments: PaymentsSummary | null, 
/**
 * When the deal is expected to complete; `None` when not set.
 */
expectedCompletion: string | null, };
export type InboundPayment = { 
/**
 * The payment's id, as returned by create payment.
 */
paymentId: string | null, 
/**
 * Who paid (usually the transaction's payer).
 */
payer: Party | null, 
/**
 * PSD2, BANK, MOBILEWALLET, TRANSFER or a newer value kept as sent; `None` while the
 * payer has not chosen.
 */
method: PaymentMethod | null, 
/**
 * Amount of this payment, in `currency`.
 */
amount: string, 
/**
 * Currency of `amount`; `None` when the service omits it (then the transaction's).
 */
currency: Currency | null, 
/**
 * INPROGRESS (waiting for the payer), AUTHORIZED (money in escrow), FAILED, RETURNED
 * (refunded to the payer), or a newer value kept as sent.
 */
status: PaymentStatus, 
/**
 * When the payment was created.
 */
created: string | null, 
/**
 * When the payer's bank authorized it, putting the money in escrow; `None` until then.
 */
authorized: string | null, 
/**
 * When the payment failed; `None` unless it did.
 */
failed: string | null, };
export type OutboundPayment = { 
/**
 * The receiving account as the service shows it; `None` when not shown.
 */
destination: string | null, 
/**
 * Transfer text the receiver sees on the bank statement.
 */
text: string | null, 
/**
 * Who receives this money: the payee, a split-payout recipient, or the payer on refund.
 */
payee: Party | null, 
/**
 * Amount paid out, in `currency`.
 */
amount: string, 
/**
 * Currency of `amount`; `None` when the service omits it (then the transaction's).
 */
currency: Currency | null, 
/**
 * SCHEDULED (waiting for the payout run), PAID, CANCELLED, or a newer value kept as sent.
 */
status: PayoutStatus, 
/**
 * When the payout was scheduled.
 */
created: string | null, 
/**
 * When the transfer was authorized for execution; `None` until then.
 */
authorized: string | null, };
export type InboundPayments = { 
/**
 * Total actually paid in, in the transaction's currency.
 */
amount: string | null, 
/**
 * Every payment created for the transaction, including unfinished and failed ones.
 */
payments: Array<InboundPayment>, };
export type OutboundPayments = { 
/**
 * Total scheduled or paid out (cancelled payouts excluded), in the transaction's currency.
 */
amount: string | null, 
/**
 * Each payout, split payout and refund.
 */
payments: Array<OutboundPayment>, };
export type TransactionPayments = { 
/**
 * From the payer into escrow.
 */
inbound: InboundPayments, 
/**
 * From escrow to the payee, split-payout recipients or back to the payer.
 */
outbound: OutboundPayments, };
export type Transaction = { 
/**
 * The service's id of the transaction.
 */
transactionId: string, 
/**
 * Hosted checkout page for the payer.
 */
checkoutUrl: string | null, 
/**
 * Hosted page that tells the payer how to pay.
 */
paymentGuideUrl: string | null, 
/**
 * Where the transaction stands: CREATED, PAID, SUCCEEDED, CANCELLED, or a newer value
 * kept as sent.
 */
status: TransactionStatus, 
/**
 * The tenant's own id for the transaction, as given at creation.
 */
referenceId: string | null, 
/**
 * The price held in escrow, excluding the payer's fee, in `currency`.
 */
amount: string, 
/**
 * DKK or EUR; DKK when the service omits it.
 */
currency: Currency, 
/**
 * Fees charged to each party and what the tenant and the service get.
 */
fees: Fees | null, 
/**
 * Who receives the money; `None` until a payee is known.
 */
payee: Party | null, 
/**
 * Who pays; `None` until a payer is known.
 */
payer: Party | null, 
/**
 * The title shown to the parties during checkout.
 */
title: string | null, 
/**
 * Not in the spec's record, but sent by the sandbox; absent stays `None`.
 */
description: string | null, 
/**
 * When the transaction was created (UTC); not in the spec's record, so `None` if absent.
 */
created: string | null, 
/**
 * Vehicle data of an Auto transaction; `None` for Marketplace.
 */
autoInformation: AutoInformation | null, 
/**
 * When the deal is expected to complete; `None` when not set.
 */
expectedCompletion: string | null, 
/**
 * Money in and out; empty lists when there is none.
 */
payments: TransactionPayments, };
export type SplitPayout = { 
/**
 * The split payout's id; needed to cancel it while it is PENDING.
 */
splitPayoutId: string, 
/**
 * Amount to pay out, in `currency`.
 */
amount: string, 
/**
 * Currency of `amount`; `None` when the service omits it (then the transaction's).
 */
currency: Currency | null, 
/**
 * PAYEE, PAYER or TENANT.
 */
recipient: Recipient, 
/**
 * The receiving user's account; `None` when the tenant receives it.
 */
serviceAccountId: string | null, 
/**
 * NEXT_PAYOUT or ON_CLOSE; `None` when the service omits it.
 */
timing: Timing | null, 
/**
 * Text describing the split payout, as the service shows it.
 */
description: string | null, 
/**
 * The receiving account, as the service shows it.
 */
destination: string | null, 
/**
 * PENDING (not yet in a payout batch; can be cancelled), PAID, CANCELLED, or a newer
 * value kept as sent.
 */
status: SplitPayoutStatus, 
/**
 * When the split payout was created.
 */
created: string | null, };
export type PaymentInstructions = { 
/**
 * What remains to pay, including payer fees.
 */
amount: string, 
/**
 * DKK or EUR, the transaction's currency.
 */
currency: Currency, 
/**
 * The reference the payer must include when paying to the account number.
 */
bankMessage: string | null, 
/**
 * The escrow account number (Danish reg. no. + account no.) to pay to, with
 * `bank_message` as the reference.
 */
bban: string | null, 
/**
 * The escrow account as IBAN (EUR always pays to the account with `bank_message`).
 */
iban: string | null, 
/**
 * BIC/SWIFT code of the escrow account's bank, for transfers from abroad.
 */
swift: string | null, 
/**
 * FIK (+71) code; empty for EUR.
 */
fik: string | null, };
export type SplitPayoutsView = { environmentId: string, items: Array<SplitPayout>, };
export type PaymentInstructionsView = { environmentId: string, instructions: PaymentInstructions, };
export type ActionRequest = { "kind": "payout", transactionId: string, serviceAccountId: string, } | { "kind": "cancel", transactionId: string, serviceAccountId: string, reason: string | null, } | { "kind": "reimburse", transactionId: string, amount: string, } | { "kind": "createSplitPayout", transactionId: string, amount: string, recipient: string, timing: string | null, } | { "kind": "cancelSplitPayout", transactionId: string, splitPayoutId: string, } | { "kind": "createPayment", transactionId: string, serviceAccountId: string, amount: string | null, } | { "kind": "changeAmount", transactionId: string, amount: string, payeeFixedFee: string | null, payerFixedFee: string | null, } | { "kind": "update", transactionId: string, expectedCompletion: string | null, retailAmount: string | null, } | { "kind": "delete", transactionId: string, } | { "kind": "addPayee", transactionId: string, serviceAccountId: string | null, referenceId: string | null, phoneNumber: string | null, } | { "kind": "addPayer", transactionId: string, serviceAccountId: string | null, referenceId: string | null, phoneNumber: string | null, };
export type ActionState = "pending" | "succeeded" | "failed" | "unknown" | "dismissed";
export type ActionRecord = { id: string, environmentId: string, request: ActionRequest, state: ActionState, idempotencyKey: string, correlationId: string | null, 
/**
 * The outcome in words (the service's problem title and detail on failure).
 */
message: string | null, 
/**
 * Set when the failure came from the service, so the UI can show its code.
 */
error: AppError | null, attempts: number, created: string, updated: string, };
export type AuditEntry = { seq: number, at: string, environmentId: string, actionId: string, kind: string, target: string, amount: string | null, idempotencyKey: string | null, correlationId: string | null, 
/**
 * `intent` (before the request) or `outcome` (after).
 */
phase: string, 
/**
 * `pending`, `succeeded`, `failed`, `unknown` or `dismissed`.
 */
outcome: string, detail: string | null, };
export type ChainCheck = { rows: number, 
/**
 * The first row whose hash does not match its content or predecessor.
 */
brokenAt: number | null, };
