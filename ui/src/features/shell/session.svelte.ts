import { getContext, setContext } from 'svelte';
import type { ActionRecord, AppError, DealMoney, EnvironmentView, MirrorSource, SortBy, Transaction, TransactionFilters, TransactionListItem } from '../../lib/bindings';
import { activeFilterCount, emptyFilters } from '../transactions/filters';
import { markOnce } from '../../shared/startup-marks';
import { unreachable } from '../environments/trouble';
import { ipc } from '../../shared/ipc';
import { searchTerm } from '../../shared/amount';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { FIRST_PAGE } from './first-page';
import { offlineDeal, type OfflineDeal } from '../transactions/offline/offline';

export const PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 250;
/** When the list is answered by the local mirror a search costs no request: a keystroke is
 * answered at once when no search is under way, and while one is, the next waits this long
 * (so fast typing sends the latest text, not every letter). */
export const LOCAL_SEARCH_DEBOUNCE_MS = 40;

export type Page = 'overview' | 'attention' | 'transactions' | 'environments' | 'audit' | 'users' | 'business-users' | 'trades' | 'events' | 'documents';

/** What to do once a transaction opened from elsewhere (the attention queue) has loaded. */
export type DetailIntent = {
  transactionId: string;
  /** The action dialog to open. */
  action: 'payout' | 'createSplitPayout';
  /** Values to start the dialog's form with (amount, recipient, timing). */
  prefill?: { amount?: string; recipient?: 'PAYEE' | 'PAYER' | 'TENANT'; timing?: '' | 'NEXT_PAYOUT' | 'ON_CLOSE' };
};

function sortEnvironments(list: EnvironmentView[]): EnvironmentView[] {
  return [...list].sort((a, b) => Number(b.builtIn) - Number(a.builtIn));
}

/**
 * All app data for one window. Every response is checked against a request counter (stale
 * responses are dropped) and against the active environment id (never show data of two
 * environments at once).
 */
export class Session {
  /** The overview is the first screen (#13). */
  page = $state<Page>(FIRST_PAGE);
  /** Consumed by the detail once the transaction has loaded. */
  intent = $state.raw<DetailIntent | null>(null);

  // environments
  envs = $state.raw<EnvironmentView[]>([]);
  activeId = $state<string | null>(null);
  envsLoaded = $state(false);
  envError = $state.raw<AppError | null>(null);
  switching = $state(false);
  /** An environment that could not be reached when chosen: it becomes current only by "work offline". */
  unreachable = $state.raw<{ env: EnvironmentView; error: AppError } | null>(null);
  active = $derived(this.envs.find((e) => e.id === this.activeId) ?? null);

  // transaction list
  searchInput = $state('');
  query = $state('');
  filters = $state.raw<TransactionFilters>(emptyFilters());
  /** The list's `ReferenceId` (exact; empty: none). */
  referenceId = $state('');
  pageIndex = $state(0);
  items = $state.raw<TransactionListItem[]>([]);
  count = $state(0);
  listLoading = $state(false);
  listError = $state.raw<AppError | null>(null);
  listLoaded = $state(false);
  /** Completed loads of the list (first load, refreshes, pages): the soak bench counts them. */
  listLoads = $state(0);
  /** When the list shown was last loaded (ISO time), or null before the first load. */
  listRefreshedAt = $state<string | null>(null);
  /** Set when the list shown is the local mirror's (searched, filtered or sorted there, or offline). */
  listMirror = $state.raw<MirrorSource | null>(null);
  /** The column the list is sorted by (null: the service's order, newest first). */
  sort = $state.raw<SortBy | null>(null);
  selectedIndex = $state(-1);
  /** Scroll offset of the table, restored when coming back from the detail view. */
  scrollTop = 0;
  #listReq = 0;
  #debounce: ReturnType<typeof setTimeout> | undefined;

  // detail
  openId = $state<string | null>(null);
  /** The new-transaction form is showing instead of the list. */
  creating = $state(false);
  detail = $state.raw<Transaction | null>(null);
  /** The open deal's money, from the same answer as `detail` (every money figure the page shows). */
  detailMoney = $state.raw<DealMoney | null>(null);
  detailLoading = $state(false);
  detailError = $state.raw<AppError | null>(null);
  /** The open deal's mirrored copy while the service cannot be reached (no live record: no actions). */
  detailOffline = $state.raw<OfflineDeal | null>(null);
  /** Bumped on every successful (re)load of the detail; sections of the detail reload with it. */
  detailVersion = $state(0);
  #detailReq = 0;

  /** The user shown on the Users page (null: the list). */
  openUserId = $state<string | null>(null);

  /** The audit row a timeline link asked for: the Audit page filters to `text` and marks `seq`. */
  auditFocus = $state.raw<{ seq: number; text: string } | null>(null);

  // actions without a clear end (journaled, no final answer)
  openActions = $state.raw<ActionRecord[]>([]);
  openActionsError = $state.raw<AppError | null>(null);
  #openReq = 0;

  async init() {
    void this.loadOpenActions();
    await this.loadEnvironments();
    if (this.activeId) await this.loadList();
  }

  /** Ask the journal for actions that did not finish (on start and after every action). */
  async loadOpenActions() {
    const req = ++this.#openReq;
    try {
      const list = await ipc.openActions();
      if (req !== this.#openReq) return;
      this.openActions = list;
      this.openActionsError = null;
    } catch (e) {
      if (req !== this.#openReq) return;
      this.openActionsError = e as AppError;
    }
  }

  /** After an action: reload the open detail in place (keeps it on screen), the list and the open actions. */
  afterAction() {
    void this.loadOpenActions();
    if (this.openId) void this.reloadDetail();
    // The list behind the detail shows status and amount: keep it current for the way back.
    if (this.activeId) void this.loadList();
  }

  /** Reload the open transaction without clearing what is shown. */
  async reloadDetail() {
    const id = this.openId;
    if (!id) return;
    const req = ++this.#detailReq;
    const envId = this.activeId;
    this.detailLoading = true;
    try {
      const res = await ipc.getTransaction(id);
      if (req !== this.#detailReq) return;
      if (res.environmentId === envId && envId === this.activeId && id === this.openId) {
        this.detail = res.transaction;
        this.detailMoney = res.money ?? null;
        this.detailError = null;
        this.detailOffline = null;
        this.detailVersion++;
      }
    } catch (e) {
      if (!(await this.#failed(req, id, envId, e as AppError))) return;
    }
    this.detailLoading = false;
  }

  /** The live read of the open deal failed: its mirrored copy when the service cannot be
   * reached (the list behind it then reloads, marked offline), else the error. */
  async #failed(req: number, id: string, envId: string | null, error: AppError): Promise<boolean> {
    if (req !== this.#detailReq) return false;
    const offline = await offlineDeal(id, error);
    if (req !== this.#detailReq) return false;
    if (offline && offline.copy.environmentId === envId && envId === this.activeId && id === this.openId) {
      this.detail = null;
      this.detailError = null;
      this.detailOffline = offline;
      if (!this.listMirror?.offline) void this.loadList();
    } else {
      this.detailError = error;
    }
    return true;
  }

  async loadEnvironments(): Promise<boolean> {
    try {
      const res = await ipc.listEnvironments();
      markOnce('environments');
      this.envs = sortEnvironments(res.environments);
      this.activeId = res.activeId;
      this.envError = null;
      return true;
    } catch (e) {
      this.envError = e as AppError;
      return false;
    } finally {
      this.envsLoaded = true;
    }
  }

  /** Reload environments after a profile change; resets data when the active one changed. */
  async refreshEnvironments(changedId?: string) {
    const before = this.activeId;
    await this.loadEnvironments();
    if (this.activeId !== before || (changedId && changedId === this.activeId)) {
      this.resetData();
      if (this.activeId) void this.loadList();
    }
  }

  /** Clear everything that belongs to the current environment and invalidate in-flight requests. */
  resetData() {
    this.#listReq++;
    this.#detailReq++;
    clearTimeout(this.#debounce);
    this.items = [];
    this.count = 0;
    this.listLoaded = false;
    this.listError = null;
    this.listLoading = false;
    this.selectedIndex = -1;
    this.pageIndex = 0;
    this.scrollTop = 0;
    this.listMirror = null;
    this.openId = null;
    this.openUserId = null;
    this.creating = false;
    this.detail = null;
    this.detailMoney = null;
    this.detailError = null;
    this.detailOffline = null;
    this.detailLoading = false;
  }

  /**
   * Makes `id` current. A profile that cannot be reached is not switched to unless `offline`
   * (the person chose "work offline"); `unreachable` then says why and offers the choice.
   */
  async selectEnvironment(id: string, opts: { offline?: boolean } = {}): Promise<EnvironmentView | null> {
    if (id === this.activeId || this.switching) return this.active;
    const target = this.envs.find((e) => e.id === id);
    if (target && !target.builtIn && !opts.offline) {
      this.switching = true;
      try {
        await ipc.testConnection(id);
      } catch (e) {
        const error = e as AppError;
        if (unreachable(error)) {
          this.unreachable = { env: target, error };
          return null;
        }
      } finally {
        this.switching = false;
      }
    }
    this.unreachable = null;
    this.switching = true;
    this.resetData();
    try {
      const view = await ipc.selectEnvironment(id);
      this.envs = sortEnvironments(this.envs.map((e) => (e.id === view.id ? view : e)));
      this.activeId = view.id;
      return view;
    } finally {
      this.switching = false;
      if (this.activeId) void this.loadList();
    }
  }

  /** `mirrorReady`: the local mirror has had a full pass and answers searches (the page may
   * still show the service's plain list). */
  setSearch(value: string, mirrorReady = false) {
    this.searchInput = value;
    clearTimeout(this.#debounce);
    const local = mirrorReady || (this.listMirror !== null && !this.listMirror.offline);
    if (local && !this.listLoading) {
      this.applySearch();
      return;
    }
    this.#debounce = setTimeout(() => this.applySearch(), local ? LOCAL_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS);
  }

  /** Sorts by `column`: ascending, then descending, then back to the service's order. */
  toggleSort(column: string) {
    const now = this.sort?.column === column ? this.sort : null;
    this.sort = !now ? { column, descending: false } : !now.descending ? { column, descending: true } : null;
    this.pageIndex = 0;
    this.selectedIndex = -1;
    this.scrollTop = 0;
    void this.loadList();
  }

  /** Replace the filters and reload from the first page. */
  setFilters(filters: TransactionFilters) {
    this.filters = filters;
    this.pageIndex = 0;
    this.selectedIndex = -1;
    this.scrollTop = 0;
    void this.loadList();
  }

  /** The list with these filters and search (a figure of the overview clicked through). */
  showList(filters: TransactionFilters, search = '') {
    clearTimeout(this.#debounce);
    this.page = 'transactions';
    this.closeDetail();
    this.creating = false;
    this.searchInput = search;
    this.query = search.trim();
    this.setFilters(filters);
  }

  /** Opens a transaction on the list page, optionally with an action dialog to open. */
  openTransaction(id: string, intent: DetailIntent | null = null) {
    this.intent = intent;
    this.page = 'transactions';
    this.creating = false;
    void this.open(id);
  }

  /** Apply the typed search right away (e.g. on Enter). */
  applySearch() {
    clearTimeout(this.#debounce);
    const q = this.searchInput.trim();
    if (q === this.query && this.listLoaded) return;
    this.query = q;
    this.pageIndex = 0;
    this.selectedIndex = -1;
    this.scrollTop = 0;
    void this.loadList();
  }

  async loadList() {
    const req = ++this.#listReq;
    const envId = this.activeId;
    this.listLoading = true;
    this.listError = null;
    try {
      const res = await ipc.listTransactions({
        search: this.query === '' ? null : searchTerm(this.query, i18n.lang),
        skip: this.pageIndex * PAGE_SIZE,
        take: PAGE_SIZE,
        filters: activeFilterCount(this.filters) > 0 ? this.filters : null,
        sort: this.sort ?? undefined,
        referenceId: this.referenceId.trim() === '' ? undefined : this.referenceId.trim(),
      });
      if (req !== this.#listReq) return; // a newer request superseded this one
      if (res.environmentId !== envId || envId !== this.activeId) {
        // Belongs to another environment: never show it.
        this.listLoading = false;
        return;
      }
      this.items = res.items;
      this.count = res.count;
      this.listMirror = res.mirror;
      if (this.selectedIndex >= res.items.length) this.selectedIndex = res.items.length - 1;
      this.listLoaded = true;
      this.listLoading = false;
      this.listLoads++;
      this.listRefreshedAt = new Date().toISOString();
    } catch (e) {
      if (req !== this.#listReq) return;
      this.listError = e as AppError;
      this.items = [];
      this.count = 0;
      this.listLoaded = true;
      this.listLoading = false;
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
    void this.loadList();
  }

  moveSelection(delta: number) {
    if (this.items.length === 0) return;
    const from = this.selectedIndex < 0 ? (delta > 0 ? -1 : this.items.length) : this.selectedIndex;
    this.selectedIndex = Math.min(this.items.length - 1, Math.max(0, from + delta));
  }

  async open(id: string) {
    const req = ++this.#detailReq;
    const envId = this.activeId;
    const idx = this.items.findIndex((i) => i.transactionId === id);
    if (idx >= 0) this.selectedIndex = idx;
    this.openId = id;
    this.creating = false;
    this.detail = null;
    this.detailMoney = null;
    this.detailError = null;
    this.detailOffline = null;
    this.detailLoading = true;
    try {
      const res = await ipc.getTransaction(id);
      if (req !== this.#detailReq) return;
      if (res.environmentId !== envId || envId !== this.activeId) {
        this.detailLoading = false;
        return;
      }
      this.detail = res.transaction;
      this.detailMoney = res.money ?? null;
      this.detailVersion++;
    } catch (e) {
      if (!(await this.#failed(req, id, envId, e as AppError))) return;
    }
    this.detailLoading = false;
  }

  closeDetail() {
    this.#detailReq++;
    this.openId = null;
    this.detail = null;
    this.detailMoney = null;
    this.detailError = null;
    this.detailOffline = null;
    this.detailLoading = false;
  }

  /** Replace the reference-id filter and reload from the first page. */
  setReferenceId(value: string) {
    this.referenceId = value;
    this.pageIndex = 0;
    this.selectedIndex = -1;
    this.scrollTop = 0;
    void this.loadList();
  }

  /** Opens a user's page (from a transaction's party). */
  openUser(serviceAccountId: string) {
    this.openUserId = serviceAccountId;
    this.page = 'users';
  }

  /** Opens the Audit page on one row (from a timeline line). */
  openAudit(seq: number, text: string) {
    this.auditFocus = { seq, text };
    this.page = 'audit';
  }

  refresh() {
    if (this.openId) void this.open(this.openId);
    else void this.loadList();
  }

  dispose() {
    clearTimeout(this.#debounce);
    this.#listReq++;
    this.#detailReq++;
    this.#openReq++;
  }
}

const KEY = Symbol('session');
export function provideSession(s: Session) {
  setContext(KEY, s);
}
export function useSession(): Session {
  return getContext<Session>(KEY);
}
