// The list's bulk selection, shared by the row boxes, the header box and the bar. Bound to one
// list (environment, search, filters): when the list changes, the selection starts empty.
import type { TransactionFilters } from '../../lib/bindings';
import { emptySelection, forList, selectAllMatching, toggle, togglePage, type Selection } from './selection';

/** Names one list: what its selected ids belong to. */
export function listKeyOf(env: string | null, query: string, filters: TransactionFilters): string {
  return `${env ?? ''}|${query}|${JSON.stringify(filters)}`;
}

class BulkSelection {
  #sel = $state.raw<Selection>(emptySelection());

  /** The selection of the list `key` (empty when the list changed). */
  of(key: string): Selection {
    return forList(this.#sel, key);
  }

  toggle(key: string, id: string, pageIds: readonly string[], shift: boolean) {
    this.#sel = toggle(this.of(key), id, pageIds, shift);
  }

  togglePage(key: string, pageIds: readonly string[]) {
    this.#sel = togglePage(this.of(key), pageIds);
  }

  selectAllMatching(key: string, ids: readonly string[]) {
    this.#sel = selectAllMatching(this.of(key), ids);
  }

  clear() {
    this.#sel = emptySelection(this.#sel.listKey);
  }
}

export const bulkSelection = new BulkSelection();
