import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { TransactionPageView, TransactionQuery } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, item, page, transaction } from '../../test/fixtures';

type Pending = { query: TransactionQuery; resolve: (v: TransactionPageView) => void; reject: (e: unknown) => void };

let pending: Pending[];
let calls: Array<{ cmd: string; args: unknown }>;

/** IPC mock where list_transactions stays pending until the test resolves it. */
function installMock(extra: Record<string, (args: Record<string, unknown>) => unknown> = {}) {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (extra[cmd]) return extra[cmd](a);
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return new Promise<TransactionPageView>((resolve, reject) => {
          pending.push({ query: a.query as TransactionQuery, resolve, reject });
        });
      case 'get_transaction':
        return transaction(a.id as string);
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

const rows = () => screen.queryAllByTestId('transaction-row');
const rowIds = () => rows().map((r) => r.getAttribute('data-id'));

beforeEach(() => {
  pending = [];
  calls = [];
  i18n.set('en');
  document.body.removeAttribute('data-ready');
});

afterEach(() => {
  clearMocks();
});

describe('transactions table', () => {
  it('renders rows, count and range from list_transactions', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0].query).toEqual({ search: null, skip: 0, take: 50, filters: null });
    pending[0].resolve(page(Array.from({ length: 50 }, (_, i) => item(i)), 200));

    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    // Virtualized: only visible rows + overscan are in the DOM (600px / 52px + overscan).
    expect(rows().length).toBeLessThan(50);
    expect(rows()[0].getAttribute('data-id')).toBe('tx-0');
    expect(rows()[0].getAttribute('role')).toBe('row');
    expect(screen.getByTestId('result-count').textContent?.trim()).toBe('200 transactions');
    expect(screen.getByTestId('page-range').textContent).toBe('1–50 of 200');
    expect(within(rows()[0]).getByText('DKK 289,500.00')).toBeTruthy();
    expect(within(rows()[0]).getByText('Car 0')).toBeTruthy();
    expect(screen.getByTestId('env-name').textContent).toBe('Sandbox');
    expect(screen.getByTestId('env-badge').textContent?.trim()).toBe('Sandbox'); // shown in capitals by CSS
    await waitFor(() => expect(document.body.getAttribute('data-ready')).toBe('true'));

    // next page
    await fireEvent.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1].query).toEqual({ search: null, skip: 50, take: 50, filters: null });
  });

  it('shows the Auto checklist as a compact column for Auto deals only', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    const connected = { serviceAccountId: 'acc', referenceId: null, name: 'X', email: null, phoneNumber: null };
    const auto = transaction('x').transaction.autoInformation;
    pending[0].resolve(page([
      item(0, { autoInformation: auto, status: 'PAID', payer: connected, payee: connected }),
      item(1),
    ]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const marks = within(rows()[0]).getByTestId('row-checklist');
    expect(marks.getAttribute('data-done')).toBe('3');
    expect(marks.getAttribute('aria-label')).toContain('3 of 5 steps done');
    expect(marks.getAttribute('aria-label')).toContain('Ready to pay out (done)');
    expect(within(rows()[1]).queryByTestId('row-checklist')).toBeNull();
  });

  it('drops a stale response that arrives after a newer one', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));

    const input = screen.getByTestId('search-input') as HTMLInputElement;
    await fireEvent.input(input, { target: { value: 'volvo' } });
    // debounced: the search request only goes out after ~250 ms
    expect(pending).toHaveLength(1);
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1].query.search).toBe('volvo');

    pending[1].resolve(page([item(1, { transactionId: 'new-1', title: 'Volvo' })], 1));
    await waitFor(() => expect(rowIds()).toEqual(['new-1']));

    // The older (initial) request finishes last: it must be ignored.
    pending[0].resolve(page([item(2, { transactionId: 'old-1' }), item(3, { transactionId: 'old-2' })], 2));
    await new Promise((r) => setTimeout(r, 20));
    expect(rowIds()).toEqual(['new-1']);
    expect(screen.getByTestId('result-count').textContent?.trim()).toBe('1 transaction');
  });

  it('answers a keystroke at once when the mirror answers searches, coalescing while one is under way', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    // The page came from the local mirror: searching costs no request to the service.
    pending[0].resolve({ ...page([item(1)], 1), mirror: { asOf: '2026-11-25T08:00:00Z', offline: false } });
    await waitFor(() => expect(rows()).toHaveLength(1));

    const input = screen.getByTestId('search-input') as HTMLInputElement;
    await fireEvent.input(input, { target: { value: 'v' } });
    expect(pending).toHaveLength(2); // no debounce: sent with the keystroke
    expect(pending[1].query.search).toBe('v');
    // While that search is under way, the next keystrokes wait and send only the latest text.
    await fireEvent.input(input, { target: { value: 'vo' } });
    await fireEvent.input(input, { target: { value: 'vol' } });
    expect(pending).toHaveLength(2);
    await waitFor(() => expect(pending).toHaveLength(3));
    expect(pending[2].query.search).toBe('vol');
  });

  it('drops a response that belongs to another environment', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(1)], 1, 'prod-1'));
    await new Promise((r) => setTimeout(r, 20));
    expect(rows()).toHaveLength(0);
  });

  it('shows an empty state with the query', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(1)], 1));
    await fireEvent.input(screen.getByTestId('search-input'), { target: { value: 'zzz' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1].resolve(page([], 0));
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toContain('No transactions match “zzz”'));
  });

  it('shows the error with correlation id and retries', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].reject({
      code: 'unauthorized', message: 'The API key was rejected', status: 401, title: 'Unauthorized',
      detail: 'Check the key', correlationId: 'corr-123',
    });
    const panel = await screen.findByTestId('list-error');
    expect(panel.textContent).toContain('The API key was rejected');
    expect(panel.textContent).toContain('Check the key');
    expect(screen.getByTestId('error-correlation-id').textContent).toBe('corr-123');
    await fireEvent.click(screen.getByTestId('retry-button'));
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1].resolve(page([item(1)], 1));
    await waitFor(() => expect(rowIds()).toEqual(['tx-1']));
  });

  it('opens the detail on row click and goes back', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(7, { transactionId: 'tx-7' }), item(8)], 2));
    await waitFor(() => expect(rows().length).toBe(2));

    await fireEvent.click(rows()[0]);
    const detail = await screen.findByTestId('transaction-detail');
    await waitFor(() => expect(within(detail).getByTestId('detail-title').textContent).toBe('Volvo XC60'));
    expect(calls.find((c) => c.cmd === 'get_transaction')?.args).toEqual({ id: 'tx-7' });
    expect(screen.getByTestId('detail-amount').textContent).toBe('DKK 289,500.00');
    expect(screen.getByTestId('detail-status').getAttribute('data-status')).toBe('PAID');
    expect(screen.getByTestId('detail-reference').textContent).toBe('REF-7');
    expect(screen.getByTestId('detail-payer-name').textContent).toBe('Jens Hansen');
    expect(screen.getByTestId('detail-payee-name').textContent).toBe('Bilhuset A/S');
    expect(screen.getByTestId('detail-vehicle-registration').textContent).toBe('AB12345');
    expect(screen.getByTestId('detail-vehicle-vin').textContent).toBe('YV1UZ88ACM1234567');
    // 289500.00 + 1250.00 − 100000.00
    expect(screen.getByTestId('detail-remaining').textContent).toBe('DKK 190,750.00');
    expect(detail.textContent).toContain('45,210 km');

    await fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(screen.queryByTestId('transaction-detail')).toBeNull());
    expect(rowIds()).toEqual(['tx-7', 'tx-8']);
  });

  it('supports keyboard: / focuses search, arrows select, Enter opens, Escape goes back', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(1), item(2), item(3)], 3));
    await waitFor(() => expect(rows().length).toBe(3));

    await fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByTestId('search-input'));

    await fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    await fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    await waitFor(() => expect(rows()[1].getAttribute('aria-selected')).toBe('true'));
    expect(rows()[0].getAttribute('aria-selected')).toBe('false');

    await fireEvent.keyDown(document.body, { key: 'Enter' });
    await screen.findByTestId('transaction-detail');
    expect(calls.find((c) => c.cmd === 'get_transaction')?.args).toEqual({ id: 'tx-2' });

    await fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('transaction-detail')).toBeNull());
  });

  it('clears the list when switching environment', async () => {
    installMock({
      select_environment: (a) => ENVIRONMENTS.environments.find((e) => e.id === a.id),
    });
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(1)], 1));
    await waitFor(() => expect(rows().length).toBe(1));

    const select = screen.getByTestId('env-select') as HTMLSelectElement;
    // The built-in Sandbox is named once, not "Sandbox · Sandbox"; a profile shows its badge.
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Sandbox', 'Live · Production']);
    await fireEvent.change(select, { target: { value: 'prod-1' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(rows()).toHaveLength(0);
    expect(screen.getByTestId('env-badge').textContent?.trim()).toBe('Production');
    pending[1].resolve(page([item(5, { transactionId: 'live-5' })], 1, 'prod-1'));
    await waitFor(() => expect(rowIds()).toEqual(['live-5']));
  });
});

describe('the sidebar\'s Transactions entry', () => {
  it('shows the list, not a new-transaction form left behind on another page (#32)', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(1)], 1));
    await fireEvent.click(await screen.findByTestId('new-transaction'));
    await screen.findByTestId('new-transaction-form');
    await fireEvent.click(screen.getByTestId('nav-audit'));
    await fireEvent.click(screen.getByTestId('nav-transactions'));
    await waitFor(() => expect(screen.queryByTestId('new-transaction-form')).toBeNull());
    expect(screen.getByTestId('new-transaction')).toBeTruthy();
  });
});

describe('the filters panel', () => {
  it('closes on Escape and on a click outside, giving focus back to its button (#32)', async () => {
    installMock();
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(1)], 1));
    const toggle = await screen.findByTestId('filters-toggle');
    await fireEvent.click(toggle);
    const type = await screen.findByTestId('filter-type');
    type.focus();
    await fireEvent.keyDown(type, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('filters-panel')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    await fireEvent.click(toggle);
    await screen.findByTestId('filters-panel');
    await fireEvent.pointerDown(screen.getByTestId('new-transaction'));
    await waitFor(() => expect(screen.queryByTestId('filters-panel')).toBeNull());
  });
});

describe('the fees card', () => {
  it('says why a tenant fee is below zero: the shortfall is billed to the tenant (#32)', async () => {
    installMock({
      get_transaction: (a) => transaction(a.id as string, { fees: { payee: '0.00', payer: '0.00', tenant: '-15.00', safepay: '15.00' } }),
    });
    render(App);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0].resolve(page([item(7, { transactionId: 'tx-7' })], 1));
    await waitFor(() => expect(rows().length).toBe(1));
    await fireEvent.click(rows()[0]);
    const hint = await screen.findByTestId('detail-fee-tenant-shortfall');
    expect(hint.textContent).toContain('the shortfall is billed to you');
  });
});
