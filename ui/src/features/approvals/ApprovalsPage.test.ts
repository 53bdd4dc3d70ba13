// The approvals inbox in a mocked window: an approver reviews what a colleague asked for
// against the deal as it is now, approves it with the figures shown (and a note), and it
// leaves the inbox; an operator sees the inbox but is told they cannot approve.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalItem, ApprovalsInbox, TeamStanding } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { teamPulse } from '../../shared/team/pulse.svelte';
import { record } from '../../test/actions-fixtures';
import '../shell/strings';
import ApprovalsPage from './ApprovalsPage.svelte';

const request = { kind: 'reimburse' as const, transactionId: 'tx-1', amount: '150.00' };
const asked: ApprovalItem = {
  id: 'act-1', environmentId: 'prod', service: 'https://api.example', kind: 'reimburse', target: 'tx-1', amount: '150.00',
  atStake: '150.00', currency: 'DKK', requestedBy: 'anna', created: '2026-11-27T09:02:00.000Z', state: 'awaiting_approval', request,
};
const consequence = {
  kind: 'reimburse', currency: 'DKK', amount: '1000.00', payeeFee: '0.00', payerFee: '0.00', paidIn: '1000.00', reimbursed: '150.00',
  payeeNet: '850.00', toPayer: '150.00', payerOwes: '0.00', maxReimbursable: '1000.00', splits: [], blocked: null,
};

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let inbox: ApprovalsInbox;
let standing: TeamStanding;

beforeEach(async () => {
  calls = [];
  inbox = { forMe: [asked], askedByMe: [] };
  standing = { login: 'bo', group: 'approver', canAct: true, canApprove: true, canAdmin: false };
  i18n.set('en');
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'approvals_inbox':
        return inbox;
      case 'team_standing':
        return standing;
      case 'approval_check':
        return { consequence: { environmentId: 'prod', consequence }, seen: 'to payer 150.00 DKK' };
      case 'approve_action':
        inbox = { forMe: [], askedByMe: [] };
        return record(request, { id: 'act-1', state: 'succeeded' });
      case 'open_actions':
        return [];
      case 'transaction_labels':
        return [{ environmentId: 'prod', transactionId: 'tx-1', title: 'Tesla Model Y', referenceId: 'DEAL-42', currency: 'DKK' }];
      default:
        throw { code: 'internal', message: `unexpected ${cmd}` };
    }
  });
  teamPulse.joined = true;
  await teamPulse.refresh();
});

afterEach(() => {
  teamPulse.joined = false;
  clearMocks();
});

describe('the approvals inbox', () => {
  it('reviews against the live deal, approves with the figures shown and a note, and the item leaves', async () => {
    render(ApprovalsPage);
    const card = await screen.findByTestId('approval-item');
    expect(card.textContent).toContain('Asked by anna');
    await waitFor(() => expect(within(card).getByTestId('approval-deal').textContent).toBe('Tesla Model Y · DEAL-42'));
    expect(within(card).getByTestId('approval-worth').textContent).toContain('150');
    await fireEvent.click(within(card).getByTestId('approval-review'));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'approval_check' && c.args.id === 'act-1')).toBe(true));
    await fireEvent.input(await screen.findByTestId('approval-note'), { target: { value: 'Checked with the dealer' } });
    await waitFor(() => expect((screen.getByTestId('approval-approve') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(screen.getByTestId('approval-approve'));
    await waitFor(() => expect(screen.queryByTestId('approval-item')).toBeNull());
    const approve = calls.find((c) => c.cmd === 'approve_action');
    expect(approve?.args).toEqual({ id: 'act-1', seen: 'to payer 150.00 DKK', note: 'Checked with the dealer' });
    expect(screen.getByTestId('approvals-for-me-empty')).toBeTruthy();
  });

  it('tells an operator they cannot approve and offers no review', async () => {
    standing = { login: 'otto', group: 'operator', canAct: true, canApprove: false, canAdmin: false };
    await teamPulse.refresh();
    render(ApprovalsPage);
    expect((await screen.findByTestId('approvals-cannot')).textContent).toContain('Your login (operator) cannot approve');
    expect(screen.queryByTestId('approval-review')).toBeNull();
  });
});
