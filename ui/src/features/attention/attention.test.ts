import { describe, expect, it } from 'vitest';
import type { AttentionItem } from '../../lib/bindings';
import { dictionaries } from '../../shared/i18n/i18n.svelte';
import { itemKey, reason, resolveOf, RESOLVE_LABEL, ruleLabel } from './attention';

const item = (over: Partial<AttentionItem>): AttentionItem => ({
  rule: 'overfunded',
  transactionId: 't-1',
  title: 'Tesla Model Y',
  referenceId: 'ORD-1',
  status: 'PAID',
  currency: 'DKK',
  amount: '289500',
  since: null,
  excess: '500',
  actionId: null,
  snoozedUntil: null,
  note: null,
  ...over,
});

describe('the attention queue', () => {
  it('offers the one action that resolves each rule', () => {
    expect(resolveOf('paid_overdue')).toBe('payout');
    expect(resolveOf('overfunded')).toBe('splitExcess');
    expect(resolveOf('awaiting_payment')).toBe('copyLink');
    expect(resolveOf('payment_failed')).toBe('copyLink');
    expect(resolveOf('unknown_outcome')).toBe('reconcile');
    expect(resolveOf('debt_missing')).toBe('open');
  });

  it('has words for every rule and action in both languages', () => {
    const rules = ['paid_overdue', 'awaiting_payment', 'overfunded', 'payment_failed', 'split_pending', 'unknown_outcome', 'debt_missing', 'bill_of_sale_unsigned'] as const;
    for (const lang of ['en', 'da'] as const) {
      for (const r of rules) {
        expect(dictionaries[lang][ruleLabel(r)]).toBeTruthy();
        expect(dictionaries[lang][reason(item({ rule: r }), { date: () => '', money: () => '' }).key]).toBeTruthy();
        expect(dictionaries[lang][RESOLVE_LABEL[resolveOf(r)]]).toBeTruthy();
      }
    }
  });

  it('formats the reason with the excess in the deal currency', () => {
    const r = reason(item({}), { date: () => 'd', money: (a, c) => `${a} ${c}` });
    expect(r.params.excess).toBe('500 DKK');
  });

  it('keys items by rule and deal', () => {
    expect(itemKey(item({}))).not.toBe(itemKey(item({ rule: 'paid_overdue' })));
  });
});
