import type { TransactionFilters } from './bindings';

/** The statuses and currencies offered as filter chips (others still show in the list). */
export const FILTER_STATUSES = ['CREATED', 'PAID', 'SUCCEEDED', 'CANCELLED'] as const;
export const FILTER_CURRENCIES = ['DKK', 'EUR'] as const;

export function emptyFilters(): TransactionFilters {
  return {
    statuses: [],
    kind: null,
    currencies: [],
    createdFrom: null,
    createdTo: null,
    expectedFrom: null,
    expectedTo: null,
  };
}

/** How many filter groups are set (0: the plain server list is used). */
export function activeFilterCount(f: TransactionFilters): number {
  return (
    (f.statuses.length > 0 ? 1 : 0) +
    (f.kind ? 1 : 0) +
    (f.currencies.length > 0 ? 1 : 0) +
    (f.createdFrom || f.createdTo ? 1 : 0) +
    (f.expectedFrom || f.expectedTo ? 1 : 0)
  );
}

/** Adds `value` to the list, or removes it when present. */
export function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
