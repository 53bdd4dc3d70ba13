import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { AttentionView, MirrorStatus, Overview, TransactionQuery } from '../../lib/bindings';
import { argsOf, installMock } from '../../test/users-documents-mock';
import { forgetViews } from '../../shared/last-view';

const STATUS: MirrorStatus = {
  environmentId: 'sandbox', rows: 6, fullAt: '2026-11-24T09:00:00Z', refreshedAt: '2026-11-24T09:00:00Z',
  syncing: null, offline: false, error: null,
};

const OVERVIEW: Overview = {
  status: STATUS,
  escrow: [{ currency: 'DKK', status: null, amount: '1520.5', count: 2 }],
  escrowByStatus: [{ currency: 'DKK', status: 'PAID', amount: '1520.5', count: 2 }],
  counts: [{ status: 'PAID', count: 2 }, { status: 'CREATED', count: 4 }],
  days: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, created: i % 3, paid: 0, paidOut: 0 })),
  watchedSince: '2026-11-24T09:00:00Z',
  ageing: [{ fromDays: 0, toDays: 7, count: 1, owed: [{ currency: 'DKK', status: null, amount: '210', count: 1 }] }],
  topPayees: [{ name: 'Bilhuset Vejle ApS', count: 3, amounts: [{ currency: 'DKK', status: null, amount: '2200.5', count: 3 }] }],
  inexact: 0,
};

const ATTENTION: AttentionView = {
  status: STATUS,
  thresholds: { unpaidDays: 7, overdueDays: 0, splitPendingDays: 3 },
  items: [{
    rule: 'overfunded', transactionId: 'tx-1', title: 'Volvo XC60', referenceId: 'REF-1', status: 'PAID', currency: 'DKK',
    amount: '1000', since: null, excess: '500', actionId: null, snoozedUntil: null, note: null,
  }],
  total: 1,
  counts: [{ rule: 'overfunded', count: 1 }],
  snoozed: [],
};

beforeEach(() => {
  forgetViews();
  installMock({
    mirror_status: () => STATUS,
    overview: () => OVERVIEW,
    changes: () => ({ status: STATUS, lookedAt: null, items: [] }),
    attention: () => ATTENTION,
  });
});

describe('the overview', () => {
  it('shows money in escrow and opens the matching list', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-overview'));
    const total = await screen.findByTestId('escrow-total');
    expect(total.getAttribute('data-amount')).toBe('1520.5');
    expect(total.textContent).toContain('1,520.50');
    await fireEvent.click(total);
    await waitFor(() => {
      const q = argsOf('list_transactions').at(-1)?.query as TransactionQuery;
      expect(q.filters).toMatchObject({ currencies: ['DKK'], statuses: ['CREATED', 'INPROGRESS', 'PAID'] });
    });
    expect(await screen.findByTestId('search-input')).toBeTruthy();
  });

  it('names a paid-out deal as every page does: one label per status (#32)', async () => {
    installMock({
      mirror_status: () => STATUS,
      overview: () => ({ ...OVERVIEW, counts: [{ status: 'SUCCEEDED', count: 3 }] }),
      changes: () => ({ status: STATUS, lookedAt: null, items: [
        { seq: 1, transactionId: 'tx-1', at: '2026-11-24T09:00:00Z', kind: 'succeeded', before: 'PAID', after: 'SUCCEEDED', title: 'Volvo XC60', currency: 'DKK' },
      ] }),
      attention: () => ATTENTION,
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-overview'));
    const change = await screen.findByTestId('change');
    await waitFor(() => expect(screen.getByTestId('overview').textContent).toContain('Paid out'));
    expect(screen.getByTestId('overview').textContent).not.toContain('Succeeded');
    expect(change.querySelector('.kind')?.textContent).toBe('Paid out');
    expect(change.textContent).toContain('Paid → Paid out');
  });

  it('writes an amount change with the deal\'s currency (#32)', async () => {
    installMock({
      mirror_status: () => STATUS,
      overview: () => OVERVIEW,
      changes: () => ({ status: STATUS, lookedAt: null, items: [
        { seq: 2, transactionId: 'tx-2', at: '2026-11-24T09:00:00Z', kind: 'amount', before: '176000.00', after: '180000.00', title: 'Audi', currency: 'EUR' },
      ] }),
      attention: () => ATTENTION,
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-overview'));
    const change = await screen.findByTestId('change');
    expect(change.textContent).toContain('€176,000.00 → €180,000.00');
  });

  it('opens a payee’s deals by name', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-overview'));
    await fireEvent.click(await screen.findByTestId('top-payee'));
    await waitFor(() => expect((argsOf('list_transactions').at(-1)?.query as TransactionQuery).search).toBe('Bilhuset Vejle ApS'));
  });
});

describe('the attention queue', () => {
  it('offers the resolving action and opens the split payout dialog prefilled with the excess', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    const item = await screen.findByTestId('attention-item');
    expect(item.getAttribute('data-rule')).toBe('overfunded');
    await fireEvent.click(within(item).getByTestId('attention-resolve'));
    const dialog = await screen.findByTestId('action-dialog');
    expect((within(dialog).getByTestId('action-amount') as HTMLInputElement).value).toBe('500.00');
    expect((within(dialog).getByTestId('action-recipient') as HTMLSelectElement).value).toBe('PAYER');
  });

  it('asks for one reason when a chip is picked', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await fireEvent.click(await screen.findByTestId('attention-rule-overfunded'));
    await waitFor(() => expect(argsOf('attention').at(-1)).toEqual({ rule: 'overfunded' }));
  });

  it('draws the first 50 items and the rest on request', async () => {
    const many: AttentionView = {
      ...ATTENTION,
      items: Array.from({ length: 120 }, (_, i) => ({ ...ATTENTION.items[0], transactionId: `tx-${i}` })),
      total: 400,
      counts: [{ rule: 'overfunded', count: 400 }],
    };
    installMock({ mirror_status: () => STATUS, overview: () => OVERVIEW, changes: () => ({ status: STATUS, lookedAt: null, items: [] }), attention: () => many });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await waitFor(() => expect(screen.getAllByTestId('attention-item')).toHaveLength(50));
    expect(screen.getByTestId('attention-shown').textContent).toContain('first 50 of 400');
    await fireEvent.click(screen.getByTestId('attention-more'));
    expect(screen.getAllByTestId('attention-item')).toHaveLength(100);
    expect(screen.getByTestId('attention-more').textContent).toContain('Show 20 more');
    await fireEvent.click(screen.getByTestId('attention-more'));
    expect(screen.getAllByTestId('attention-item')).toHaveLength(120);
    expect(screen.queryByTestId('attention-more')).toBeNull();
  });

  it('opened again, draws its last answer at once and its own when it comes', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await waitFor(() => expect(screen.getByTestId('attention').getAttribute('data-fresh')).toBe('true'));
    await fireEvent.click(screen.getByTestId('nav-overview'));
    await screen.findByTestId('escrow-total');

    let answer: (v: AttentionView) => void = () => {};
    const later: AttentionView = { ...ATTENTION, items: [{ ...ATTENTION.items[0], transactionId: 'tx-2', title: 'Tesla Model Y' }] };
    installMock({
      mirror_status: () => STATUS,
      overview: () => OVERVIEW,
      changes: () => ({ status: STATUS, lookedAt: null, items: [] }),
      attention: () => new Promise<AttentionView>((resolve) => (answer = resolve)),
    });
    await fireEvent.click(screen.getByTestId('nav-attention'));
    const page = await screen.findByTestId('attention');
    expect(page.getAttribute('data-loaded')).toBe('true');
    expect(page.getAttribute('data-fresh')).toBe('false');
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Volvo XC60')).toBeTruthy();

    answer(later);
    await waitFor(() => expect(screen.getByTestId('attention').getAttribute('data-fresh')).toBe('true'));
    expect(screen.getByText('Tesla Model Y')).toBeTruthy();
    expect(screen.queryByText('Volvo XC60')).toBeNull();
  });
});
