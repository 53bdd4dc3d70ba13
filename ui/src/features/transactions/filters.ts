import type { TransactionFilters } from '../../lib/bindings';
import { emptyFilters } from '../../shared/list-filters';

/** The statuses and currencies offered as filter chips (others still show in the list). */
export const FILTER_STATUSES = ['CREATED', 'PAID', 'SUCCEEDED', 'CANCELLED'] as const;
export const FILTER_CURRENCIES = ['DKK', 'EUR'] as const;

/** Adds `value` to the list, or removes it when present. */
export function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A named filter set the user saved (kept in this computer's web storage: cosmetic). */
export type SavedFilter = { name: string; search: string; filters: TransactionFilters };

const SAVED_KEY = 'escrow-desk.saved-filters';

export function loadSaved(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): SavedFilter[] {
  try {
    const raw = storage?.getItem(SAVED_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (s): s is SavedFilter =>
        typeof s === 'object' && s !== null && typeof s.name === 'string' && typeof s.search === 'string' && typeof s.filters === 'object',
    ).map((s) => ({ ...s, filters: { ...emptyFilters(), ...s.filters } }));
  } catch {
    return [];
  }
}

export function storeSaved(list: SavedFilter[], storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(SAVED_KEY, JSON.stringify(list));
  } catch {
    /* storage full or unavailable: saved filters are a convenience */
  }
}

/** Adds or replaces (by name) a saved filter; names are trimmed and 1–40 characters. */
export function upsertSaved(list: SavedFilter[], entry: SavedFilter): SavedFilter[] {
  const name = entry.name.trim().slice(0, 40);
  if (!name) return list;
  return [...list.filter((s) => s.name !== name), { ...entry, name }];
}
