// Which transactions of the list are selected for bulk work. Pure functions over a plain
// value, so the rules (shift-click ranges, the page, every match) are tested without a window.

/** The selection of one list (environment, search and filters); `allMatching` once every match was taken. */
export type Selection = {
  /** Environment, search and filters the ids belong to; a change of list clears the selection. */
  listKey: string;
  ids: ReadonlySet<string>;
  /** The last id clicked without Shift: where a Shift-click range starts. */
  anchor: string | null;
  /** Every match of the list's filters was selected (ids holds them all). */
  allMatching: boolean;
};

export function emptySelection(listKey = ''): Selection {
  return { listKey, ids: new Set(), anchor: null, allMatching: false };
}

/** The same selection, or an empty one when the list it belongs to changed. */
export function forList(sel: Selection, listKey: string): Selection {
  return sel.listKey === listKey ? sel : emptySelection(listKey);
}

/**
 * A click on a row's box. Without Shift it toggles the row and becomes the anchor. With Shift,
 * every row of the page from the anchor to the clicked one takes the clicked row's new state
 * (a range); without an anchor on this page it is a plain toggle.
 */
export function toggle(sel: Selection, id: string, pageIds: readonly string[], shift = false): Selection {
  const ids = new Set(sel.ids);
  const select = !ids.has(id);
  const from = sel.anchor === null ? -1 : pageIds.indexOf(sel.anchor);
  const to = pageIds.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    for (const rowId of pageIds.slice(lo, hi + 1)) {
      if (select) ids.add(rowId);
      else ids.delete(rowId);
    }
    return { ...sel, ids, allMatching: false };
  }
  if (select) ids.add(id);
  else ids.delete(id);
  return { ...sel, ids, anchor: id, allMatching: false };
}

/** Selects every row of the page, or clears them when all are already selected (Ctrl+A, the header box). */
export function togglePage(sel: Selection, pageIds: readonly string[]): Selection {
  const ids = new Set(sel.ids);
  const all = pageIds.length > 0 && pageIds.every((id) => ids.has(id));
  for (const id of pageIds) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { ...sel, ids, allMatching: false };
}

/** Every match of the filters, as the service listed them (not just the page). */
export function selectAllMatching(sel: Selection, matchingIds: readonly string[]): Selection {
  return { ...sel, ids: new Set(matchingIds), anchor: null, allMatching: true };
}

/** The state of the page's header box. */
export function pageState(sel: Selection, pageIds: readonly string[]): 'none' | 'some' | 'all' {
  const n = pageIds.filter((id) => sel.ids.has(id)).length;
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some';
}

/** Offer "select all N matching": the page is fully selected and the list has more. */
export function offerAllMatching(sel: Selection, pageIds: readonly string[], total: number): boolean {
  return !sel.allMatching && total > sel.ids.size && pageState(sel, pageIds) === 'all';
}
