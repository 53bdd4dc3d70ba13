import { describe, expect, it } from 'vitest';
import type { DealMoney, Flow } from '../../../lib/bindings';
import { dealMoney } from '../../../test/fixtures';
import { flowHints, moneyCards, type MoneyCard } from './cards';

const flow = (paid: string, scheduled: string, other = '0.00'): Flow => {
  const total = (Number(paid) + Number(scheduled) + Number(other)).toFixed(2);
  return { total, paid, scheduled, other };
};
const money = (status: string, over: Partial<DealMoney> = {}) => dealMoney(status, over);
const ids = (cards: MoneyCard[]) => cards.map((c) => c.id);
const card = (cards: MoneyCard[], id: string) => cards.find((c) => c.id === id);
const keys = (c: MoneyCard | undefined) => (c?.hints ?? []).map((h) => h.key);

describe('a deal\'s money cards', () => {
  it('an open unpaid deal: nothing paid in, the whole amount and payer fee still to pay', () => {
    const cards = moneyCards(money('CREATED', { paidIn: '0.00', remaining: '290750.00' }));
    expect(ids(cards)).toEqual(['paid-in', 'paid-out', 'remaining']);
    expect(card(cards, 'remaining')).toMatchObject({ amount: '290750.00', hints: [{ key: 'detail.remainingHint' }] });
    expect(card(cards, 'paid-in')?.hints).toEqual([]);
  });

  it('a partly paid deal says what is under way and what is left', () => {
    const cards = moneyCards(money('CREATED', { inProgress: '50000.00' }));
    expect(card(cards, 'paid-in')).toMatchObject({ amount: '100000.00', hints: [{ key: 'money.hint.inProgress', amount: '50000.00' }] });
    expect(card(cards, 'remaining')?.amount).toBe('190750.00');
  });

  it('a paid deal owes nothing; an overfunded one says by how much', () => {
    expect(card(moneyCards(money('PAID', { paidIn: '290750.00', remaining: '0.00' })), 'remaining')?.amount).toBe('0.00');
    const over = moneyCards(money('PAID', { paidIn: '293750.00', remaining: '0.00', excess: '3000.00' }));
    expect(card(over, 'paid-in')?.hints).toEqual([{ key: 'money.hint.excess', amount: '3000.00' }]);
  });

  it('a partly reimbursed deal shows what went back to the payer, and "paid out" counts only transfers', () => {
    const cards = moneyCards(money('PAID', {
      paidIn: '290750.00', remaining: '0.00', toPayer: flow('10000.00', '1500.00'), toOthers: flow('0.00', '700.00'),
    }));
    expect(ids(cards)).toEqual(['paid-in', 'to-payer', 'paid-out', 'remaining']);
    expect(card(cards, 'to-payer')).toMatchObject({ label: 'money.reimbursed', amount: '11500.00' });
    const held = moneyCards(money('PAID', { paidIn: '290750.00', toPayer: flow('10000.00', '1500.00'), goneOut: '11500.00', held: '279250.00' }));
    expect(ids(held)).toEqual(['paid-in', 'to-payer', 'paid-out', 'held', 'remaining']);
    expect(card(held, 'held')).toMatchObject({ label: 'money.held', amount: '279250.00', hints: [{ key: 'money.hint.held' }] });
    expect(card(cards, 'to-payer')?.hints).toEqual([{ key: 'money.flow.both', amount: '10000.00', scheduled: '1500.00' }]);
    expect(card(cards, 'paid-out')).toMatchObject({ amount: '0.00', hints: [{ key: 'detail.scheduledOut', amount: '700.00' }] });
  });

  it('a cancelled paid deal: paid in, returned to the payer (scheduled, then paid), nothing owed', () => {
    const scheduled = moneyCards(money('CANCELLED', { paidIn: '289500.00', returnedIn: '289500.00', toPayer: flow('0.00', '289500.00') }));
    expect(ids(scheduled)).toEqual(['paid-in', 'to-payer']);
    expect(card(scheduled, 'to-payer')).toMatchObject({ label: 'money.returned', amount: '289500.00', hints: [{ key: 'money.flow.scheduled' }] });
    expect(ids(scheduled)).not.toContain('remaining');
    expect(ids(scheduled)).not.toContain('paid-out');
    const paid = moneyCards(money('CANCELLED', { paidIn: '289500.00', toPayer: flow('289500.00', '0.00') }));
    expect(keys(card(paid, 'to-payer'))).toEqual(['money.flow.paid']);
  });

  it('a cancel that kept a split payout for the next run says so, and fees only when some were kept', () => {
    const cards = moneyCards(money('CANCELLED', {
      paidIn: '289500.00', toPayer: flow('0.00', '286500.00'), splits: flow('0.00', '3000.00'), feesKept: '0.00',
    }));
    expect(ids(cards)).toEqual(['paid-in', 'to-payer', 'splits']);
    expect(card(cards, 'splits')).toMatchObject({ label: 'money.splitsKept', amount: '3000.00' });
    const kept = moneyCards(money('CANCELLED', { paidIn: '289500.00', toPayer: flow('289000.00', '0.00'), feesKept: '500.00' }));
    expect(card(kept, 'fees-kept')?.amount).toBe('500.00');
  });

  it('a cancelled deal never paid has nothing to return', () => {
    const cards = moneyCards(money('CANCELLED', { paidIn: '0.00' }));
    expect(ids(cards)).toEqual(['paid-in', 'to-payer']);
    expect(keys(card(cards, 'paid-in'))).toEqual(['money.hint.nothingPaid']);
    expect(card(cards, 'to-payer')).toMatchObject({ amount: '0.00', hints: [{ key: 'money.hint.nothingToReturn' }] });
  });

  it('a paid-out deal: to the payee, the split payouts, any reimbursement and the fees kept', () => {
    const cards = moneyCards(money('SUCCEEDED', {
      paidIn: '289650.00', toPayee: flow('0.00', '285010.00'), splits: flow('2495.00', '0.00'), toPayer: flow('1500.00', '0.00'), feesKept: '645.00',
    }));
    expect(ids(cards)).toEqual(['paid-in', 'to-payee', 'splits', 'to-payer', 'fees-kept']);
    expect(card(cards, 'to-payee')).toMatchObject({ label: 'money.toPayee', amount: '285010.00', hints: [{ key: 'money.flow.scheduled' }] });
    expect(card(cards, 'splits')).toMatchObject({ label: 'money.splits', amount: '2495.00', hints: [{ key: 'money.flow.paid' }] });
    expect(card(cards, 'fees-kept')?.amount).toBe('645.00');
    // Split payouts not read: nothing claimed about them or the fees.
    expect(ids(moneyCards(money('SUCCEEDED', { splits: null, feesKept: null, toPayee: flow('1.00', '0.00') })))).toEqual(['paid-in', 'to-payee']);
  });

  it('a status this app does not know: the figures without a verdict, unknown parts named', () => {
    const cards = moneyCards(money('ON_HOLD', { unknownIn: '700.00', toPayee: flow('0.00', '0.00', '5000.00') }));
    expect(ids(cards)).toEqual(['paid-in', 'paid-out', 'remaining']);
    expect(card(cards, 'paid-in')?.hints).toEqual([{ key: 'money.hint.unknownIn', amount: '700.00' }]);
    expect(card(cards, 'paid-out')?.hints).toEqual([{ key: 'money.flow.unknown', amount: '5000.00' }]);
    expect(flowHints(flow('0.00', '0.00', '1.00'))).toEqual([{ key: 'money.flow.unknown', amount: '1.00' }]);
  });
});
