import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppError, TeamStatus } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import '../shell/strings';
import TeamSection from './TeamSection.svelte';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let status: TeamStatus;
let joinError: AppError | null;

beforeEach(() => {
  calls = [];
  status = { joined: false, url: null, user: null };
  joinError = null;
  i18n.set('en');
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'team_status':
        return status;
      case 'join_team': {
        if (joinError) throw joinError;
        const input = a.input as { url: string; user: string };
        status = { joined: true, url: input.url, user: input.user };
        return status;
      }
      case 'leave_team':
        status = { joined: false, url: null, user: null };
        return status;
      case 'team_next_change':
        return { seq: 1, joined: status.joined, reachable: true, last: null };
      case 'approvals_inbox':
        return { forMe: [], askedByMe: [] };
      case 'team_standing':
        return { login: 'anna', group: 'operator', canAct: true, canApprove: false, canAdmin: false };
      case 'approval_rules':
        return [];
      default:
        throw new Error(`unexpected ${cmd}`);
    }
  });
});

afterEach(() => clearMocks());

async function fill() {
  render(TeamSection);
  await screen.findByText(/journals its actions in its own data folder/);
  await fireEvent.input(screen.getByTestId('team-url'), { target: { value: ' postgres://db.example.com/escrow ' } });
  await fireEvent.input(screen.getByTestId('team-user'), { target: { value: 'anna' } });
  await fireEvent.input(screen.getByTestId('team-password'), { target: { value: 's3cret' } });
}

describe('the Team section', () => {
  it('joins with the address, login and password, then says where this desk journals', async () => {
    await fill();
    await fireEvent.click(screen.getByTestId('team-join'));
    await waitFor(() => expect(screen.getByTestId('team-status').textContent).toContain('postgres://db.example.com/escrow as anna'));
    const join = calls.find((c) => c.cmd === 'join_team');
    expect(join?.args.input).toEqual({ url: 'postgres://db.example.com/escrow', user: 'anna', password: 's3cret', caFile: null });
    expect(screen.queryByTestId('team-password')).toBeNull();
  });

  it('keeps the form and says why when the store refuses the login', async () => {
    joinError = { code: 'unauthorized', message: 'The team store refused the login: password authentication failed', status: null, title: null, detail: null, correlationId: null };
    await fill();
    await fireEvent.click(screen.getByTestId('team-join'));
    const panel = await screen.findByTestId('team-error');
    expect(panel.textContent).toContain('The team store refused your login or password.');
    expect(panel.textContent).not.toContain('API key');
    expect((screen.getByTestId('team-url') as HTMLInputElement).value).toContain('db.example.com');
  });

  it('leaves only after the confirmation', async () => {
    status = { joined: true, url: 'postgres://db/escrow', user: 'anna' };
    render(TeamSection);
    await fireEvent.click(await screen.findByTestId('team-leave'));
    expect(calls.some((c) => c.cmd === 'leave_team')).toBe(false);
    // The dialog's own button (the section's opened it).
    const buttons = screen.getAllByRole('button', { name: 'Leave team' });
    expect(buttons.length).toBe(2);
    await fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(calls.some((c) => c.cmd === 'leave_team')).toBe(true));
    await screen.findByTestId('team-form');
  });
});

describe("the administrator's part", () => {
  it('sets the store up and adds a staff member, the new password shown once', async () => {
    mockIPC((cmd, args) => {
      const a = (args ?? {}) as Record<string, unknown>;
      calls.push({ cmd, args: a });
      if (cmd === 'team_status') return status;
      if (cmd === 'administer_team') {
        const task = (a.input as { task: { kind: string } }).task;
        return task.kind === 'init' ? 'the team schema is at step 7 (applied now: [1, 2, 3, 4, 5, 6, 7])' : 'carla can log in as a member of escrow_approver; their password (shown once, for their desk\'s keychain):\nPw123';
      }
      throw new Error(`unexpected ${cmd}`);
    });
    render(TeamSection);
    (await screen.findByTestId('team-admin') as HTMLDetailsElement).open = true;
    await fireEvent.input(await screen.findByTestId('team-admin-url'), { target: { value: 'postgres://db.example.com/escrow' } });
    await fireEvent.input(screen.getByTestId('team-admin-password'), { target: { value: 'admin-secret' } });
    await fireEvent.click(screen.getByTestId('team-admin-init'));
    await waitFor(() => expect(screen.getByTestId('team-admin-said').textContent).toContain('step 7'));
    await fireEvent.input(screen.getByTestId('team-admin-staff'), { target: { value: 'carla' } });
    expect((screen.getByTestId('team-admin-group') as HTMLSelectElement).value).toBe('operator');
    await fireEvent.change(screen.getByTestId('team-admin-group'), { target: { value: 'approver' } });
    expect((screen.getByTestId('team-admin-group') as HTMLSelectElement).value).toBe('approver');
    await fireEvent.click(screen.getByTestId('team-admin-add'));
    await waitFor(() => expect(screen.getByTestId('team-admin-said').textContent).toContain('Pw123'));
    const asked = calls.filter((c) => c.cmd === 'administer_team').map((c) => c.args.input);
    expect(asked).toEqual([
      { url: 'postgres://db.example.com/escrow', admin: 'postgres', password: 'admin-secret', caFile: null, task: { kind: 'init' } },
      { url: 'postgres://db.example.com/escrow', admin: 'postgres', password: 'admin-secret', caFile: null, task: { kind: 'addStaff', name: 'carla', group: 'approver' } },
    ]);
  });
});
