import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../shell/App.svelte';
import type { ActionRecord, AuditEntry, ChainCheck } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { audit, record } from '../../test/actions-fixtures';
import { ENVIRONMENTS, page } from '../../test/fixtures';

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let open: ActionRecord[];
let auditRows: AuditEntry[];
let chain: ChainCheck;

function installMock(extra: Record<string, Handler> = {}) {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (extra[cmd]) return extra[cmd](a);
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([], 0);
      case 'open_actions':
        return structuredClone(open);
      case 'audit_log': {
        const f = (a.filter as string | null)?.toLowerCase();
        return f ? auditRows.filter((r) => JSON.stringify(r).toLowerCase().includes(f)) : auditRows;
      }
      case 'verify_audit_log':
        return chain;
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
  open = [];
  auditRows = [];
  chain = { rows: 0, brokenAt: null };
});
afterEach(() => {
  clearMocks();
  vi.restoreAllMocks();
});

describe('pending actions banner', () => {
  beforeEach(() => {
    open = [
      record({ kind: 'payout', transactionId: 'tx-1', serviceAccountId: 'acc-1', amount: '289500.00' }, { id: 'a-1', state: 'pending', idempotencyKey: 'key-aaa' }),
      record({ kind: 'reimburse', transactionId: 'tx-2', amount: '1250.50' }, { id: 'a-2', state: 'unknown', idempotencyKey: 'key-bbb' }),
    ];
  });

  it('lists the actions from open_actions on start, with retry and dismiss', async () => {
    installMock({
      retry_action: (a) => {
        const done = open.find((o) => o.id === a.id)!;
        open = open.filter((o) => o.id !== a.id);
        return { ...done, state: 'succeeded' };
      },
      dismiss_action: (a) => {
        const done = open.find((o) => o.id === a.id)!;
        open = open.filter((o) => o.id !== a.id);
        return { ...done, state: 'dismissed' };
      },
    });
    render(App);
    const banner = await screen.findByTestId('pending-banner');
    expect(banner.textContent).toContain('2 actions did not finish');
    expect(screen.queryAllByTestId('pending-action')).toHaveLength(0);

    await fireEvent.click(within(banner).getByRole('button', { name: 'Review' }));
    const rows = screen.getAllByTestId('pending-action');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Pay out');
    expect(rows[0].textContent).toContain('tx-1');
    expect(rows[0].textContent).toContain('key-aaa');
    expect(rows[0].getAttribute('data-state')).toBe('pending');
    expect(rows[1].textContent).toContain('Reimburse');
    expect(rows[1].textContent).toContain('1,250.50');
    expect(rows[1].textContent).toContain('Unknown');

    await fireEvent.click(within(rows[0]).getByTestId('pending-retry'));
    await waitFor(() => expect(screen.getAllByTestId('pending-action')).toHaveLength(1));
    expect(calls.find((c) => c.cmd === 'retry_action')?.args).toEqual({ id: 'a-1' });
    expect(screen.getByTestId('pending-banner').textContent).toContain('1 action did not finish');

    await fireEvent.click(within(screen.getByTestId('pending-action')).getByTestId('pending-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('pending-banner')).toBeNull());
    expect(calls.find((c) => c.cmd === 'dismiss_action')?.args).toEqual({ id: 'a-2' });
  });

  it('shows no banner when every action finished', async () => {
    open = [];
    installMock();
    render(App);
    await waitFor(() => expect(calls.some((c) => c.cmd === 'open_actions')).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.queryByTestId('pending-banner')).toBeNull();
  });
});

describe('audit log page', () => {
  async function openAudit() {
    render(App);
    await fireEvent.click(screen.getByTestId('nav-audit'));
  }

  it('renders rows newest first and an intact chain', async () => {
    auditRows = [
      audit(2, { kind: 'cancel', outcome: 'failed', phase: 'outcome', detail: 'Already paid out' }),
      audit(1, { kind: 'cancel', amount: null }),
    ];
    chain = { rows: 2, brokenAt: null };
    installMock();
    await openAudit();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((r) => r.getAttribute('data-seq'))).toEqual(['2', '1']);
    expect(rows[0].textContent).toContain('Cancel');
    expect(rows[0].textContent).toContain('Sandbox');
    expect(rows[0].textContent).toContain('key-2');
    expect(rows[0].textContent).toContain('corr-2');
    expect(rows[0].textContent).toContain('Failed');
    expect(rows[0].textContent).toContain('Already paid out');
    expect(calls.find((c) => c.cmd === 'audit_log')?.args).toEqual({ filter: null, limit: 1000 });
    const badge = await screen.findByText(/Chain intact/);
    expect(badge.textContent).toContain('Chain intact — 2 rows');
    expect(screen.getByTestId('audit-integrity').getAttribute('data-intact')).toBe('true');
  });

  it('shows a red badge when the chain is broken', async () => {
    auditRows = [audit(3), audit(2), audit(1)];
    chain = { rows: 3, brokenAt: 2 };
    installMock();
    await openAudit();
    await waitFor(() => expect(screen.getByTestId('audit-integrity').getAttribute('data-intact')).toBe('false'));
    const badge = screen.getByTestId('audit-integrity');
    expect(badge.textContent).toContain('Tampered at row 2');
    expect(badge.classList.contains('broken')).toBe(true);
    const rows = screen.getAllByTestId('audit-row');
    expect(rows[1].classList.contains('broken')).toBe(true);
  });

  it('filters with a debounce', async () => {
    auditRows = [audit(2, { target: 'tx-9' }), audit(1)];
    installMock();
    await openAudit();
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    await fireEvent.input(screen.getByTestId('audit-filter'), { target: { value: 'tx-9' } });
    expect(calls.filter((c) => c.cmd === 'audit_log')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(calls.filter((c) => c.cmd === 'audit_log').at(-1)?.args).toEqual({ filter: 'tx-9', limit: 1000 });
  });

  it('saves every matching row through Rust and says where the file went', async () => {
    auditRows = [audit(1, { detail: 'Refused' })];
    installMock({ save_audit_csv: () => ({ path: '/home/staff/Downloads/escrow-desk-audit-2026-11-22-101500.csv', rows: 1 }) });
    await openAudit();
    await screen.findAllByTestId('audit-row');
    await fireEvent.input(screen.getByTestId('audit-filter'), { target: { value: 'payout' } });
    await fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'save_audit_csv')).toBe(true));
    expect(calls.find((c) => c.cmd === 'save_audit_csv')?.args).toEqual({ text: 'payout' });
    expect(await screen.findByText(/Downloads\/escrow-desk-audit-2026-11-22-101500\.csv/)).toBeTruthy();
  });
});
