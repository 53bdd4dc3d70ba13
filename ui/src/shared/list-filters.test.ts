import { describe, expect, it } from 'vitest';
import { activeFilterCount, emptyFilters } from './list-filters';

describe('transaction filters', () => {
  it('counts each set filter group once', () => {
    expect(activeFilterCount(emptyFilters())).toBe(0);
    const f = { ...emptyFilters(), statuses: ['PAID', 'CREATED'], kind: 'Auto', createdTo: '2026-11-01' };
    expect(activeFilterCount(f)).toBe(3);
  });
});
