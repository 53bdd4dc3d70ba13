// Every Tauri command the window calls: one thin typed wrapper each, grouped by domain.
// No logic here beyond shaping the arguments (this file is meant to be generated from Rust).
import { invoke } from '@tauri-apps/api/core';
import type * as B from '../lib/bindings';
import { toAppError } from './errors';

/** Runs a command; anything it throws becomes an AppError. */
async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toAppError(e);
  }
}

export const ipc = {
  // environments (commands.rs)
  listEnvironments: () => call<B.EnvironmentList>('list_environments'),
  selectEnvironment: (id: string) => call<B.EnvironmentView>('select_environment', { id }),
  saveProfile: (input: B.ProfileInput) => call<B.EnvironmentView>('save_profile', { input }),
  setApiKey: (profileId: string, apiKey: string) => call<null>('set_api_key', { profileId, apiKey }),
  deleteProfile: (id: string) => call<null>('delete_profile', { id }),
  testConnection: (id: string) => call<B.ConnectionCheck>('test_connection', { id }),
  // transactions and export
  listTransactions: (query: B.TransactionQuery) => call<B.TransactionPageView>('list_transactions', { query }),
  getTransaction: (id: string) => call<B.TransactionView>('get_transaction', { id }),
  createTransaction: (input: B.NewTransactionInput) => call<B.ActionOutcome>('create_transaction', { input }),
  startExport: (request: B.ExportRequest) => call<B.ExportStatus>('start_export', { request }),
  exportStatus: (id: string) => call<B.ExportStatus>('export_status', { id }),
  cancelExport: (id: string) => call<B.ExportStatus>('cancel_export', { id }),
  // journaled actions
  startAction: (request: B.ActionRequest) => call<B.ActionRecord>('start_action', { request }),
  retryAction: (id: string) => call<B.ActionRecord>('retry_action', { id }),
  dismissAction: (id: string) => call<B.ActionRecord>('dismiss_action', { id }),
  openActions: () => call<B.ActionRecord[]>('open_actions'),
  // payments and split payouts
  paymentAction: (request: B.ActionRequest) => call<B.ActionOutcome>('payment_action', { request }),
  paymentInstructions: (transactionId: string, serviceAccountId: string) =>
    call<B.PaymentInstructionsView>('payment_instructions', { transactionId, serviceAccountId }),
  listSplitPayouts: (transactionId: string) => call<B.SplitPayoutsView>('list_split_payouts', { transactionId }),
  // audit log
  auditLog: (filter: string | null, limit: number) => call<B.AuditEntry[]>('audit_log', { filter, limit }),
  verifyAuditLog: () => call<B.ChainCheck>('verify_audit_log'),
  saveAuditCsv: (text: string | null) => call<B.AuditFile>('save_audit_csv', { text }),
  // the system browser
  openExternal: (url: string) => call<null>('open_external', { url }),
  // users, connect, bank accounts (commands_users.rs)
  listUsers: (query: B.UserQuery) => call<B.UserPageView>('list_users', { query }),
  getUser: (serviceAccountId: string) => call<B.UserView>('get_user', { serviceAccountId }),
  startConnect: (input: B.ConnectInput) => call<B.HostedUrlView>('start_connect', { input }),
  getConnection: (referenceId: string) => call<B.ConnectionView>('get_connection', { referenceId }),
  createGuest: (input: B.GuestInput) => call<B.ActionOutcome>('create_guest', { input }),
  deleteConnection: (serviceAccountId: string, referenceId: string) =>
    call<B.ActionOutcome>('delete_connection', { serviceAccountId, referenceId }),
  listBanks: (serviceAccountId: string) => call<B.BanksView>('list_banks', { serviceAccountId }),
  listBankAccounts: (serviceAccountId: string) => call<B.BankAccountsView>('list_bank_accounts', { serviceAccountId }),
  startBankOnboarding: (serviceAccountId: string, bankId: string, returnUrl: string) =>
    call<B.HostedUrlView>('start_bank_onboarding', { serviceAccountId, bankId, returnUrl }),
  bankOnboardingResult: (serviceAccountId: string) => call<B.OnboardingView>('bank_onboarding_result', { serviceAccountId }),
  addBankAccount: (serviceAccountId: string, bankId: string, bankAccountId: string) =>
    call<B.ActionOutcome>('add_bank_account', { serviceAccountId, bankId, bankAccountId }),
  setDefaultBankAccount: (serviceAccountId: string, bankId: string, bankAccountId: string) =>
    call<B.ActionOutcome>('set_default_bank_account', { serviceAccountId, bankId, bankAccountId }),
  deleteBankAccount: (serviceAccountId: string, bankId: string, bankAccountId: string) =>
    call<B.ActionOutcome>('delete_bank_account', { serviceAccountId, bankId, bankAccountId }),
  // documents and Auto (commands_documents.rs)
  listDocuments: (transactionId: string) => call<B.DocumentsView>('list_documents', { transactionId }),
  uploadDocument: (input: B.DocumentInput) => call<B.ActionOutcome>('upload_document', { input }),
  signDocument: (documentId: string, serviceAccountId: string, returnUrl: string | null) =>
    call<B.ActionOutcome>('sign_document', { documentId, serviceAccountId, returnUrl }),
  downloadDocument: (documentId: string) => call<B.HostedUrlView>('download_document', { documentId }),
  deleteDocument: (documentId: string) => call<B.ActionOutcome>('delete_document', { documentId }),
  setBillOfSale: (input: B.BillOfSaleInput) => call<B.ActionOutcome>('set_bill_of_sale', { input }),
  addDebtInformation: (input: B.DebtInput) => call<B.ActionOutcome>('add_debt_information', { input }),
  debtDownloadLink: (transactionId: string) => call<B.HostedUrlView>('debt_download_link', { transactionId }),
  // business users and trades (commands_trade.rs)
  listBusinessUsers: () => call<B.BusinessUsersView>('list_business_users'),
  createBusinessUser: (input: B.CreateBusinessUser) => call<B.BusinessUserView>('create_business_user', { input }),
  editBusinessUser: (businessId: string, businessLocationId: string, input: B.EditBusinessUser) =>
    call<B.BusinessUserView>('edit_business_user', { businessId, businessLocationId, input }),
  lookupBusinessUser: (businessId: string, businessLocationId: string) =>
    call<B.BusinessUserView>('lookup_business_user', { businessId, businessLocationId }),
  deleteBusinessUser: (businessId: string, businessLocationId: string) =>
    call<null>('delete_business_user', { businessId, businessLocationId }),
  tradeUser: () => call<B.TradeUserView>('trade_user'),
  listTrades: (marketplaceUserId: string, page: number, pageSize: number) =>
    call<B.TradesPageView>('list_trades', { marketplaceUserId, page, pageSize }),
  getTrade: (marketplaceUserId: string, tradeId: string) => call<B.TradeView>('get_trade', { marketplaceUserId, tradeId }),
  tradeUserDetails: (marketplaceUserId: string) => call<B.TradeUserDetailsView>('trade_user_details', { marketplaceUserId }),
  startTradeAction: (request: B.ActionRequest) => call<B.TradeActionOutcome>('start_trade_action', { request }),
};
