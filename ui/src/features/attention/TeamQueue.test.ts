// The attention queue on a team's desk (mocked window): each item says who has it; one no
// one has can be taken; one a colleague snoozed for the team is in the snoozed list with who
// and until when; a snooze from this desk tells the team, its note included.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { AttentionItem, AttentionView, MirrorStatus, TeamQueueView } from '../../lib/bindings';
import { argsOf, installMock } from '../../test/users-documents-mock';
import { forgetViews } from '../../shared/last-view';
import { i18n } from '../../shared/i18n/i18n.svelte';

const STATUS: MirrorStatus = {
  environmentId: 'sandbox', rows: 3, fullAt: '2026-11-24T09:00:00Z', refreshedAt: '2026-11-24T09:00:00Z',
  syncing: null, offline: false, error: null,
};
const item = (n: number): AttentionItem => ({
  rule: 'debt_missing', transactionId: `tx-${n}`, title: `Deal ${n}`, referenceId: `REF-${n}`, status: 'PAID', currency: 'DKK',
  amount: '1000', since: null, excess: null, actionId: null, snoozedUntil: null, note: null,
});
const VIEW: AttentionView = {
  status: STATUS, thresholds: { unpaidDays: 7, overdueDays: 0, splitPendingDays: 3 }, items: [item(1), item(2), item(3)], total: 3,
  counts: [{ rule: 'debt_missing', count: 3 }], snoozed: [],
};
let queue: TeamQueueView;
let pulses: number;

beforeEach(() => {
  forgetViews();
  i18n.set('en');
  pulses = 0;
  queue = {
    me: 'anna',
    items: [
      { transactionId: 'tx-1', rule: 'debt_missing', takenBy: 'bo', snoozedUntil: null, snoozedBy: null, notes: [{ writtenBy: 'bo', written: '2026-11-27T09:00:00.000Z', text: 'Called the lender' }] },
      { transactionId: 'tx-2', rule: 'debt_missing', takenBy: null, snoozedUntil: '2099-01-01T09:00:00.000Z', snoozedBy: 'bo', notes: [] },
    ],
  };
  installMock({
    mirror_status: () => STATUS,
    changes: () => ({ status: STATUS, lookedAt: null, items: [] }),
    overview: () => { throw { code: 'internal', message: 'not in this test' }; },
    attention: () => VIEW,
    snooze_attention: () => VIEW,
    // Joined at once; then no change comes (the ask waits, as the desk's would).
    team_next_change: () => (pulses++ === 0 ? { seq: 1, joined: true, reachable: true, listening: true, last: null } : new Promise(() => {})),
    team_standing: () => ({ login: 'anna', group: 'operator', canAct: true, canApprove: false, canAdmin: false }),
    approvals_inbox: () => ({ forMe: [], askedByMe: [] }),
    team_queue: () => queue,
    queue_move: (a) => {
      const what = a.what as { kind: string };
      if (what.kind === 'take') queue = { ...queue, items: [...queue.items, { transactionId: 'tx-3', rule: 'debt_missing', takenBy: 'anna', snoozedUntil: null, snoozedBy: null, notes: [] }] };
      return queue;
    },
  });
});

const card = (id: string) => screen.getAllByTestId('attention-item').find((el) => el.getAttribute('data-transaction-id') === id)!;

describe('the attention queue of a team', () => {
  it('says who has each item, takes one no one has, and lists what the team snoozed', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await waitFor(() => expect(within(card('tx-1')).getByTestId('team-item-owner').textContent).toContain('Taken by bo'));
    expect(within(card('tx-1')).queryByTestId('team-item-take')).toBeNull();
    await fireEvent.click(within(card('tx-1')).getByTestId('team-item-notes'));
    expect(within(card('tx-1')).getByTestId('team-item-note-list').textContent).toContain('Called the lender');

    expect(card('tx-2').getAttribute('data-snoozed')).toBe('true');
    expect(card('tx-2').textContent).toContain('Snoozed for the team by bo');

    await fireEvent.click(within(card('tx-3')).getByTestId('team-item-take'));
    await waitFor(() => expect(within(card('tx-3')).getByTestId('team-item-owner').textContent).toBe('Mine'));
    expect(argsOf('queue_move')).toEqual([{ items: [{ environmentId: 'sandbox', transactionId: 'tx-3', rule: 'debt_missing' }], what: { kind: 'take' } }]);

    await fireEvent.click(screen.getByTestId('attention-only-mine'));
    await waitFor(() => expect(screen.getAllByTestId('attention-item').filter((el) => el.getAttribute('data-snoozed') === 'false')).toHaveLength(1));
  });

  it('snoozes for the whole team with the note', async () => {
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-attention'));
    await waitFor(() => expect(within(card('tx-3')).getByTestId('team-item-owner')).toBeTruthy());
    await fireEvent.click(within(card('tx-3')).getByTestId('attention-snooze'));
    const dialog = await screen.findByTestId('snooze-dialog');
    await fireEvent.input(within(dialog).getByTestId('snooze-note'), { target: { value: 'lender answers Monday' } });
    await fireEvent.click(within(dialog).getByTestId('snooze-confirm'));
    await waitFor(() => expect(argsOf('queue_move')).toHaveLength(2));
    const ref = [{ environmentId: 'sandbox', transactionId: 'tx-3', rule: 'debt_missing' }];
    expect(argsOf('queue_move')).toEqual([{ items: ref, what: { kind: 'snooze', hours: 72 } }, { items: ref, what: { kind: 'note', text: 'lender answers Monday' } }]);
  });
});
