import { describe, expect, it } from 'vitest';
import { availableActions } from './rules';
import { transaction } from '../../../test/fixtures';

const tx = (over: Parameters<typeof transaction>[1]) => transaction('tx-1', over).transaction;
const noInbound = { inbound: { amount: null, payments: [] }, outbound: { amount: null, payments: [] } };

describe('actions offered per status', () => {
  it('CREATED without payments: cancel, delete, create payment, change amount, update, split payout', () => {
    expect(availableActions(tx({ status: 'CREATED', payments: noInbound }))).toEqual([
      'createPayment', 'createSplitPayout', 'changeAmount', 'update', 'cancel', 'delete',
    ]);
  });

  it('CREATED with an inbound payment: no delete', () => {
    expect(availableActions(tx({ status: 'CREATED' }))).not.toContain('delete');
  });

  it('CREATED with a party missing: add payee / add payer', () => {
    const kinds = availableActions(tx({ status: 'CREATED', payee: null, payer: null, payments: noInbound }));
    expect(kinds).toContain('addPayee');
    expect(kinds).toContain('addPayer');
    expect(availableActions(tx({ status: 'CREATED', payee: null }))).not.toContain('addPayer');
  });

  it('PAID: payout, cancel, reimburse, split payout, change amount, update', () => {
    expect(availableActions(tx({ status: 'PAID' }))).toEqual([
      'payout', 'reimburse', 'createSplitPayout', 'changeAmount', 'update', 'cancel',
    ]);
  });

  it('INPROGRESS (published) allows what CREATED allows, but no delete once a payment exists', () => {
    const inProgress = availableActions(tx({ status: 'INPROGRESS' }));
    expect(inProgress).toContain('cancel');
    expect(inProgress).toContain('createPayment');
    expect(inProgress).not.toContain('payout');
  });

  it('SUCCEEDED, CANCELLED and unknown statuses: nothing', () => {
    expect(availableActions(tx({ status: 'SUCCEEDED' }))).toEqual([]);
    expect(availableActions(tx({ status: 'CANCELLED' }))).toEqual([]);
    expect(availableActions(tx({ status: 'ARCHIVED' }))).toEqual([]);
  });
});
