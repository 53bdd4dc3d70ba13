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
export type Party = { serviceAccountId: string | null, referenceId: string | null, name: string | null, email: string | null, phoneNumber: string | null, };
export type Fees = { payee: string | null, payer: string | null, tenant: string | null, safepay: string | null, };
export type AutoInformation = { brand: string | null, model: string | null, year: number | null, mileage: number | null, registrationNumber: string | null, vin: string | null, retailAmount: string | null, firstRegistration: string | null, billOfSale: unknown, debt: unknown, };
export type InboundSummary = { amount: string | null, currency: Currency | null, };
export type PaymentsSummary = { inbound: InboundSummary | null, };
export type TransactionListItem = { transactionId: string, amount: string, currency: Currency, status: TransactionStatus, created: string | null, referenceId: string | null, payee: Party | null, payer: Party | null, title: string | null, autoInformation: AutoInformation | null, fees: Fees | null, payments: PaymentsSummary | null, expectedCompletion: string | null, };
export type InboundPayment = { paymentId: string | null, payer: Party | null, method: PaymentMethod | null, amount: string, currency: Currency | null, status: PaymentStatus, created: string | null, authorized: string | null, failed: string | null, };
export type OutboundPayment = { destination: string | null, text: string | null, payee: Party | null, amount: string, currency: Currency | null, status: PayoutStatus, created: string | null, authorized: string | null, };
export type InboundPayments = { amount: string | null, payments: Array<InboundPayment>, };
export type OutboundPayments = { amount: string | null, payments: Array<OutboundPayment>, };
export type TransactionPayments = { inbound: InboundPayments, outbound: OutboundPayments, };
export type Transaction = { transactionId: string, checkoutUrl: string | null, paymentGuideUrl: string | null, status: TransactionStatus, referenceId: string | null, amount: string, currency: Currency, fees: Fees | null, payee: Party | null, payer: Party | null, title: string | null, 
/**
 * Not in the spec's record, but sent by the sandbox; absent stays `None`.
 */
description: string | null, created: string | null, autoInformation: AutoInformation | null, expectedCompletion: string | null, payments: TransactionPayments, };
