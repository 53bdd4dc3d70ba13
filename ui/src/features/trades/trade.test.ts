import { describe, expect, it } from 'vitest';
import { otherPartyActions, partyActions } from './trade';
import type { TradeParty } from '../../lib/bindings';

function party(actions: { name: string; text: string | null; code: string | null }[]): TradeParty {
  return { status: { actions } } as unknown as TradeParty;
}

describe('party actions', () => {
  it('offers the actions the app can run and shows the others by the service text', () => {
    const p = party([
      { name: 'AcceptAndPay', text: 'Accept and pay', code: '2' },
      { name: '77', text: 'Call the shop', code: '77' },
      { name: 'Dance', text: null, code: null },
    ]);
    expect(partyActions(p)).toEqual(['AcceptAndPay']);
    expect(otherPartyActions(p)).toEqual(['Call the shop', 'Dance']);
    expect(otherPartyActions(null)).toEqual([]);
  });
});
