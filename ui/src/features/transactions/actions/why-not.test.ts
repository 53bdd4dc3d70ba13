import { describe, expect, it } from 'vitest';
import { dealMoney, transaction } from '../../../test/fixtures';
import { unofferedMoneyMoves } from './why-not';

const open = transaction('tx-1', { status: 'CREATED' }).transaction;

describe('why a money move is not offered', () => {
  it('names what is left to pay as the deal\'s money says, not a sum of its own', () => {
    // The record's inbound total says 100,000 but the money rule (returned payments, what
    // Rust read from the ledger) says 150,000 is left: the note follows the rule.
    const notes = unofferedMoneyMoves(open, [], 'en', dealMoney('CREATED', { remaining: '150000.00' }));
    expect(notes.map((n) => n.kind)).toEqual(['payout', 'reimburse']);
    expect(notes[0]).toMatchObject({ key: 'actions.whyNot.payout.unpaid' });
    expect(notes[0].params?.amount).toContain('150,000.00');
  });

  it('without the deal\'s money it says the payer has not paid in full, with no figure', () => {
    const notes = unofferedMoneyMoves(open, [], 'en', null);
    expect(notes[0]).toEqual({ kind: 'payout', key: 'actions.whyNot.payout.unpaidUnknown' });
  });

  it('says nothing for a deal that is paid or closed', () => {
    const paid = transaction('tx-2', { status: 'PAID' }).transaction;
    expect(unofferedMoneyMoves(paid, ['payout'], 'en', dealMoney('PAID'))).toEqual([]);
  });
});
