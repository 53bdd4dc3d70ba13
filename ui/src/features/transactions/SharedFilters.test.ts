// Saved filters on a team's desk (mocked window): the team's are listed beside the desk's own,
// one of them applies its search and filters, and "Share with the team" saves the current
// ones for everyone; a colleague's cannot be removed from here.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { SharedFilterView } from '../../lib/bindings';
import { argsOf, installMock } from '../../test/users-documents-mock';
import { emptyFilters } from '../../shared/list-filters';
import { i18n } from '../../shared/i18n/i18n.svelte';

let shared: SharedFilterView[];
let pulses: number;

beforeEach(() => {
  i18n.set('en');
  localStorage.clear();
  pulses = 0;
  shared = [{ name: 'Paid Teslas', search: 'Tesla', filters: { ...emptyFilters(), statuses: ['PAID'] }, savedBy: 'bo', mine: false }];
  installMock({
    team_next_change: () => (pulses++ === 0 ? { seq: 1, joined: true, reachable: true, listening: true, last: null } : new Promise(() => {})),
    team_standing: () => ({ login: 'anna', group: 'operator', canAct: true, canApprove: false, canAdmin: false }),
    approvals_inbox: () => ({ forMe: [], askedByMe: [] }),
    shared_filters: () => shared,
    share_filter: (a) => {
      shared = [...shared, { name: a.name as string, search: a.search as string, filters: a.filters as SharedFilterView['filters'], savedBy: 'anna', mine: true }];
      return shared;
    },
  });
});

describe("the team's saved filters", () => {
  it('applies a colleague\'s and shares the current search and filters', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-transactions'));
    await fireEvent.click(await screen.findByTestId('filters-toggle'));
    const chip = await screen.findByTestId('shared-filter');
    expect(chip.textContent).toContain('Paid Teslas');
    expect(chip.querySelectorAll('button')).toHaveLength(1);
    await fireEvent.click(chip.querySelector('button')!);
    await waitFor(() => expect((screen.getByTestId('filter-status-PAID') as HTMLInputElement).checked).toBe(true));

    await fireEvent.click(screen.getByTestId('saved-filter-share'));
    await fireEvent.input(screen.getByTestId('saved-filter-name'), { target: { value: 'Mine to share' } });
    await fireEvent.click(screen.getByTestId('saved-filter-save'));
    await waitFor(() => expect(screen.getAllByTestId('shared-filter')).toHaveLength(2));
    const [args] = argsOf('share_filter');
    expect(args.name).toBe('Mine to share');
    expect(args.search).toBe('Tesla');
    expect((args.filters as SharedFilterView['filters']).statuses).toEqual(['PAID']);
    expect(localStorage.getItem('escrow-desk.saved-filters')).toBeNull();
  });
});
