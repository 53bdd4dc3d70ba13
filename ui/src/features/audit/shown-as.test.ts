import { describe, expect, it } from 'vitest';
import { shownAs } from './shown-as';

describe('the audit filter by the words shown', () => {
  it('finds the codes a person reads in either language', () => {
    expect(shownAs('Udbetaling')).toContain('payout');
    expect(shownAs('Udbetal')).toContain('payout');
    expect(shownAs('Pay out')).toContain('payout');
    expect(shownAs('udført')).toContain('succeeded');
    expect(shownAs('Fejlet')).toContain('failed');
    expect(shownAs('Hensigt')).toEqual(expect.arrayContaining(['intent']));
    expect(shownAs('Afventer')).toContain('pending');
  });

  it('adds nothing for a filter no word matches, or one too short to mean a word', () => {
    expect(shownAs('tx-2f81')).toEqual([]);
    expect(shownAs('u')).toEqual([]);
    expect(shownAs('Udbetaling')).not.toContain('cancel');
  });
});
