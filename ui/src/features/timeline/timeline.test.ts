import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { byKind, eventLabel, kindsPresent } from './timeline';

function entry(event: string, kind: TimelineEntry['kind'], at: string | null): TimelineEntry {
  return {
    at, kind, event, source: 'record', amount: null, currency: null, status: null, actor: null,
    correlationId: null, auditSeq: null, objectId: null, detail: null, method: null, recipient: null, note: null,
  };
}

const lines = [
  entry('staff.payout', 'payout', '2026-03-01T12:00:00Z'),
  entry('payment.authorized', 'payment', '2026-03-01T09:06:00Z'),
  entry('payment.created', 'payment', '2026-03-01T09:05:00Z'),
  entry('transaction.created', 'created', '2026-03-01T09:00:00Z'),
];

describe('timeline', () => {
  it('lists the kinds present in the filter order', () => {
    expect(kindsPresent(lines)).toEqual(['created', 'payment', 'payout']);
    expect(kindsPresent([])).toEqual([]);
  });

  it('filters by kind and keeps the newest-first order', () => {
    expect(byKind(lines, 'payment').map((l) => l.event)).toEqual(['payment.authorized', 'payment.created']);
    expect(byKind(lines, 'all')).toHaveLength(4);
    expect(byKind(lines, 'cancel')).toEqual([]);
  });

  it('words known events, staff actions and webhooks, and shows unknown ones as sent', () => {
    i18n.set('en');
    expect(eventLabel({ event: 'payment.authorized' })).toBe('Payment authorized');
    expect(eventLabel({ event: 'staff.payout' })).toBe('Staff: Pay out');
    expect(eventLabel({ event: 'staff.somethingNew' })).toBe('Staff: Something new'); // unknown values are made readable (#15)
    expect(eventLabel({ event: 'webhook.transaction.cancelled' })).toBe('Webhook: The transaction was cancelled; payments go back to the payer');
    expect(eventLabel({ event: 'webhook.transaction.unknown' })).toBe('Webhook: transaction.unknown');
    expect(eventLabel({ event: 'mystery.event' })).toBe('mystery.event');
    i18n.set('da');
    expect(eventLabel({ event: 'payment.authorized' })).toBe('Betaling godkendt');
    i18n.set('en');
  });
});

describe('detailWords', () => {
  it('words the method, the recipient and the note; never the raw values', async () => {
    const { detailWords } = await import('./timeline');
    i18n.set('da');
    const payment = { ...entry('payment.authorized', 'payment', null), method: 'BANK' };
    expect(detailWords(payment, 'da').parts).toEqual(['Bankoverførsel']);
    const split = { ...entry('splitPayout.created', 'splitPayout', null), recipient: 'TENANT', detail: 'Klargøring' };
    expect(detailWords(split, 'da').parts).toEqual(['Udbetales til: Platformen', 'Klargøring']);
    // The debt's split payout goes to the lender, not the payee the service names.
    const debt = { ...split, recipient: 'DEBT_SETTLEMENT', detail: null };
    expect(detailWords(debt, 'da').parts).toEqual(['Udbetales til: Långiveren (indfrielse af gæld)']);
    i18n.set('en');
    expect(detailWords(debt, 'en').parts).toEqual(['Paid to: The lender (debt settlement)']);
    i18n.set('da');
    const payout = { ...entry('payout.paid', 'payout', null), detail: 'Payout' };
    expect(detailWords(payout, 'da').parts).toEqual([]); // the event says it already
    expect(detailWords({ ...payout, detail: 'Bilhuset Vejle ApS' }, 'da').parts).toEqual(['Bilhuset Vejle ApS']);
    const refused: TimelineEntry = {
      ...entry('staff.reimburse', 'reimbursement', null), source: 'audit',
      note: { kind: 'failure', code: 'bad_request', status: 400, service: 'Bad Request: injected' },
    };
    expect(detailWords(refused, 'da')).toEqual({ parts: ['Tjenesten afviste forespørgslen (HTTP 400).'], original: 'Bad Request: injected' });
    const hook = { ...entry('webhook.transaction.created', 'created', null), source: 'webhook' as const, detail: '2' };
    expect(detailWords(hook, 'da').parts).toEqual(['Forsøg: 2']);
    i18n.set('en');
  });
});

describe('kindLabel', () => {
  it('words every kind, `other` included', async () => {
    const { kindLabel, KINDS } = await import('./timeline');
    i18n.set('en');
    for (const k of KINDS) expect(kindLabel(k)).not.toMatch(/^timeline\./);
    expect(kindLabel('other')).toBe('Other');
  });
});

describe('stateLabel', () => {
  it('words the service status, the action outcome and the delivery state', async () => {
    const { stateLabel } = await import('./timeline');
    i18n.set('en');
    expect(stateLabel({ source: 'webhook', status: 'failed' })).toBe('not delivered');
    expect(stateLabel({ source: 'audit', status: 'succeeded' })).toBe('Succeeded');
    expect(stateLabel({ source: 'record', status: 'SOMETHING_NEW' })).toBe('Something new');
  });
});
