// The transactions list's filters as the list request carries them: none set, and how many
// groups are. Here because more than the list reads them (the overview's figures link to a
// filtered list, the bulk bar asks for every match); the chips and saved filters stay with
// the list (features/transactions/filters.ts).
import type { TransactionFilters } from '../lib/bindings';

export function emptyFilters(): TransactionFilters {
  return {
    statuses: [],
    kind: null,
    currencies: [],
    createdFrom: null,
    createdTo: null,
    expectedFrom: null,
    expectedTo: null,
    paidIn: null,
  };
}

/** How many filter groups are set (0: the plain server list is used). */
export function activeFilterCount(f: TransactionFilters): number {
  return (
    (f.statuses.length > 0 ? 1 : 0) +
    (f.kind ? 1 : 0) +
    (f.currencies.length > 0 ? 1 : 0) +
    (f.createdFrom || f.createdTo ? 1 : 0) +
    (f.expectedFrom || f.expectedTo ? 1 : 0) +
    (f.paidIn ? 1 : 0)
  );
}
