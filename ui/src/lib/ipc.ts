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
};
