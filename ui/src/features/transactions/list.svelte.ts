// The transactions list of the current environment: search, filters, reference id, sort,
// page and the row picked with the keyboard. Every answer is checked against a request
// counter (stale answers are dropped) and the active environment (never another's rows).
import type { AppError, MirrorSource, SortBy, TransactionFilters, TransactionListItem } from '../../lib/bindings';
import { searchTerm } from '../../shared/amount';
import { SEARCH_DEBOUNCE_MS } from '../../shared/debounce';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ipc } from '../../shared/ipc';
import { activeFilterCount, emptyFilters } from '../../shared/list-filters';
import type { Session } from '../../shared/session/session.svelte';

export const PAGE_SIZE = 50;
/** When the list is answered by the local mirror a search costs no request: a keystroke is
 * answered at once when no search is under way, and while one is, the next waits this long
 * (so fast typing sends the latest text, not every letter). */
export const LOCAL_SEARCH_DEBOUNCE_MS = 40;

export class TransactionList {
  searchInput = $state('');
  query = $state('');
  filters = $state.raw<TransactionFilters>(emptyFilters());
  /** The list's `ReferenceId` (exact; empty: none). */
  referenceId = $state('');
  pageIndex = $state(0);
  items = $state.raw<TransactionListItem[]>([]);
  count = $state(0);
  loading = $state(false);
  error = $state.raw<AppError | null>(null);
  loaded = $state(false);
  /** Completed loads of the list (first load, refreshes, pages): the soak bench counts them. */
  loads = $state(0);
  /** When the list shown was last loaded (ISO time), or null before the first load. */
  refreshedAt = $state<string | null>(null);
  /** Set when the list shown is the local mirror's (searched, filtered or sorted there, or offline). */
  mirrored = $state.raw<MirrorSource | null>(null);
  /** The column the list is sorted by (null: the service's order, newest first). */
  sort = $state.raw<SortBy | null>(null);
  selectedIndex = $state(-1);
  /** Scroll offset of the table, restored when coming back from the detail view. */
  scrollTop = 0;
  #req = 0;
  #debounce: ReturnType<typeof setTimeout> | undefined;
  #session: Session;

  constructor(session: Session) {
    this.#session = session;
  }

  /** `mirrorReady`: the local mirror has had a full pass and answers searches (the page may
   * still show the service's plain list). */
  setSearch(value: string, mirrorReady = false) {
    this.searchInput = value;
    clearTimeout(this.#debounce);
    const local = mirrorReady || (this.mirrored !== null && !this.mirrored.offline);
    if (local && !this.loading) {
      this.applySearch();
      return;
    }
    this.#debounce = setTimeout(() => this.applySearch(), local ? LOCAL_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS);
  }

  /** Apply the typed search right away (e.g. on Enter). */
  applySearch() {
    clearTimeout(this.#debounce);
    const q = this.searchInput.trim();
    if (q === this.query && this.loaded) return;
    this.query = q;
    this.#fromTop();
  }

  /** Exactly this search and these filters (the overview's figures, a saved filter). */
  show(filters: TransactionFilters, search: string) {
    clearTimeout(this.#debounce);
    this.searchInput = search;
    this.query = search.trim();
    this.setFilters(filters);
  }

  /** Sorts by `column`: ascending, then descending, then back to the service's order. */
  toggleSort(column: string) {
    const now = this.sort?.column === column ? this.sort : null;
    this.sort = !now ? { column, descending: false } : !now.descending ? { column, descending: true } : null;
    this.#fromTop();
  }

  /** Replace the filters and reload from the first page. */
  setFilters(filters: TransactionFilters) {
    this.filters = filters;
    this.#fromTop();
  }

  /** Replace the reference-id filter and reload from the first page. */
  setReferenceId(value: string) {
    this.referenceId = value;
    this.#fromTop();
  }

  #fromTop() {
    this.pageIndex = 0;
    this.selectedIndex = -1;
    this.scrollTop = 0;
    void this.load();
  }

  async load() {
    const req = ++this.#req;
    const envId = this.#session.activeId;
    this.loading = true;
    this.error = null;
    try {
      const res = await ipc.listTransactions({
        search: this.query === '' ? null : searchTerm(this.query, i18n.lang),
        skip: this.pageIndex * PAGE_SIZE,
        take: PAGE_SIZE,
        filters: activeFilterCount(this.filters) > 0 ? this.filters : null,
        sort: this.sort ?? undefined,
        referenceId: this.referenceId.trim() === '' ? undefined : this.referenceId.trim(),
      });
      if (req !== this.#req) return; // a newer request superseded this one
      if (res.environmentId !== envId || envId !== this.#session.activeId) {
        // Belongs to another environment: never show it.
        this.loading = false;
        return;
      }
      this.items = res.items;
      this.count = res.count;
      this.mirrored = res.mirror;
      if (this.selectedIndex >= res.items.length) this.selectedIndex = res.items.length - 1;
      this.loaded = true;
      this.loading = false;
      this.loads++;
      this.refreshedAt = new Date().toISOString();
    } catch (e) {
      if (req !== this.#req) return;
      this.error = e as AppError;
      this.items = [];
      this.count = 0;
      this.loaded = true;
      this.loading = false;
    }
  }

  get pageCount() {
    return Math.max(1, Math.ceil(this.count / PAGE_SIZE));
  }

  goToPage(index: number) {
    const next = Math.min(Math.max(0, index), this.pageCount - 1);
    if (next === this.pageIndex) return;
    this.pageIndex = next;
    this.selectedIndex = -1;
    this.scrollTop = 0;
    void this.load();
  }

  moveSelection(delta: number) {
    if (this.items.length === 0) return;
    const from = this.selectedIndex < 0 ? (delta > 0 ? -1 : this.items.length) : this.selectedIndex;
    this.selectedIndex = Math.min(this.items.length - 1, Math.max(0, from + delta));
  }

  /** Picks the row of `id` when it is on this page. */
  select(id: string) {
    const idx = this.items.findIndex((i) => i.transactionId === id);
    if (idx >= 0) this.selectedIndex = idx;
  }

  /** Forget the environment's rows and invalidate the request in flight. */
  clear() {
    this.#req++;
    clearTimeout(this.#debounce);
    this.items = [];
    this.count = 0;
    this.loaded = false;
    this.error = null;
    this.loading = false;
    this.selectedIndex = -1;
    this.pageIndex = 0;
    this.scrollTop = 0;
    this.mirrored = null;
  }

  dispose() {
    clearTimeout(this.#debounce);
    this.#req++;
  }
}
