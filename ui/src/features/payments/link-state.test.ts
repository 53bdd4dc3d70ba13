import { describe, expect, it } from 'vitest';
import { i18n, t } from '../../shared/i18n/i18n.svelte';
import { transaction } from '../../test/fixtures';
import { linkUnavailable } from './link-state';
import type { Transaction } from '../../lib/bindings';

function deal(status: string, paymentStatus: string): Transaction {
  const tx = transaction('tx-1', { status }).transaction;
  const p = { ...tx.payments.inbound.payments[0], paymentId: 'pay-1', status: paymentStatus };
  return { ...tx, payments: { ...tx.payments, inbound: { ...tx.payments.inbound, payments: [p] } } };
}

const said = (tx: Transaction) => {
  const b = linkUnavailable(tx, 'pay-1');
  return b ? t(b.key, b.params) : null;
};

describe('payment link state', () => {
  it('offers a link only for a payment in progress on an open deal', () => {
    i18n.set('en');
    expect(linkUnavailable(deal('CREATED', 'INPROGRESS'), 'pay-1')).toBeNull();
    expect(linkUnavailable(deal('CREATED', 'INPROGRESS'), 'pay-new')).toBeNull();
    expect(said(deal('CREATED', 'AUTHORIZED'))).toBe('This payment is authorized: nothing is left to pay on it, so no link can be made.');
  });

  it('says why a closed deal takes no link, in words, never the raw status', () => {
    i18n.set('en');
    expect(said(deal('CANCELLED', 'RETURNED'))).toBe('The transaction is cancelled: it takes no more payments, so no link can be made.');
    i18n.set('da');
    const da = said(deal('CANCELLED', 'RETURNED')) ?? '';
    expect(da).toMatch(/^Transaktionen er annulleret: /);
    expect(said(deal('CREATED', 'RETURNED'))).toMatch(/^Denne betaling er returneret: /);
    expect(da).not.toMatch(/CANCELLED|RETURNED/);
  });
});
