import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { deliveryTransaction, eventMeaning, exampleRows, explainFields, lastOutcome } from './fields';

const examples = {
  user: [{ eventName: 'user.bankaccount.connected', serviceAccountId: 'u-1', connections: [] }],
  transaction: [
    { eventName: 'transaction.payment.paid', transactionId: 't-1', paymentId: 'p-1', brandNew: 'x' },
    { eventName: 'transaction.cancelled', transactionId: 't-1' },
  ],
};

function delivery(outcomes: unknown): Delivery {
  return {
    webhookId: 'w', eventName: 'transaction.created', payload: { transactionId: 't-9' }, created: '2026-01-01T00:00:00Z',
    state: 'failed', attempts: 1, outcomes,
  };
}

describe('events', () => {
  it('lists every example by group and event', () => {
    expect(exampleRows(examples).map((r) => `${r.group}/${r.eventName}`)).toEqual([
      'user/user.bankaccount.connected', 'transaction/transaction.payment.paid', 'transaction/transaction.cancelled',
    ]);
    expect(exampleRows(null)).toEqual([]);
  });

  it('explains known fields and keeps unknown ones, unexplained', () => {
    i18n.set('en');
    const fields = explainFields(examples.transaction[0]);
    expect(fields.map((f) => f.field)).toEqual(['eventName', 'transactionId', 'paymentId', 'brandNew']);
    expect(fields[2].explanation).toContain('payment');
    expect(fields[3]).toEqual({ field: 'brandNew', value: ['x'], explanation: null });
    expect(eventMeaning('transaction.payment.paid')).toBe('A payment into escrow was authorized.');
    expect(eventMeaning('transaction.unheard.of')).toBeNull();
  });

  it('reads a delivery’s transaction and last outcome', () => {
    expect(deliveryTransaction(delivery([]))).toBe('t-9');
    expect(lastOutcome(delivery([{ at: 'a', error: 'refused' }, { at: 'b', status: 503 }]))).toEqual({ text: 'HTTP 503', original: null });
    i18n.set('da');
    expect(lastOutcome(delivery([{ at: 'a', error: 'no webhook URL configured' }]))).toEqual({ text: 'Ingen webhook-URL er sat op', original: null });
    expect(lastOutcome(delivery([{ at: 'a', error: 'error sending request' }]))).toEqual({ text: 'Modtageren kunne ikke nås', original: 'error sending request' });
    i18n.set('en');
    expect(lastOutcome(delivery(null))).toEqual({ text: '—', original: null });
  });

  it('shows an example value as wire lines, never as JSON', async () => {
    const { valueLines } = await import('./fields');
    expect(valueLines({ referenceId: 'dealer-01', serviceAccountId: 'a-2' })).toEqual(['referenceId: dealer-01', 'serviceAccountId: a-2']);
    expect(valueLines({ payer: { name: 'Mette' }, items: [{ id: 1 }], none: null, empty: [] })).toEqual(['payer.name: Mette', 'items[0].id: 1', 'none: null', 'empty: []']);
    expect(valueLines('2026-01-01T00:00:00Z')).toEqual(['2026-01-01T00:00:00Z']);
    expect(valueLines(null)).toEqual(['null']);
  });
});
