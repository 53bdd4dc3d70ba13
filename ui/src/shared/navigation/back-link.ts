// The one rule of every in-page back link ("← …" at the top of a detail page): where it
// goes and what it says. A detail opened from another place (a deal's payee, a user's deal,
// an attention item) goes back there, in the window's history, and says so ("Back to the
// deal"); one opened from its own page's list (or with no history) shows that list and
// names it. Pure: the window's history applies it (features/shell/window-history.svelte.ts),
// the button is BackLink.svelte.
import type { MessageKey } from '../i18n/i18n.svelte';
import type { Page } from './page';

/** What of a place the rule reads (a subset of the window history's `Where`). */
export interface PlaceOf {
  page: Page;
  openId: string | null;
  userId: string | null;
}

export type BackTo = { kind: 'history'; label: MessageKey } | { kind: 'list' };

/** The label naming a page (the page's own list). */
export function pageBackLabel(page: Page): MessageKey {
  return `back.page.${page}` as MessageKey;
}

/** A place that shows one record (a deal, a user) rather than a page's list. */
function detailOf(w: PlaceOf): string | null {
  return w.openId ?? w.userId;
}

/** How a place is named in a back link. */
export function placeLabel(w: PlaceOf): MessageKey {
  if (w.openId) return 'back.deal';
  if (w.userId) return 'back.user';
  return pageBackLabel(w.page);
}

/**
 * Where the back link of the detail shown at `current` goes: back in history when the
 * detail was reached from another place than its own page's list, else to that list.
 * A detail the history does not know (`current` names no record, e.g. a trade shown inside
 * the Trades page) always goes to its list.
 */
export function backTo(current: PlaceOf | null, previous: PlaceOf | null): BackTo {
  if (!current || !previous || !detailOf(current)) return { kind: 'list' };
  if (previous.page === current.page && !detailOf(previous)) return { kind: 'list' };
  return { kind: 'history', label: placeLabel(previous) };
}
