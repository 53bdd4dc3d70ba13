import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../lib/bindings';
import { transaction } from '../../../test/fixtures';
import { BAR_ORDER } from './rules';
import { ACTIONS, emptyForm, FIELD_ORDER, type ActionContext, type ActionForm } from './table';

function ctx(over: Partial<Transaction> = {}, rest: Partial<ActionContext> = {}): ActionContext {
  return { tx: transaction('tx-1', over).transaction, splitPayout: null, lang: 'en', today: '2026-11-20', remaining: '190750.00', ...rest };
}
const form = (over: Partial<ActionForm> = {}): ActionForm => ({ ...emptyForm('acc-1'), ...over });

describe('transaction action table', () => {
  it('has a row for every action of the bar and for cancelling a split payout', () => {
    for (const kind of BAR_ORDER) expect(ACTIONS[kind], kind).toBeDefined();
    expect(ACTIONS.cancelSplitPayout).toBeDefined();
  });

  it('lists only known field groups, in display order', () => {
    for (const [kind, spec] of Object.entries(ACTIONS)) {
      const order = spec.fields.map((f) => FIELD_ORDER.indexOf(f));
      expect(order.every((i) => i >= 0), kind).toBe(true);
      expect(order, kind).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('asks to type the amount exactly for the actions that move money', () => {
    const moving = Object.entries(ACTIONS).filter(([, s]) => s.movesMoney).map(([k]) => k).sort();
    expect(moving).toEqual(['cancel', 'cancelSplitPayout', 'createPayment', 'createSplitPayout', 'payout', 'reimburse']);
    for (const kind of moving) expect(ACTIONS[kind as keyof typeof ACTIONS].confirmAmount, kind).toBeDefined();
  });

  it('builds a payout for the chosen account and the whole amount', () => {
    expect(ACTIONS.payout.request(form(), ctx())).toEqual({ kind: 'payout', transactionId: 'tx-1', serviceAccountId: 'acc-1', amount: '289500.00' });
    expect(ACTIONS.payout.request(form({ account: '' }), ctx())).toBeNull();
    expect(ACTIONS.payout.confirmAmount?.(form(), ctx())).toBe('289500.00');
  });

  it('reads a typed amount in the language of the window', () => {
    const c = ctx({}, { lang: 'da' });
    expect(ACTIONS.reimburse.request(form({ amount: '1.250,50' }), c)).toEqual({ kind: 'reimburse', transactionId: 'tx-1', amount: '1250.50' });
    expect(ACTIONS.reimburse.amountError?.(form({ amount: 'abc' }), c)).toBe('amount.error.invalid');
    expect(ACTIONS.reimburse.amountError?.(form(), c)).toBe('amount.error.empty');
  });

  it('confirms a blank payment amount as what is left to pay', () => {
    const c = ctx();
    expect(ACTIONS.createPayment.amountError?.(form(), c)).toBeNull();
    expect(ACTIONS.createPayment.request(form(), c)).toEqual({ kind: 'createPayment', transactionId: 'tx-1', serviceAccountId: 'acc-1', amount: null });
    expect(ACTIONS.createPayment.confirmAmount?.(form(), c)).toBe('190750.00');
    expect(ACTIONS.createPayment.amountHint?.(c)).toEqual({ key: 'action.hint.paymentAmount', params: { amount: 'DKK 190,750.00' } });
  });

  it('refuses the same amount, and a lower one once paid', () => {
    expect(ACTIONS.changeAmount.amountError?.(form({ amount: '289500' }), ctx())).toBe('action.error.sameAmount');
    expect(ACTIONS.changeAmount.amountError?.(form({ amount: '1000' }), ctx())).toBe('action.error.mustRaise');
    expect(ACTIONS.changeAmount.amountError?.(form({ amount: '1000' }), ctx({ status: 'CREATED' }))).toBeNull();
    expect(ACTIONS.changeAmount.request(form({ amount: '300000', payerFee: 'x' }), ctx())).toBeNull();
    expect(ACTIONS.changeAmount.request(form({ amount: '300000', payerFee: '0' }), ctx())).toEqual({
      kind: 'changeAmount', transactionId: 'tx-1', amount: '300000.00', payeeFixedFee: null, payerFixedFee: '0.00',
    });
  });

  it('updates only what was filled in or cleared, with a future date', () => {
    const c = ctx();
    expect(ACTIONS.update.request(form(), c)).toBeNull();
    expect(ACTIONS.update.request(form({ expected: '2026-11-20' }), c)).toBeNull();
    expect(ACTIONS.update.request(form({ clearRetail: true }), c)).toEqual({ kind: 'update', transactionId: 'tx-1', expectedCompletion: null, retailAmount: '' });
    expect(ACTIONS.update.incompleteHint).toBe('action.hint.update');
  });

  it('adds a party by any one identifier', () => {
    expect(ACTIONS.addPayer.request(form(), ctx())).toBeNull();
    expect(ACTIONS.addPayer.request(form({ partyPhone: ' +4512345678 ' }), ctx())).toEqual({
      kind: 'addPayer', transactionId: 'tx-1', serviceAccountId: null, referenceId: null, phoneNumber: '+4512345678',
    });
  });

  it('cancels the chosen split payout and confirms its amount', () => {
    const splitPayout = { splitPayoutId: 'sp-1', amount: '500.00' } as ActionContext['splitPayout'];
    const c = ctx({}, { splitPayout });
    expect(ACTIONS.cancelSplitPayout.request(form(), c)).toEqual({ kind: 'cancelSplitPayout', transactionId: 'tx-1', splitPayoutId: 'sp-1' });
    expect(ACTIONS.cancelSplitPayout.confirmAmount?.(form(), c)).toBe('500.00');
    expect(ACTIONS.cancelSplitPayout.danger).toBe(true);
  });
});
