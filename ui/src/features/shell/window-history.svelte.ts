// Back and forward across pages for one window (Alt+← / Alt+→, mouse buttons 4 and 5):
// every change of page, open transaction, open user, search or filters is a place; going
// back restores it with its scroll offset. The stack itself is the pure PlaceHistory; the
// back link (shared/navigation) asks this history where it goes.
import { untrack } from 'svelte';
import type { TransactionFilters } from '../../lib/bindings';
import { backTo, type BackTo } from '../../shared/navigation/back-link';
import type { BackLinks, Navigation, Page } from '../../shared/navigation/navigation.svelte';
import type { Transactions } from '../transactions/store.svelte';
import type { Users } from '../users/store.svelte';
import { PlaceHistory, type Place } from './history';

/** What a place shows (enough for the stores to show it again). */
export interface Where {
  page: Page;
  openId: string | null;
  userId: string | null;
  query: string;
  referenceId: string;
  filters: TransactionFilters;
  pageIndex: number;
}

export function whereOf(nav: Navigation, txs: Transactions, users: Users): Where {
  const { list, deal } = txs;
  return {
    page: nav.page,
    openId: nav.page === 'transactions' ? deal.id : null,
    userId: nav.page === 'users' ? users.openId : null,
    query: list.query,
    referenceId: list.referenceId,
    filters: list.filters,
    pageIndex: list.pageIndex,
  };
}

/** The element whose scroll offset a place keeps: the innermost marked scroller. */
function scrollRoot(): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>('[data-scroll-root]');
  return all.length > 0 ? all[all.length - 1] : null;
}

export class WindowHistory implements BackLinks {
  readonly history = new PlaceHistory<Where>();
  #nav: Navigation;
  #txs: Transactions;
  #users: Users;
  #restore = 0;
  /** Bumped on every change of the history: what reads it (a back link's label) follows. */
  #version = $state(0);

  constructor(nav: Navigation, txs: Transactions, users: Users) {
    this.#nav = nav;
    this.#txs = txs;
    this.#users = users;
  }

  /** The place shown now (read in an effect that calls `track`). */
  where(): Where {
    return whereOf(this.#nav, this.#txs, this.#users);
  }

  /** Records the place shown (call from an effect that reads `where`). */
  track(where: Where) {
    // The list's offset lives in its store (the virtual list restores it itself).
    if (this.history.current && this.history.current.state.page === 'transactions' && !this.history.current.state.openId) {
      this.history.scrolled(this.#txs.list.scrollTop);
    }
    this.history.visit({ key: JSON.stringify(where), state: where, scroll: 0 });
    this.#changed();
  }

  /** Untracked: `track` runs in an effect, which must not come to depend on the counter it bumps. */
  #changed() {
    untrack(() => this.#version++);
  }

  /** Where the back link of the detail shown now goes (see back-link.ts). */
  get backLink(): BackTo {
    void this.#version;
    return backTo(this.history.current?.state ?? null, this.history.peekBack()?.state ?? null);
  }

  /** Follows the back link: back in history, or `toList` (the page's own list). */
  followBackLink(toList: () => void) {
    if (this.backLink.kind === 'history') this.back();
    else toList();
  }

  /** A scroll anywhere in the window (capture phase): the marked scroller's offset is kept. */
  onScroll(e: Event) {
    const el = e.target;
    if (el instanceof HTMLElement && el.hasAttribute('data-scroll-root') && el === scrollRoot()) {
      this.history.scrolled(el.scrollTop);
    }
  }

  back() {
    const to = this.history.back();
    this.#changed();
    if (to) this.#show(to);
  }

  forward() {
    const to = this.history.forward();
    this.#changed();
    if (to) this.#show(to);
  }

  /** Alt+← / Alt+→. */
  onKey(e: KeyboardEvent) {
    if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      this.back();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      this.forward();
    }
  }

  /** The mouse's back (button 3) and forward (button 4) buttons. */
  onMouse(e: MouseEvent) {
    if (e.button === 3) {
      e.preventDefault();
      this.back();
    } else if (e.button === 4) {
      e.preventDefault();
      this.forward();
    }
  }

  /** Shows a place again: every field at once (so the tracking effect sees only the place), then its scroll offset. */
  #show(place: Place<Where>) {
    const txs = this.#txs;
    const { list, deal } = txs;
    const w = place.state;
    const listChanged =
      w.query !== list.query ||
      w.referenceId !== list.referenceId ||
      w.pageIndex !== list.pageIndex ||
      JSON.stringify(w.filters) !== JSON.stringify(list.filters);
    this.#nav.go(w.page);
    this.#users.openId = w.userId;
    if (listChanged) {
      list.query = w.query;
      list.searchInput = w.query;
      list.referenceId = w.referenceId;
      list.filters = w.filters;
      list.pageIndex = w.pageIndex;
      void list.load();
    }
    if (w.page === 'transactions' && !w.openId) list.scrollTop = place.scroll;
    if (w.openId && w.openId !== deal.id) void txs.open(w.openId);
    else if (!w.openId && deal.id && w.page === 'transactions') deal.close();
    if (!(w.page === 'transactions' && !w.openId)) this.#scrollTo(place.scroll);
  }

  /** Sets the scroll offset once the page is tall enough for it (data arrives late), for up to 5 s. */
  #scrollTo(top: number) {
    const mine = ++this.#restore;
    const until = Date.now() + 5000;
    const step = () => {
      if (mine !== this.#restore) return;
      const el = scrollRoot();
      const ready = el && (this.#nav.page !== 'transactions' || this.#txs.deal.record !== null);
      if (el && ready && (el.scrollHeight - el.clientHeight >= top || Date.now() > until)) {
        el.scrollTop = top;
        if (Math.abs(el.scrollTop - top) <= 2 || Date.now() > until) {
          this.history.scrolled(el.scrollTop);
          return;
        }
      }
      if (Date.now() <= until) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }
}
