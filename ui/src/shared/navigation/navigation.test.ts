import { describe, expect, it } from 'vitest';
import { Navigation, type Routes } from './navigation.svelte';

/** Routes that write down where each link went. */
function recording() {
  const went: string[] = [];
  const routes: Routes = {
    transaction: (id, intent) => went.push(`transaction ${id} ${intent?.action ?? '-'}`),
    list: (filters, search) => went.push(`list ${filters.statuses.join(',')} "${search}"`),
    search: (text) => went.push(`search ${text}`),
    user: (id) => went.push(`user ${id}`),
    audit: (seq, text) => went.push(`audit ${seq} ${text}`),
  };
  return { went, routes };
}

const filters = { statuses: ['PAID'], kind: null, currencies: [], createdFrom: null, createdTo: null, expectedFrom: null, expectedTo: null, paidIn: null };

describe('links between pages', () => {
  it('show the page and hand the rest to the route the shell gave', () => {
    const { went, routes } = recording();
    const nav = new Navigation(routes);
    nav.openUser('u-1');
    expect(nav.page).toBe('users');
    nav.openAudit(7, 'corr-1');
    expect(nav.page).toBe('audit');
    nav.openTransaction('tx-1', { transactionId: 'tx-1', action: 'payout' });
    expect(nav.page).toBe('transactions');
    nav.go('events');
    nav.showList(filters, 'Tesla');
    expect(nav.page).toBe('transactions');
    nav.go('users');
    nav.searchList('Jens');
    expect(nav.page).toBe('transactions');
    expect(went).toEqual(['user u-1', 'audit 7 corr-1', 'transaction tx-1 payout', 'list PAID "Tesla"', 'search Jens']);
  });

  it('go back to the list until the window keeps a history', () => {
    const nav = new Navigation(recording().routes);
    expect(nav.backLink).toEqual({ kind: 'list' });
    let toList = 0;
    nav.followBackLink(() => toList++);
    expect(toList).toBe(1);

    let back = 0;
    nav.keepHistory({ backLink: { kind: 'history', label: 'back.deal' }, followBackLink: () => back++ });
    expect(nav.backLink).toEqual({ kind: 'history', label: 'back.deal' });
    nav.followBackLink(() => toList++);
    expect([back, toList]).toEqual([1, 1]);
  });
});
