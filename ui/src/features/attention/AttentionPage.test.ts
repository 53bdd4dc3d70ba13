// Snoozing many attention items at once: pick them one by one or all of a reason, one
// dialog with one note and one end, one command; they leave the queue for the snoozed list.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { AttentionItem, AttentionView, MirrorStatus, SnoozeTarget } from '../../lib/bindings';
import { argsOf, installMock } from '../../test/users-documents-mock';
import { forgetViews } from '../../shared/last-view';
import { i18n } from '../../shared/i18n/i18n.svelte';

const STATUS: MirrorStatus = {
  environmentId: 'sandbox', rows: 6, fullAt: '2026-11-24T09:00:00Z', refreshedAt: '2026-11-24T09:00:00Z',
  syncing: null, offline: false, error: null,
};

const item = (n: number, rule: AttentionItem['rule'] = 'debt_missing'): AttentionItem => ({
  rule, transactionId: `tx-${n}`, title: `Deal ${n}`, referenceId: `REF-${n}`, status: 'PAID', currency: 'DKK',
  amount: '1000', since: null, excess: null, actionId: rule === 'unknown_outcome' ? `act-${n}` : null, snoozedUntil: null, note: null,
});

/** A queue whose snooze moves the items named to the snoozed list. */
function queue() {
  let items = [item(1), item(2), item(3), item(4), item(9, 'unknown_outcome')];
  let snoozed: AttentionItem[] = [];
  const view = (rule: string | null): AttentionView => {
    const shown = rule ? items.filter((i) => i.rule === rule) : items;
    const counts = [...new Set(items.map((i) => i.rule))].map((r) => ({ rule: r, count: items.filter((i) => i.rule === r).length }));
    return { status: STATUS, thresholds: { unpaidDays: 7, overdueDays: 0, splitPendingDays: 3 }, items: shown, total: shown.length, counts, snoozed };
  };
  installMock({
    mirror_status: () => STATUS,
    changes: () => ({ status: STATUS, lookedAt: null, items: [] }),
    overview: () => { throw { code: 'internal', message: 'not in this test' }; },
    attention: (a) => view((a.rule as string | null) ?? null),
    snooze_attention: (a) => {
      const named = (a.items as SnoozeTarget[]).map((t) => `${t.rule}:${t.transactionId}`);
      const hit = items.filter((i) => named.includes(`${i.rule}:${i.transactionId}`));
      items = items.filter((i) => !hit.includes(i));
      snoozed = [...snoozed, ...hit.map((i) => ({ ...i, snoozedUntil: '2026-12-01T09:00:00Z', note: a.note as string }))];
      return view((a.shown as string | null) ?? null);
    },
  });
}

const shownItems = () => screen.getAllByTestId('attention-item').filter((el) => el.getAttribute('data-snoozed') === 'false');

beforeEach(() => {
  forgetViews();
  i18n.set('en');
  queue();
});

describe('snoozing attention items in bulk', () => {
  it('snoozes the picked items with one note in one command', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await waitFor(() => expect(shownItems()).toHaveLength(5));
    // An unknown outcome is checked, never snoozed: it has no box.
    expect(screen.getAllByTestId('attention-pick')).toHaveLength(4);
    expect(screen.queryByTestId('attention-snooze-picked')).toBeNull();

    const boxes = screen.getAllByTestId('attention-pick');
    await fireEvent.click(boxes[0]);
    await fireEvent.click(boxes[2]);
    expect(screen.getByTestId('attention-picked').textContent).toBe('2 selected');
    expect((screen.getByTestId('attention-pick-all') as HTMLInputElement).indeterminate).toBe(true);
    await fireEvent.click(screen.getByTestId('attention-snooze-picked'));
    const dialog = await screen.findByTestId('snooze-dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('Snooze 2 items');
    expect(within(dialog).getByTestId('snooze-until').textContent).toMatch(/^Until .+, all with the same note\.$/);
    await fireEvent.input(within(dialog).getByTestId('snooze-note'), { target: { value: 'lender answers next week' } });
    await fireEvent.click(within(dialog).getByTestId('snooze-confirm'));

    await waitFor(() => expect(screen.queryByTestId('snooze-dialog')).toBeNull());
    expect(argsOf('snooze_attention')).toEqual([{
      items: [{ transactionId: 'tx-1', rule: 'debt_missing' }, { transactionId: 'tx-3', rule: 'debt_missing' }],
      days: 3, note: 'lender answers next week', shown: null,
    }]);
    await waitFor(() => expect(shownItems()).toHaveLength(3));
    expect(screen.getAllByTestId('attention-item').filter((el) => el.getAttribute('data-snoozed') === 'true')).toHaveLength(2);
    expect(screen.queryByTestId('attention-picked')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('attention-pick-all'));
  });

  it('selects all of the reason picked, in Danish too', async () => {
    i18n.set('da');
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await fireEvent.click(await screen.findByTestId('attention-rule-debt_missing'));
    await waitFor(() => expect(shownItems()).toHaveLength(4));
    const all = screen.getByTestId('attention-pick-all');
    expect(all.closest('label')?.textContent).toContain('Vælg alle 4 “Ingen gældsoplysninger”');
    await fireEvent.click(all);
    expect(screen.getByTestId('attention-picked').textContent).toBe('4 valgt');
    await fireEvent.click(screen.getByTestId('attention-snooze-picked'));
    const dialog = await screen.findByTestId('snooze-dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('Udsæt 4 punkter');
    await fireEvent.input(within(dialog).getByTestId('snooze-note'), { target: { value: 'gældfri' } });
    await fireEvent.click(within(dialog).getByTestId('snooze-confirm'));
    await waitFor(() => expect(argsOf('snooze_attention')).toHaveLength(1));
    const sent = argsOf('snooze_attention')[0];
    expect((sent.items as SnoozeTarget[]).map((t) => t.transactionId)).toEqual(['tx-1', 'tx-2', 'tx-3', 'tx-4']);
    expect(sent.shown).toBe('debt_missing');
    // Nothing is left for that reason: the page says so and what is left elsewhere, never that
    // nothing needs attention while the unknown outcome does; the reason stays picked.
    const left = await screen.findByTestId('attention-empty-reason');
    expect(left.textContent).toContain('Der er intet tilbage for “Ingen gældsoplysninger”; 1 punkter kræver handling af andre grunde.');
    expect(screen.queryByTestId('attention-empty')).toBeNull();
    expect(screen.getByTestId('attention-rule-debt_missing').getAttribute('aria-pressed')).toBe('true');
    await fireEvent.click(screen.getByTestId('attention-show-all'));
    await waitFor(() => expect(shownItems().map((el) => el.getAttribute('data-rule'))).toEqual(['unknown_outcome']));
  });

  it('snoozes one item from its own button, as before', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await waitFor(() => expect(shownItems()).toHaveLength(5));
    await fireEvent.click(within(shownItems()[1]).getByTestId('attention-snooze'));
    const dialog = await screen.findByTestId('snooze-dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('No debt information');
    await fireEvent.input(within(dialog).getByTestId('snooze-note'), { target: { value: 'no debt' } });
    await fireEvent.click(within(dialog).getByTestId('snooze-confirm'));
    await waitFor(() => expect(argsOf('snooze_attention')).toHaveLength(1));
    expect(argsOf('snooze_attention')[0].items).toEqual([{ transactionId: 'tx-2', rule: 'debt_missing' }]);
  });
});
