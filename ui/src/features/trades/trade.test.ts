import { describe, expect, it } from 'vitest';
import { otherPartyActions, partyActions } from './trade';
import type { TradeParty } from '../../lib/bindings';

function party(actions: { name: string; text: string | null; code: string | null }[]): TradeParty {
  return { status: { actions } } as unknown as TradeParty;
}

describe('party actions', () => {
  it('offers the known actions with their dialogs and every other name for the generic one, none hidden', () => {
    const p = party([
      { name: 'AcceptAndPay', text: 'Accept and pay', code: '2' },
      { name: '77', text: 'Call the shop', code: '77' },
      { name: 'Dance', text: null, code: null },
    ]);
    expect(partyActions(p)).toEqual(['AcceptAndPay']);
    expect(otherPartyActions(p)).toEqual([
      { name: '77', text: 'Call the shop' },
      { name: 'Dance', text: null },
    ]);
    // Every listed action is offered one way or the other.
    expect(partyActions(p).length + otherPartyActions(p).length).toBe(3);
    expect(otherPartyActions(null)).toEqual([]);
  });
});
