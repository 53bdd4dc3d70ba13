// The mocked window of the users, documents and Auto tests: IPC answers, helpers, and a clean
// state before each test (the hooks register in every test file that imports this module).
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, expect } from 'vitest';
import App from '../features/shell/App.svelte';
import type { ActionOutcome, ActionRequest, AppError, Document, UserListItem } from '../lib/bindings';
import { i18n } from '../shared/i18n/i18n.svelte';
import { toasts } from '../shared/toasts.svelte';
import { record } from './actions-fixtures';
import { ENVIRONMENTS, item, page, transaction } from './fixtures';

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }> = [];

export const PAYER = { serviceAccountId: 'acc-payer', referenceId: 'B-1', name: 'Jens Hansen', email: 'jens@example.dk', phoneNumber: null };

function user(i: number): UserListItem {
  return { serviceAccountId: `u-${i}`, name: `User ${i}`, phoneNumber: '+4512345678', phoneNumberVerified: true, created: '2026-10-01T10:00:00Z', type: 'Private' };
}

export function outcome(request: ActionRequest, over: Partial<ActionOutcome> = {}, error: AppError | null = null): ActionOutcome {
  return {
    environmentId: 'sandbox',
    record: record(request, error ? { state: 'failed', error, message: error.message } : {}),
    value: null,
    link: null,
    ...over,
  };
}

export function doc(id: string, over: Partial<Document> = {}): Document {
  return { documentId: id, title: 'Købsaftale', signed: null, signers: [], signersRequired: null, transactionId: 'tx-1', created: '2026-11-02T10:00:00Z', fileName: 'aftale.pdf', ...over };
}

export function installMock(extra: Record<string, Handler> = {}) {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (extra[cmd]) return extra[cmd](a);
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([item(1, { transactionId: 'tx-1' })], 1);
      case 'get_transaction':
        return transaction(a.id as string, { payer: PAYER });
      case 'open_actions':
        return [];
      case 'list_split_payouts':
        return { environmentId: 'sandbox', items: [] };
      case 'list_documents':
        return { environmentId: 'sandbox', documents: [], filtered: true };
      case 'list_users': {
        const q = a.query as { skip: number; take: number };
        const all = Array.from({ length: 60 }, (_, i) => user(i + 1));
        const items = all.slice(q.skip, q.skip + q.take);
        return { environmentId: 'sandbox', skip: q.skip, items, hasMore: q.skip + q.take < all.length };
      }
      case 'get_user':
        return {
          environmentId: 'sandbox',
          user: {
            id: 'rec-1', serviceAccountId: a.serviceAccountId, connections: [{ referenceId: 'cust-7', connected: '2026-10-01T10:00:00Z' }],
            name: 'User 1', kyc: { level: '2' }, email: 'u1@example.dk', phoneNumber: '+4512345678', phoneNumberVerified: true,
            dateOfBirth: '1985-03-14', cpr: '140385-****', cvr: null, address: { street: 'Vejlevej 1', city: 'Vejle' }, type: 'Private',
          },
        };
      case 'list_bank_accounts':
        return { environmentId: 'sandbox', items: [{ bank: 'Danske Bank', bankId: 'danske-bank', bankAccountId: 'ba-1', bban: '30010123456789', iban: 'DK5000400440116243', accountName: 'Løn', isDefault: true }] };
      case 'list_banks':
        return { environmentId: 'sandbox', banks: [{ bankId: 'danske-bank', name: 'Danske Bank', bankCentral: 'BEC' }] };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

export const argsOf = (cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);

export async function openDetail() {
  render(App);
  await fireEvent.click(await screen.findByTestId('transaction-row'));
  await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Volvo XC60'));
}

export function choose(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  return fireEvent.change(input);
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
  toasts.items.splice(0);
});
afterEach(() => clearMocks());

