import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../../shell/App.svelte';
import type { AppError, MirrorStatus, OfflineTransaction, TransactionPageView } from '../../../lib/bindings';
import { i18n } from '../../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, item, page, transaction } from '../../../test/fixtures';
import { billOfSaleState, offlineDeal, waitingActions } from './offline';

const REFUSED: AppError = {
  code: 'network',
  message: 'error sending request: Connection refused (os error 111)',
  status: null,
  title: null,
  detail: null,
  correlationId: null,
  cause: 'refused',
};
const AS_OF = '2026-11-25T08:00:00.000Z';
const PAID = item(7, {
  transactionId: 'tx-7',
  title: 'Tesla Model 3',
  status: 'PAID',
  fees: { payee: '500.00', payer: '1250.00', tenant: null, safepay: null },
  payments: { inbound: { amount: '290750.00', currency: 'DKK' } },
  autoInformation: {
    brand: 'Tesla', model: 'Model 3', year: 2022, mileage: 31000, registrationNumber: 'EV 48 213', vin: null,
    retailAmount: null, firstRegistration: null, billOfSale: { enabled: true, signed: false }, debt: null,
  },
});
const COPY: OfflineTransaction = { environmentId: 'sandbox', item: PAID, asOf: AS_OF };

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
const count = (cmd: string) => calls.filter((c) => c.cmd === cmd).length;

/** The app against a mock: `live` answers the deal's live read, `list` the list, `status` the mirror's status. */
function installMock(opts: {
  live?: () => unknown;
  copy?: OfflineTransaction | null;
  list?: () => TransactionPageView;
  status?: () => MirrorStatus;
}) {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return (opts.list ?? (() => page([PAID, item(8)])))();
      case 'get_transaction':
        return (opts.live ?? (() => { throw REFUSED; }))();
      case 'offline_transaction':
        return opts.copy === undefined ? COPY : opts.copy;
      case 'mirror_status':
        if (opts.status) return opts.status();
        throw { code: 'internal', message: 'no mirror in this test' };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

async function openFirstRow() {
  render(App);
  const row = await waitFor(() => {
    const rows = screen.getAllByTestId('transaction-row');
    expect(rows.length).toBeGreaterThan(0);
    return rows[0];
  });
  await fireEvent.click(row);
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
});

afterEach(() => {
  clearMocks();
});

describe('a deal while the service cannot be reached', () => {
  it('shows the mirror copy marked offline, every action disabled with the reason, and the list reloaded', async () => {
    installMock({});
    await openFirstRow();
    const page = await screen.findByTestId('detail-offline');
    expect(page.getAttribute('data-as-of')).toBe(AS_OF);
    expect(screen.queryByTestId('detail-error')).toBeNull();
    expect(within(page).getByTestId('detail-title').textContent).toBe('Tesla Model 3');
    expect(within(page).getByTestId('detail-status').getAttribute('data-status')).toBe('PAID');
    expect(screen.getByTestId('detail-offline-banner-badge').textContent).toBe('Offline');
    expect(screen.getByTestId('detail-offline-banner-title').textContent).toContain('cannot be reached');
    expect(screen.getByTestId('detail-offline-banner-title').textContent).toContain('2026');
    expect(screen.getByTestId('detail-offline-cause').textContent).toContain('refused');
    // The listed figures, labelled as of the mirror's time; nothing computed from them.
    expect(screen.getByTestId('detail-amount').textContent).toBe('DKK 289,500.00');
    expect(screen.getByTestId('detail-paid-in').textContent).toBe('DKK 290,750.00');
    expect(screen.getByTestId('offline-figures').textContent).toContain('as listed');
    expect(screen.queryByTestId('detail-remaining')).toBeNull();
    expect(screen.getByTestId('detail-vehicle-registration').textContent).toBe('EV 48 213');
    expect(screen.getByTestId('detail-vehicle').textContent).toContain('Not signed yet');
    // The money actions a paid deal allows, each disabled, the reason beside them.
    for (const id of ['action-payout', 'action-cancel', 'action-reimburse', 'action-split-payout']) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled, id).toBe(true);
    }
    expect(screen.queryByTestId('actions-bar')).toBeNull();
    expect(screen.getByTestId('offline-actions-reason').textContent).toBe(
      'Not available offline: the service cannot be reached; actions need the live record.',
    );
    expect(screen.getByTestId('action-payout').getAttribute('aria-describedby')).toBe('offline-actions-reason');
    // The list behind it is read again (the mirror answers it, marked offline).
    await waitFor(() => expect(count('list_transactions')).toBe(2));

    i18n.set('da');
    await waitFor(() => expect(screen.getByTestId('offline-actions-reason').textContent).toBe(
      'Ikke muligt offline: tjenesten kan ikke nås, og handlinger kræver den aktuelle post.',
    ));
    expect(screen.getByTestId('detail-offline-banner-title').textContent).toContain('Tjenesten kan ikke nås');
    expect(screen.getByTestId('detail-amount').textContent).toBe('289.500,00 kr.');
  });

  it('shows the live record once the service answers again', async () => {
    let live: () => unknown = () => { throw REFUSED; };
    installMock({ live: () => live() });
    await openFirstRow();
    await screen.findByTestId('detail-offline');
    live = () => transaction('tx-7');
    await fireEvent.click(screen.getByTestId('detail-offline-banner-retry'));
    await screen.findByTestId('actions-bar');
    expect(screen.queryByTestId('detail-offline')).toBeNull();
    expect((screen.getByTestId('action-payout') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why when the service answered (no copy asked for), or when the mirror has none', async () => {
    const gone: AppError = { ...REFUSED, code: 'not_found', cause: 'wrongPath', status: 404, message: 'not found' };
    installMock({ live: () => { throw gone; } });
    await openFirstRow();
    await screen.findByTestId('detail-error');
    expect(count('offline_transaction')).toBe(0);
    expect(screen.queryByTestId('detail-offline')).toBeNull();
    clearMocks();

    calls = [];
    document.body.innerHTML = '';
    installMock({ copy: null });
    await openFirstRow();
    await screen.findByTestId('detail-error');
    expect(count('offline_transaction')).toBe(1);
  });
});

describe('the list while the service cannot be reached', () => {
  it('carries the offline marker with the mirror time, in both languages', async () => {
    installMock({ list: () => ({ ...page([PAID]), mirror: { asOf: AS_OF, offline: true } }) });
    render(App);
    const marker = await screen.findByTestId('list-offline');
    expect(marker.getAttribute('data-as-of')).toBe(AS_OF);
    expect(marker.getAttribute('role')).toBe('status');
    expect(within(marker).getByTestId('list-offline-badge').textContent).toBe('Offline');
    expect(within(marker).getByTestId('list-offline-title').textContent).toMatch(/^The service cannot be reached\. This list is the local copy as of .*2026/);
    i18n.set('da');
    await waitFor(() => expect(within(marker).getByTestId('list-offline-title').textContent).toMatch(/^Tjenesten kan ikke nås\. Listen er den lokale kopi pr\. .*2026/));
    expect(within(marker).getByTestId('list-offline-badge').textContent).toBe('Offline');
  });

  it('reads a list the service answered again once the mirror finds the service gone', async () => {
    let offline = false;
    const status = (): MirrorStatus => ({
      environmentId: 'sandbox', rows: 2, fullAt: AS_OF, refreshedAt: AS_OF, syncing: null, offline, error: null,
    });
    let listed: TransactionPageView = page([PAID, item(8)]);
    installMock({ status, list: () => listed });
    render(App);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row').length).toBe(2));
    expect(screen.queryByTestId('list-offline')).toBeNull();
    offline = true;
    listed = { ...page([PAID, item(8)]), mirror: { asOf: AS_OF, offline: true } };
    const before = count('list_transactions');
    const { mirror } = await import('../../overview/mirror.svelte');
    await mirror.poll();
    await screen.findByTestId('list-offline');
    expect(count('list_transactions')).toBe(before + 1);
  });
});

describe('offline helpers', () => {
  it('asks for the copy only when the service could not be reached', async () => {
    const asked: string[] = [];
    const source = { offlineTransaction: async (id: string) => (asked.push(id), COPY) };
    expect(await offlineDeal('tx-7', REFUSED, source)).toEqual({ copy: COPY, error: REFUSED });
    expect(await offlineDeal('tx-7', { ...REFUSED, code: 'timeout', cause: 'timeout' }, source)).not.toBeNull();
    expect(await offlineDeal('tx-7', { ...REFUSED, code: 'unauthorized', cause: 'wrongKey' }, source)).toBeNull();
    expect(asked).toEqual(['tx-7', 'tx-7']);
    const failing = { offlineTransaction: async () => { throw REFUSED; } };
    expect(await offlineDeal('tx-7', REFUSED, failing)).toBeNull();
  });

  it('names the actions the mirrored status would offer, and reads the bill of sale leniently', () => {
    expect(waitingActions(PAID)).toEqual(['payout', 'reimburse', 'createSplitPayout', 'changeAmount', 'update', 'cancel']);
    expect(waitingActions(item(1))).toContain('delete');
    expect(waitingActions(item(1, { payments: { inbound: { amount: '10.00', currency: 'DKK' } } }))).not.toContain('delete');
    expect(waitingActions(item(1, { status: 'SUCCEEDED' }))).toEqual([]);
    expect(billOfSaleState(null)).toBe('none');
    expect(billOfSaleState({ enabled: false })).toBe('none');
    expect(billOfSaleState({ signed: true })).toBe('signed');
    expect(billOfSaleState({ enabled: true })).toBe('enabled');
    expect(billOfSaleState('yes')).toBe('enabled');
  });
});
