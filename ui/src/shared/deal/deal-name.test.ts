import { describe, expect, it } from 'vitest';
import { dealName, labelsById } from './deal-name';

const label = (environmentId: string, title: string | null, referenceId: string | null) =>
  ({ environmentId, transactionId: 'tx-1', title, referenceId, currency: 'DKK' });

describe('a deal named where only its id is kept', () => {
  it('the title first, the reference beside it, never the id as the text', () => {
    expect(dealName('tx-1', label('e', 'Tesla', 'EV 48 213'), 'Open')).toEqual({ main: 'Tesla', secondary: 'EV 48 213', id: 'tx-1' });
    expect(dealName('tx-1', label('e', '  ', 'EV 48 213'), 'Open')).toEqual({ main: 'EV 48 213', secondary: null, id: 'tx-1' });
    expect(dealName('tx-1', null, 'Open')).toEqual({ main: 'Open', secondary: null, id: 'tx-1' });
  });

  it("prefers the active environment's label of an id", () => {
    const found = [label('other', 'Elsewhere', null), label('active', 'Here', null)];
    expect(labelsById(found, 'active').get('tx-1')?.title).toBe('Here');
    expect(labelsById(found.slice(0, 1), 'active').get('tx-1')?.title).toBe('Elsewhere');
  });
});
