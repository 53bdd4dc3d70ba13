// Back and forward across pages for one window (Alt+← / Alt+→, mouse buttons 4 and 5):
// every change of page, open transaction, open user, search or filters is a place; going
// back restores it with its scroll offset. The stack itself is the pure PlaceHistory.
import { getContext, setContext, untrack } from 'svelte';
import type { TransactionFilters } from '../../lib/bindings';
import { backTo, type BackTo } from './back-link';
import { PlaceHistory, type Place } from './history';
import type { Page, Session } from './session.svelte';

/** What a place shows (enough for the session to show it again). */
export interface Where {
  page: Page;
  openId: string | null;
  userId: string | null;
  query: string;
  referenceId: string;
  filters: TransactionFilters;
  pageIndex: number;
}

export function whereOf(s: Session): Where {
  return {
    page: s.page,
    openId: s.page === 'transactions' ? s.openId : null,
    userId: s.page === 'users' ? s.openUserId : null,
    query: s.query,
    referenceId: s.referenceId,
    filters: s.filters,
    pageIndex: s.pageIndex,
  };
}

/** The element whose scroll offset a place keeps: the innermost marked scroller. */
function scrollRoot(): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>('[data-scroll-root]');
  return all.length > 0 ? all[all.length - 1] : null;
}

export class Navigation {
  readonly history = new PlaceHistory<Where>();
  #session: Session;
  #restore = 0;
  /** Bumped on every change of the history: what reads it (a back link's label) follows. */
  #version = $state(0);

  constructor(session: Session) {
    this.#session = session;
  }

  /** Records the place shown (call from an effect that reads `whereOf`). */
  track(where: Where) {
    const s = this.#session;
    // The list's offset lives in the session (the virtual list restores it itself).
    if (this.history.current && this.history.current.state.page === 'transactions' && !this.history.current.state.openId) {
      this.history.scrolled(s.scrollTop);
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
    const s = this.#session;
    const w = place.state;
    const listChanged =
      w.query !== s.query ||
      w.referenceId !== s.referenceId ||
      w.pageIndex !== s.pageIndex ||
      JSON.stringify(w.filters) !== JSON.stringify(s.filters);
    s.page = w.page;
    s.openUserId = w.userId;
    if (listChanged) {
      s.query = w.query;
      s.searchInput = w.query;
      s.referenceId = w.referenceId;
      s.filters = w.filters;
      s.pageIndex = w.pageIndex;
      void s.loadList();
    }
    if (w.page === 'transactions' && !w.openId) s.scrollTop = place.scroll;
    if (w.openId && w.openId !== s.openId) void s.open(w.openId);
    else if (!w.openId && s.openId && w.page === 'transactions') s.closeDetail();
    if (!(w.page === 'transactions' && !w.openId)) this.#scrollTo(place.scroll);
  }

  /** Sets the scroll offset once the page is tall enough for it (data arrives late), for up to 5 s. */
  #scrollTo(top: number) {
    const mine = ++this.#restore;
    const until = Date.now() + 5000;
    const step = () => {
      if (mine !== this.#restore) return;
      const el = scrollRoot();
      const s = this.#session;
      const ready = el && (s.page !== 'transactions' || s.detail !== null);
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

const KEY = Symbol('navigation');
export function provideNavigation(n: Navigation) {
  setContext(KEY, n);
}
/** The window's navigation (absent where a component is shown outside the app frame, as in unit tests). */
export function useNavigation(): Navigation | undefined {
  return getContext<Navigation | undefined>(KEY);
}
