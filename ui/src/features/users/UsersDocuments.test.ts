import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { ActionOutcome, ActionRequest, AppError, Document, UserListItem } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { toasts } from '../../shared/toasts.svelte';
import { record } from '../../test/actions-fixtures';
import { ENVIRONMENTS, item, page, transaction } from '../../test/fixtures';

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;

const PAYER = { serviceAccountId: 'acc-payer', referenceId: 'B-1', name: 'Jens Hansen', email: 'jens@example.dk', phoneNumber: null };

function user(i: number): UserListItem {
  return { serviceAccountId: `u-${i}`, name: `User ${i}`, phoneNumber: '+4512345678', phoneNumberVerified: true, created: '2026-10-01T10:00:00Z', type: 'Private' };
}

function outcome(request: ActionRequest, over: Partial<ActionOutcome> = {}, error: AppError | null = null): ActionOutcome {
  return {
    environmentId: 'sandbox',
    record: record(request, error ? { state: 'failed', error, message: error.message } : {}),
    value: null,
    link: null,
    ...over,
  };
}

function doc(id: string, over: Partial<Document> = {}): Document {
  return { documentId: id, title: 'Købsaftale', signed: null, signers: [], transactionId: 'tx-1', created: '2026-11-02T10:00:00Z', fileName: 'aftale.pdf', ...over };
}

function installMock(extra: Record<string, Handler> = {}) {
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

const argsOf = (cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);

async function openDetail() {
  render(App);
  await fireEvent.click(await screen.findByTestId('transaction-row'));
  await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Volvo XC60'));
}

function choose(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  return fireEvent.change(input);
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
  toasts.items.splice(0);
});
afterEach(() => clearMocks());

describe('users screen', () => {
  it('lists users in pages and opens the full record with the CPR masked', async () => {
    installMock();
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50));
    expect(screen.getAllByTestId('user-row')[0].textContent).toContain('User 1');
    await fireEvent.click(screen.getByTestId('users-next'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(10));
    expect(argsOf('list_users').at(-1)).toEqual({ query: { skip: 50, take: 50 } });
    expect((screen.getByTestId('users-next') as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(screen.getAllByTestId('user-row')[0]);
    const detail = await screen.findByTestId('user-detail');
    await waitFor(() => expect(within(detail).getByTestId('user-cpr').textContent).toBe('140385-****'));
    expect(within(detail).getByTestId('user-kyc').textContent).toBe('2');
    expect(detail.textContent).toContain('Vejlevej 1');
    await waitFor(() => expect(screen.getAllByTestId('bank-account-row')).toHaveLength(1));
  });

  it('shows the service title when the last bank account cannot be deleted', async () => {
    const refused: AppError = { code: 'bad_request', message: 'bad request (400)', status: 400, title: "Bank account can't be deleted", detail: 'a user keeps one account', correlationId: 'c-1' };
    installMock({
      delete_bank_account: (a) =>
        outcome({ kind: 'deleteBankAccount', serviceAccountId: a.serviceAccountId as string, bankId: 'danske-bank', bankAccountId: 'ba-1' }, {}, refused),
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await fireEvent.click((await screen.findAllByTestId('user-row'))[0]);
    const row = await screen.findByTestId('bank-account-row');
    await fireEvent.click(within(row).getByTestId('bank-account-delete'));
    await fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(argsOf('delete_bank_account')).toEqual([{ serviceAccountId: 'u-1', bankId: 'danske-bank', bankAccountId: 'ba-1' }]));
    await waitFor(() => expect(toasts.items.map((t) => t.text).join()).toContain("Bank account can't be deleted"));
  });

  it('creates a connect link and shows it to copy', async () => {
    installMock({ start_connect: () => ({ environmentId: 'sandbox', url: 'http://127.0.0.1:9/hosted/connect/abc' }) });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await fireEvent.click(await screen.findByTestId('users-connect'));
    const form = screen.getByTestId('connect-form');
    await fireEvent.input(within(form).getByTestId('connect-reference'), { target: { value: 'shop-1' } });
    await fireEvent.input(within(form).getByTestId('connect-return-url'), { target: { value: 'ftp://nope' } });
    expect((screen.getByTestId('connect-submit') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.input(within(form).getByTestId('connect-return-url'), { target: { value: 'https://shop.example/back' } });
    await fireEvent.click(within(form).getByTestId('connect-skipKyc'));
    await fireEvent.click(screen.getByTestId('connect-submit'));
    expect((await screen.findByTestId('connect-url')).textContent).toBe('http://127.0.0.1:9/hosted/connect/abc');
    expect(argsOf('start_connect')[0]).toEqual({
      input: {
        referenceId: 'shop-1', returnUrl: 'https://shop.example/back', allowPrivate: true, allowBusiness: true,
        skipUi: null, skipPhoneNumber: null, skipEmail: null, skipBankAccount: null, skipKyc: true, skipKyb: null,
      },
    });
  });
});

describe('documents on the transaction detail', () => {
  it('lists documents and uploads a PDF as base64', async () => {
    let docs = [doc('d-1')];
    installMock({
      list_documents: () => ({ environmentId: 'sandbox', documents: docs, filtered: true }),
      upload_document: () => {
        docs = [...docs, doc('d-2', { title: 'Syn' })];
        return outcome({ kind: 'deleteDocument', documentId: 'd-2' }, { value: 'd-2' });
      },
    });
    await openDetail();
    const panel = await screen.findByTestId('documents-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('document-row')).toHaveLength(1));
    await choose(within(panel).getByTestId('document-upload-input'), new File(['%PDF-1.4 syn'], 'syn.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect((within(panel).getByTestId('document-title') as HTMLInputElement).value).toBe('syn'));
    await fireEvent.input(within(panel).getByTestId('document-title'), { target: { value: 'Syn' } });
    await fireEvent.input(within(panel).getByTestId('document-signers'), { target: { value: '2' } });
    await fireEvent.click(within(panel).getByTestId('document-upload'));
    await waitFor(() => expect(argsOf('upload_document')).toHaveLength(1));
    expect(argsOf('upload_document')[0]).toEqual({
      input: { transactionId: 'tx-1', title: 'Syn', signersRequired: 2, file: { fileName: 'syn.pdf', data: btoa('%PDF-1.4 syn') } },
    });
    await waitFor(() => expect(within(panel).getAllByTestId('document-row')).toHaveLength(2));
  });

  it('refuses a .pdf that is not a PDF and an empty file before sending', async () => {
    installMock();
    await openDetail();
    const panel = await screen.findByTestId('documents-panel');
    await fireEvent.input(within(panel).getByTestId('document-title'), { target: { value: 'X' } });
    await choose(within(panel).getByTestId('document-upload-input'), new File(['hello'], 'fake.pdf'));
    expect((await within(panel).findByTestId('document-file-error')).textContent).toContain('not a PDF');
    expect((within(panel).getByTestId('document-upload') as HTMLButtonElement).disabled).toBe(true);
    await choose(within(panel).getByTestId('document-upload-input'), new File([], 'empty.pdf'));
    await waitFor(() => expect(within(panel).getByTestId('document-file-error').textContent).toContain('empty'));
    expect(argsOf('upload_document')).toHaveLength(0);
  });

  it('gets a signing link for the payer and deletes after confirmation', async () => {
    installMock({
      list_documents: () => ({ environmentId: 'sandbox', documents: [doc('d-1')], filtered: true }),
      sign_document: () => outcome({ kind: 'signDocument', documentId: 'd-1', serviceAccountId: 'acc-payer', returnUrl: null }, { value: 'http://sb/hosted/sign/t1' }),
      delete_document: () => outcome({ kind: 'deleteDocument', documentId: 'd-1' }),
    });
    await openDetail();
    const row = await screen.findByTestId('document-row');
    await fireEvent.click(within(row).getByTestId('document-sign'));
    expect((await screen.findByTestId('document-link')).textContent).toBe('http://sb/hosted/sign/t1');
    expect(argsOf('sign_document')[0]).toEqual({ documentId: 'd-1', serviceAccountId: 'acc-payer', returnUrl: null });
    await fireEvent.click(within(row).getByTestId('document-delete'));
    await fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(argsOf('delete_document')).toEqual([{ documentId: 'd-1' }]));
  });
});

describe('Auto deal panels', () => {
  it('validates the debt bank account and FIK as the person types', async () => {
    installMock();
    await openDetail();
    const panel = await screen.findByTestId('debt-panel');
    const account = within(panel).getByTestId('debt-bank-account');
    await fireEvent.input(account, { target: { value: '0040 0440' } });
    expect(within(panel).getByTestId('debt-bank-account-error').textContent).toContain('14 digits; this has 8');
    await fireEvent.input(account, { target: { value: 'DK51 0040 0440 1162 43' } });
    expect(within(panel).getByTestId('debt-bank-account-error').textContent).toContain('check digits');
    await fireEvent.input(account, { target: { value: 'DK50 0040 0440 1162 43' } });
    expect(within(panel).queryByTestId('debt-bank-account-error')).toBeNull();
    const fik = within(panel).getByTestId('debt-fik');
    await fireEvent.input(fik, { target: { value: '+73<123456789012345+12345678<' } });
    expect(within(panel).getByTestId('debt-fik-error').textContent).toContain('+73');
    expect(within(panel).getByTestId('debt-destination-error')).toBeTruthy();
    await fireEvent.input(fik, { target: { value: '' } });
    expect(within(panel).queryByTestId('debt-fik-error')).toBeNull();
    expect((within(panel).getByTestId('debt-submit') as HTMLButtonElement).disabled, 'no file, no amount yet').toBe(true);
  });

  it('registers debt with the account sent without spaces', async () => {
    installMock({ add_debt_information: () => outcome({ kind: 'deleteDocument', documentId: 'x' }) });
    await openDetail();
    const panel = await screen.findByTestId('debt-panel');
    await fireEvent.input(within(panel).getByTestId('debt-amount'), { target: { value: '12.500,00' } });
    await fireEvent.input(within(panel).getByTestId('debt-bank-account'), { target: { value: 'DK50 0040 0440 1162 43' } });
    await choose(within(panel).getByTestId('debt-file'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'scan.png'));
    await waitFor(() => expect((within(panel).getByTestId('debt-submit') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(within(panel).getByTestId('debt-submit'));
    await waitFor(() => expect(argsOf('add_debt_information')).toHaveLength(1));
    const input = argsOf('add_debt_information')[0].input as Record<string, unknown>;
    expect(input).toMatchObject({ transactionId: 'tx-1', amount: '12500.00', bankAccount: 'DK5000400440116243', fikCode: null });
  });

  it('generates a bill of sale with both signers and the transaction amount, and shows its state', async () => {
    let bill: unknown = null;
    installMock({
      get_transaction: (a) => {
        const view = transaction(a.id as string, { payer: PAYER });
        if (view.transaction.autoInformation) view.transaction.autoInformation.billOfSale = bill;
        return view;
      },
      set_bill_of_sale: () => {
        bill = { enabled: true, generated: true, requiredSigners: ['Payee', 'Payer'], signed: false, amount: '289500.00', currency: 'DKK' };
        return outcome({ kind: 'deleteDocument', documentId: 'x' });
      },
    });
    await openDetail();
    const panel = await screen.findByTestId('bill-of-sale-panel');
    expect(within(panel).getByTestId('bill-of-sale-state').getAttribute('data-enabled')).toBe('false');
    await fireEvent.click(within(panel).getByTestId('bill-of-sale-generate'));
    await waitFor(() => expect(argsOf('set_bill_of_sale')).toHaveLength(1));
    expect(argsOf('set_bill_of_sale')[0]).toEqual({
      input: { transactionId: 'tx-1', enable: true, file: null, amount: '289500.00', additionalTerms: null, requiredSigners: ['Payer', 'Payee'] },
    });
    await waitFor(() => expect(screen.getByTestId('bill-of-sale-state').getAttribute('data-generated')).toBe('true'));
    expect(screen.getByTestId('bill-of-sale-state').getAttribute('data-enabled')).toBe('true');
  });

  it('refuses a bill-of-sale file that is not a PDF', async () => {
    installMock();
    await openDetail();
    const panel = await screen.findByTestId('bill-of-sale-panel');
    await choose(within(panel).getByTestId('bill-of-sale-file'), new File(['x'], 'photo.png'));
    expect((await within(panel).findByTestId('bill-of-sale-file-error')).textContent).toContain('must be one of PDF');
    expect((within(panel).getByTestId('bill-of-sale-upload') as HTMLButtonElement).disabled).toBe(true);
  });
});
