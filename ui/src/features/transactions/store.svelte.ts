// The transactions page's state for one window: the list, the open deal and the new-deal
// form. The shell makes one per window and provides it; the page and its parts read it with
// `useTransactions`. Other pages reach it only through shared/navigation's links.
import { getContext, setContext } from 'svelte';
import type { TransactionFilters } from '../../lib/bindings';
import type { DetailIntent } from '../../shared/navigation/navigation.svelte';
import type { Session } from '../../shared/session/session.svelte';
import { TransactionList } from './list.svelte';
import { OpenDeal } from './open-deal.svelte';

export class Transactions {
  readonly list: TransactionList;
  readonly deal: OpenDeal;
  /** The new-transaction form is showing instead of the list. */
  creating = $state(false);
  #session: Session;

  constructor(session: Session) {
    this.#session = session;
    this.list = new TransactionList(session);
    this.deal = new OpenDeal(session, this.list);
    session.follow({ clear: () => this.clear(), load: () => void this.list.load() });
  }

  /** Opens the deal `id` in place of the list (or the new-deal form). */
  async open(id: string) {
    this.creating = false;
    await this.deal.open(id);
  }

  /** Opens a deal from elsewhere, optionally with an action dialog to open once it has loaded. */
  openTransaction(id: string, intent: DetailIntent | null) {
    this.deal.intent = intent;
    void this.open(id);
  }

  /** The list with exactly these filters and this search (no deal open, no form). */
  showList(filters: TransactionFilters, search: string) {
    this.deal.close();
    this.creating = false;
    this.list.show(filters, search);
  }

  /** The list searched for `text`, its filters kept. */
  searchList(text: string) {
    this.deal.close();
    this.list.searchInput = text;
    this.list.applySearch();
  }

  /** The open deal again, else the list. */
  refresh() {
    if (this.deal.id) void this.deal.open(this.deal.id);
    else void this.list.load();
  }

  /** After an action: reload the open deal in place (keeps it on screen), the list and the open actions. */
  afterAction() {
    void this.#session.loadOpenActions();
    if (this.deal.id) void this.deal.reload();
    // The list behind the deal shows status and amount: keep it current for the way back.
    if (this.#session.activeId) void this.list.load();
  }

  /** Another environment: nothing of this one stays. */
  clear() {
    this.list.clear();
    this.deal.close();
    this.creating = false;
  }

  dispose() {
    this.list.dispose();
    this.deal.dispose();
  }
}

const KEY = Symbol('transactions');
export function provideTransactions(t: Transactions) {
  setContext(KEY, t);
}
export function useTransactions(): Transactions {
  return getContext<Transactions>(KEY);
}
