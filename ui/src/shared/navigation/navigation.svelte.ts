// Going places, for every page: the page shown, the links one page makes to another (a deal,
// a user, an audit row, the list with a filter) and the back link. The shell owns the stores
// that show each place, so it says where each link goes (`Routes`) and keeps the window's
// history (`BackLinks`); a feature needs only this module, never the shell or another page's store.
import { getContext, setContext } from 'svelte';
import type { TransactionFilters } from '../../lib/bindings';
import type { BackTo } from './back-link';
import { FIRST_PAGE } from './first-page';
import type { DetailIntent, Page } from './page';

export type { DetailIntent, Page };

/** Where each link goes, beyond the page it shows: filled in by the shell. */
export interface Routes {
  /** A deal opened on the transactions page; `intent` an action dialog to open once it has loaded. */
  transaction(id: string, intent: DetailIntent | null): void;
  /** The transactions list with exactly these filters and this search. */
  list(filters: TransactionFilters, search: string): void;
  /** The transactions list searched for `text`, its filters kept. */
  search(text: string): void;
  /** A user's page. */
  user(serviceAccountId: string): void;
  /** The audit log filtered to `text`, the row `seq` marked. */
  audit(seq: number, text: string): void;
}

/** The back link's side of the window's history (by the rule of back-link.ts). */
export interface BackLinks {
  readonly backLink: BackTo;
  /** Back in history, or `toList` (the page's own list). */
  followBackLink(toList: () => void): void;
}

export class Navigation {
  /** The overview is the first screen (#13). */
  page = $state<Page>(FIRST_PAGE);
  #routes: Routes;
  #history: BackLinks | null = null;

  constructor(routes: Routes) {
    this.#routes = routes;
  }

  /** Where back links go: the window's history, once the shell keeps one. */
  keepHistory(history: BackLinks) {
    this.#history = history;
  }

  /** Shows `page` as it was left. */
  go(page: Page) {
    this.page = page;
  }

  /** Opens a transaction on the list page, optionally with an action dialog to open. */
  openTransaction(id: string, intent: DetailIntent | null = null) {
    this.page = 'transactions';
    this.#routes.transaction(id, intent);
  }

  /** The list with these filters and search (a figure of the overview clicked through). */
  showList(filters: TransactionFilters, search = '') {
    this.page = 'transactions';
    this.#routes.list(filters, search);
  }

  /** The list searched for `text` (a user's "all their deals"). */
  searchList(text: string) {
    this.page = 'transactions';
    this.#routes.search(text);
  }

  /** Opens a user's page (from a transaction's party). */
  openUser(serviceAccountId: string) {
    this.page = 'users';
    this.#routes.user(serviceAccountId);
  }

  /** Opens the Audit page on one row (from a timeline line). */
  openAudit(seq: number, text: string) {
    this.page = 'audit';
    this.#routes.audit(seq, text);
  }

  /** Where the back link of the detail shown now goes. */
  get backLink(): BackTo {
    return this.#history?.backLink ?? { kind: 'list' };
  }

  followBackLink(toList: () => void) {
    if (this.#history) this.#history.followBackLink(toList);
    else toList();
  }
}

const KEY = Symbol('navigation');
export function provideNavigation(n: Navigation) {
  setContext(KEY, n);
}
/** The window's navigation (the shell provides it for every page). */
export function useNavigation(): Navigation {
  return getContext<Navigation>(KEY);
}
