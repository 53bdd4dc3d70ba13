import { describe, expect, it } from 'vitest';
import { emptySelection, forList, offerAllMatching, pageState, selectAllMatching, toggle, togglePage } from './selection';

const page = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('bulk selection', () => {
  it('a click toggles one row and sets the anchor', () => {
    let s = toggle(emptySelection('k'), 'b', page);
    expect(ids(s)).toEqual(['b']);
    expect(s.anchor).toBe('b');
    s = toggle(s, 'b', page);
    expect(ids(s)).toEqual([]);
  });

  it('a shift-click selects the range from the anchor, in either direction', () => {
    let s = toggle(emptySelection(), 'b', page);
    s = toggle(s, 'd', page, true);
    expect(ids(s)).toEqual(['b', 'c', 'd']);
    expect(s.anchor).toBe('b');
    s = toggle(emptySelection(), 'e', page);
    s = toggle(s, 'c', page, true);
    expect(ids(s)).toEqual(['c', 'd', 'e']);
  });

  it('a shift-click on a selected row clears the range', () => {
    let s = togglePage(emptySelection(), page);
    s = toggle(s, 'a', page); // clears a, anchor a
    s = toggle(s, 'c', page, true); // c is selected: the range a..c is cleared
    expect(ids(s)).toEqual(['d', 'e']);
  });

  it('a shift-click without an anchor on the page is a plain toggle', () => {
    let s = toggle(emptySelection(), 'x', ['x', 'y']);
    s = toggle(s, 'c', page, true);
    expect(ids(s)).toEqual(['c', 'x']);
  });

  it('the page toggles as a whole and reports none, some or all', () => {
    let s = toggle(emptySelection(), 'a', page);
    expect(pageState(s, page)).toBe('some');
    s = togglePage(s, page);
    expect(pageState(s, page)).toBe('all');
    s = togglePage(s, page);
    expect(pageState(s, page)).toBe('none');
  });

  it('select all matching takes every id of the filter, not just the page', () => {
    let s = togglePage(emptySelection(), page);
    expect(offerAllMatching(s, page, 12)).toBe(true);
    expect(offerAllMatching(s, page, 5)).toBe(false);
    const all = Array.from({ length: 12 }, (_, i) => `t${i}`);
    s = selectAllMatching(s, all);
    expect(s.ids.size).toBe(12);
    expect(s.allMatching).toBe(true);
    expect(offerAllMatching(s, page, 12)).toBe(false);
    s = toggle(s, 't3', all);
    expect(s.allMatching).toBe(false);
    expect(s.ids.size).toBe(11);
  });

  it('a change of list (environment, search, filters) clears the selection', () => {
    const s = toggle(emptySelection('env|q'), 'a', page);
    expect(forList(s, 'env|q')).toBe(s);
    expect(forList(s, 'env|other').ids.size).toBe(0);
  });
});
