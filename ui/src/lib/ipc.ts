import { invoke } from '@tauri-apps/api/core';
import type {
  ActionRecord,
  ActionRequest,
  AppError,
  AuditEntry,
  ChainCheck,
  ConnectionCheck,
  EnvironmentList,
  EnvironmentView,
  ErrorCode,
  PaymentInstructionsView,
  ProfileInput,
  SplitPayoutsView,
  TransactionPageView,
  TransactionQuery,
  TransactionView,
} from './bindings';
import type * as B from './bindings';

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'validation', 'not_found', 'unauthorized', 'bad_request', 'conflict', 'timeout', 'network',
  'server', 'unreadable_response', 'no_api_key', 'keychain_unavailable', 'keychain_locked',
  'environment_not_found', 'storage', 'internal',
]);

function str(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/** Turn anything thrown by `invoke` (or by our own code) into an AppError. */
export function toAppError(e: unknown): AppError {
  if (e && typeof e === 'object' && !(e instanceof Error)) {
    const o = e as Record<string, unknown>;
    const code = typeof o.code === 'string' && ERROR_CODES.has(o.code) ? (o.code as ErrorCode) : 'internal';
    const message = str(o.message) ?? str(o.title) ?? str(o.detail) ?? String(o.code ?? 'Unknown error');
    return {
      code,
      message,
      status: typeof o.status === 'number' ? o.status : null,
      title: str(o.title),
      detail: str(o.detail),
      correlationId: str(o.correlationId),
      ...(Array.isArray(o.fieldErrors) ? { fieldErrors: o.fieldErrors as AppError['fieldErrors'] } : {}),
    };
  }
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error';
  return { code: 'internal', message: message || 'Unknown error', status: null, title: null, detail: null, correlationId: null };
}

export function isAppError(v: unknown): v is AppError {
  return !!v && typeof v === 'object' && typeof (v as AppError).code === 'string' && typeof (v as AppError).message === 'string';
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toAppError(e);
  }
}

export const ipc = {
  listEnvironments: () => call<EnvironmentList>('list_environments'),
  startExport: (request: B.ExportRequest) => call<B.ExportStatus>('start_export', { request }),
  exportStatus: (id: string) => call<B.ExportStatus>('export_status', { id }),
  cancelExport: (id: string) => call<B.ExportStatus>('cancel_export', { id }),
  openExternal: (url: string) => call<null>('open_external', { url }),
  saveAuditCsv: (text: string | null) => call<B.AuditFile>('save_audit_csv', { text }),
  createTransaction: (input: B.NewTransactionInput) => call<B.ActionOutcome>('create_transaction', { input }),
  paymentAction: (request: ActionRequest) => call<B.ActionOutcome>('payment_action', { request }),
  selectEnvironment: (id: string) => call<EnvironmentView>('select_environment', { id }),
  saveProfile: (input: ProfileInput) => call<EnvironmentView>('save_profile', { input }),
  setApiKey: (profileId: string, apiKey: string) => call<null>('set_api_key', { profileId, apiKey }),
  deleteProfile: (id: string) => call<null>('delete_profile', { id }),
  testConnection: (id: string) => call<ConnectionCheck>('test_connection', { id }),
  listTransactions: (query: TransactionQuery) => call<TransactionPageView>('list_transactions', { query }),
  getTransaction: (id: string) => call<TransactionView>('get_transaction', { id }),
  startAction: (request: ActionRequest) => call<ActionRecord>('start_action', { request }),
  retryAction: (id: string) => call<ActionRecord>('retry_action', { id }),
  dismissAction: (id: string) => call<ActionRecord>('dismiss_action', { id }),
  openActions: () => call<ActionRecord[]>('open_actions'),
  auditLog: (filter: string | null, limit: number) => call<AuditEntry[]>('audit_log', { filter, limit }),
  verifyAuditLog: () => call<ChainCheck>('verify_audit_log'),
  listSplitPayouts: (transactionId: string) => call<SplitPayoutsView>('list_split_payouts', { transactionId }),
  paymentInstructions: (transactionId: string, serviceAccountId: string) =>
    call<PaymentInstructionsView>('payment_instructions', { transactionId, serviceAccountId }),
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
};
