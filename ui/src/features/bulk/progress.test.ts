import { describe, expect, it } from 'vitest';
import type { BulkRow, RowState } from '../../lib/bindings';
import { counts, failedCount, linksText, retryable, totalMatches } from './progress';

const row = (state: RowState, link: string | null = null, id = 't'): BulkRow => ({
  transactionId: id, title: null, amount: '1.00', currency: 'DKK', state, actionId: null, message: null, skip: null, error: null, link, moves: null,
});

describe('bulk progress', () => {
  it('counts rows by state and retries only what did not end well', () => {
    const rows = [row('done'), row('failed'), row('unknown'), row('skipped'), row('cancelled'), row('done')];
    const c = counts(rows);
    expect(c.done).toBe(2);
    expect(failedCount(c)).toBe(2);
    expect(retryable(rows)).toBe(3);
  });

  it('links are copied one per line with their transaction', () => {
    expect(linksText([row('done', 'https://pay/1', 'a'), row('failed'), row('done', 'https://pay/2', 'b')])).toBe(
      'a\thttps://pay/1\nb\thttps://pay/2',
    );
  });

  it('a typed total must equal the total exactly, as a number', () => {
    expect(totalMatches('1500', '1500.00')).toBe(true);
    expect(totalMatches('1 500,00', '1500.00')).toBe(true);
    expect(totalMatches('1500.5', '1500.50')).toBe(true);
    expect(totalMatches('1500.01', '1500.00')).toBe(false);
    expect(totalMatches('15000', '1500.00')).toBe(false);
    expect(totalMatches('', '1500.00')).toBe(false);
    expect(totalMatches('1,500.00', '1500.00')).toBe(false);
  });
});
