import { describe, expect, it } from 'vitest';
import { emptyFilters } from '../../shared/list-filters';
import { toggle } from './filters';

describe('transaction filters', () => {
  it('toggles values in and out', () => {
    expect(toggle(['PAID'], 'CREATED')).toEqual(['PAID', 'CREATED']);
    expect(toggle(['PAID', 'CREATED'], 'PAID')).toEqual(['CREATED']);
  });
});

describe('saved filters', () => {
  it('round-trips through storage and ignores garbage', async () => {
    const { loadSaved, storeSaved, upsertSaved } = await import('./filters');
    const mem = new Map<string, string>();
    const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
    let list = upsertSaved([], { name: ' Paid cars ', search: 'tesla', filters: { ...emptyFilters(), statuses: ['PAID'] } });
    list = upsertSaved(list, { name: 'Paid cars', search: 'vw', filters: emptyFilters() });
    expect(list).toHaveLength(1);
    expect(list[0].search).toBe('vw');
    storeSaved(list, storage);
    expect(loadSaved(storage)).toEqual(list);
    mem.set('escrow-desk.saved-filters', '{"not":"a list"}');
    expect(loadSaved(storage)).toEqual([]);
    mem.set('escrow-desk.saved-filters', '[{"name":1}]');
    expect(loadSaved(storage)).toEqual([]);
  });
});
