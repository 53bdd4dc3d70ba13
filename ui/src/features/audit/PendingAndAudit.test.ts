import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../shell/App.svelte';
import type { ActionRecord, AuditRow, ChainCheck } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { audit, record } from '../../test/actions-fixtures';
import { ENVIRONMENTS, page } from '../../test/fixtures';

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let open: ActionRecord[];
let auditRows: AuditRow[];
let chain: ChainCheck;

function check(over: Partial<ChainCheck>): ChainCheck {
  return {
    rows: 0, legacyRows: 0, keyedRows: 0, status: 'intact', problem: null, brokenAt: null, unkeyedFrom: null,
    anchor: 'matches', anchoredSeq: null, keyAvailable: true, message: 'Intact.', ...over,
  };
}

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
  chain = check({ rows: 0 });
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

  it('says a dismissal refused on a full disk in the user\'s language, and keeps the action open', async () => {
    installMock({
      dismiss_action: () => {
        throw {
          code: 'storage_full',
          message: 'The data folder is full (/data): the dismissal was not recorded: the action stays open, and nothing was sent. Free some space on that disk, then try again.',
          notRecorded: 'dismissal',
        };
      },
    });
    render(App);
    await fireEvent.click(within(await screen.findByTestId('pending-banner')).getByRole('button', { name: 'Review' }));
    await fireEvent.click(within(screen.getAllByTestId('pending-action')[1]).getByTestId('pending-dismiss'));
    const panel = await screen.findByTestId('pending-error');
    expect(within(panel).getByRole('heading').textContent).toBe('The data folder is full');
    expect(within(panel).getByTestId('error-message').textContent).toBe('The dismissal was not recorded: the action stays open, and nothing was sent.');
    expect(within(panel).getByTestId('error-hint').textContent).toContain('Free some space');
    expect(within(panel).getByTestId('error-original').textContent).toContain('(/data)');
    expect(screen.getAllByTestId('pending-action')).toHaveLength(2);

    i18n.set('da');
    await waitFor(() => expect(within(panel).getByRole('heading').textContent).toBe('Datamappen er fuld'));
    expect(within(panel).getByTestId('error-message').textContent).toContain('Afvisningen blev ikke registreret');
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
    chain = check({ rows: 2, keyedRows: 2, anchoredSeq: 2 });
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
    expect(calls.find((c) => c.cmd === 'audit_log')?.args).toEqual({ filter: null, shownAs: [], limit: 1000 });
    const badge = await screen.findByText(/Chain intact/);
    expect(badge.textContent).toContain('Chain intact — 2 rows');
    expect(screen.getByTestId('audit-integrity').getAttribute('data-intact')).toBe('true');
  });

  it("names each row's deal by title and reference, the id one click away", async () => {
    auditRows = [audit(1, { target: 'tx-tesla' }), audit(2, { target: 'tx-unknown' })];
    installMock({
      transaction_labels: () => [{ environmentId: 'sandbox', transactionId: 'tx-tesla', title: 'Tesla Model Y Long Range', referenceId: 'DEAL-2026-0042', currency: 'DKK' }],
    });
    await openAudit();
    await waitFor(() => expect(screen.getAllByTestId('audit-target').some((c) => c.textContent?.includes('Tesla Model Y'))).toBe(true));
    const tesla = screen.getAllByTestId('audit-target').find((c) => c.textContent?.includes('Tesla'))!;
    expect(tesla.textContent).toContain('DEAL-2026-0042');
    expect(tesla.querySelector('details')?.textContent).toContain('tx-tesla');
    const unknown = screen.getAllByTestId('audit-target').find((c) => c.textContent?.includes('tx-unknown'))!;
    expect(unknown.querySelector('details')).toBeNull();
  });

  it('says each detail in the chosen language, amounts with their currency, from its parts', async () => {
    const consequence = {
      kind: 'consequence' as const, currency: 'DKK', payeeNet: '286510.00', toPayer: '0.00', payerOwes: '0.00', reimbursable: '286510.00',
      splits: [{ splitPayoutId: 'sp-1', amount: '2495.00', effect: 'released' }], refusal: 'overReimbursable',
    };
    const refused = { kind: 'failure' as const, code: 'bad_request' as const, status: 400, service: 'Amount exceeds the reimbursable 137504.50 DKK' };
    const unknown = { kind: 'failure' as const, code: 'bad_request' as const, status: 400, service: 'Bad Request: injected' };
    auditRows = [
      audit(4, { kind: 'createTransaction', target: 'new', actionId: 'act-new', amount: '189500.00', parsed: { batch: null, note: { kind: 'created', id: 'tx-new' } } }),
      audit(3, { kind: 'createTransaction', target: 'new', actionId: 'act-new', amount: '189500.00' }),
      audit(2, { parsed: { batch: null, note: refused }, detail: 'the service refused the request (400): …' }),
      audit(1, { parsed: { batch: null, note: consequence }, detail: 'consequence: …', amount: '289500.00' }),
      audit(0, { actionId: 'act-x', parsed: { batch: null, note: unknown }, detail: 'the service refused the request (400): Bad Request: injected' }),
    ];
    installMock({
      transaction_labels: (a) => ((a.ids as string[]).includes('tx-new')
        ? [{ environmentId: 'sandbox', transactionId: 'tx-new', title: 'Škoda Octavia', referenceId: null, currency: 'DKK' }] : []),
    });
    i18n.set('da');
    await openAudit();
    const details = await screen.findAllByTestId('audit-detail');
    expect(details[3].textContent).toContain('Konsekvens: modtageren får 286.510,00 kr.; til betaleren 0,00 kr.');
    expect(details[3].textContent).toContain('deludbetaling 2.495,00 kr. udbetales med denne udbetaling');
    expect(details[3].textContent).toContain('forventet afvisning: mere end der kan tilbagebetales');
    expect(details[2].textContent?.trim()).toBe('Tjenesten afviste forespørgslen (HTTP 400). Der kan højst tilbagebetales 137.504,50 kr.');
    expect(details[4].textContent).toContain('Tjenesten afviste forespørgslen (HTTP 400).');
    expect(details[4].querySelector('details code')?.textContent).toBe('Bad Request: injected');
    // The created deal is named (a link with its title), its id never inline.
    await waitFor(() => expect(details[0].textContent).toContain('Škoda Octavia'));
    expect(details[0].textContent).toContain('Oprettede transaktionen');
    expect(details[0].textContent).not.toContain('tx-new');
    const amounts = screen.getAllByTestId('audit-amount').map((c) => c.textContent?.trim());
    expect(amounts[3]).toBe('289.500,00 kr.');
    await waitFor(() => expect(screen.getAllByTestId('audit-target')[1].textContent).toContain('Škoda Octavia'));
    expect(screen.getAllByTestId('audit-amount')[1].textContent?.trim()).toBe('189.500,00 kr.');
    expect(screen.getAllByTestId('audit-row')[0].querySelector('td')?.getAttribute('title')).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('shows a red badge when the chain is broken', async () => {
    auditRows = [audit(3), audit(2), audit(1)];
    chain = check({ rows: 3, status: 'broken', problem: 'rewritten', brokenAt: 2, message: 'Row 2: rewritten — its MAC does not match.' });
    installMock();
    await openAudit();
    await waitFor(() => expect(screen.getByTestId('audit-integrity').getAttribute('data-intact')).toBe('false'));
    const badge = screen.getByTestId('audit-integrity');
    expect(badge.textContent).toContain('Row 2 was rewritten without the key');
    expect(badge.getAttribute('title')).toBe('3 rows checked: 0 sealed with the key, 0 from before the keyed trail. Newest anchored row: none.');
    expect(badge.classList.contains('broken')).toBe(true);
    const rows = screen.getAllByTestId('audit-row');
    expect(rows[1].classList.contains('broken')).toBe(true);
  });

  it('names truncation at the first missing row, in Danish too', async () => {
    auditRows = [audit(4), audit(3)];
    chain = check({ rows: 4, status: 'broken', problem: 'truncated', brokenAt: 5, anchor: 'mismatch', anchoredSeq: 6 });
    installMock();
    await openAudit();
    await waitFor(() => expect(screen.getByTestId('audit-integrity').textContent).toContain('Rows from 5 on were deleted'));
    i18n.set('da');
    await waitFor(() => expect(screen.getByTestId('audit-integrity').textContent).toContain('Rækkerne fra 5 og frem er slettet'));
  });

  it('says what could not be verified, without calling the log intact', async () => {
    auditRows = [audit(2, { mac: null, keyId: null }), audit(1)];
    chain = check({ rows: 2, status: 'unverified', anchor: 'unavailable', keyAvailable: false, unkeyedFrom: 2 });
    installMock();
    await openAudit();
    await waitFor(() => expect(screen.getByTestId('audit-integrity').getAttribute('data-intact')).toBe('unverified'));
    const text = screen.getByTestId('audit-integrity').textContent ?? '';
    expect(text).toContain('the keychain could not be read');
    expect(text).toContain('the audit key could not be read');
    expect(text).toContain('rows from 2 have no seal');
    expect(text).not.toContain('intact');
  });

  it('shows who acted and from where, and a dash for rows from before the keyed trail', async () => {
    auditRows = [
      audit(9, { staffName: 'Mette Hansen', actorUser: 'mh', actorHost: 'desk-3', environmentKind: 'production', appVersion: '0.2.0' }),
      audit(1, { format: 'v1', staffName: null, actorUser: null, actorHost: null, environmentKind: null, appVersion: null, mac: null, keyId: null }),
    ];
    installMock();
    await openAudit();
    const actors = await screen.findAllByTestId('audit-actor');
    expect(actors[0].textContent).toContain('Mette Hansen');
    expect(actors[0].textContent).toContain('mh@desk-3');
    expect(actors[1].textContent?.trim()).toBe('—');
    const origins = screen.getAllByTestId('audit-origin');
    expect(origins[0].textContent?.trim()).toBe('Production · v0.2.0');
    expect(origins[1].textContent?.trim()).toBe('—');
  });

  it('filters with a debounce', async () => {
    auditRows = [audit(2, { target: 'tx-9' }), audit(1)];
    installMock();
    await openAudit();
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    await fireEvent.input(screen.getByTestId('audit-filter'), { target: { value: 'tx-9' } });
    expect(calls.filter((c) => c.cmd === 'audit_log')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(calls.filter((c) => c.cmd === 'audit_log').at(-1)?.args).toEqual({ filter: 'tx-9', shownAs: [], limit: 1000 });
  });

  it('saves every matching row through Rust to the file chosen in its dialog and says where it went', async () => {
    auditRows = [audit(1, { detail: 'Refused' })];
    installMock({
      choose_save_path: () => ({ token: 'f'.repeat(32), path: '/home/staff/Downloads/escrow-desk-audit-2026-11-22-101500.csv' }),
      save_audit_csv: () => ({ path: '/home/staff/Downloads/escrow-desk-audit-2026-11-22-101500.csv', rows: 1 }),
    });
    await openAudit();
    await screen.findAllByTestId('audit-row');
    await fireEvent.input(screen.getByTestId('audit-filter'), { target: { value: 'payout' } });
    await fireEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'save_audit_csv')).toBe(true));
    expect(calls.find((c) => c.cmd === 'choose_save_path')?.args).toEqual({ kind: 'audit', suggestedName: null });
    expect(calls.find((c) => c.cmd === 'save_audit_csv')?.args).toEqual({ text: 'payout', shownAs: expect.arrayContaining(['payout']), saveToken: 'f'.repeat(32) });
    expect(await screen.findByText(/Downloads\/escrow-desk-audit-2026-11-22-101500\.csv/)).toBeTruthy();
  });

  it('has Rust copy the filtered rows as CSV (the file’s writer)', async () => {
    auditRows = [audit(1, { target: 'tx-9' })];
    installMock({ copy_audit_csv: () => 1 });
    await openAudit();
    await screen.findAllByTestId('audit-row');
    await fireEvent.input(screen.getByTestId('audit-filter'), { target: { value: 'tx-9' } });
    await waitFor(() => expect(calls.filter((c) => c.cmd === 'audit_log').at(-1)?.args).toMatchObject({ filter: 'tx-9' }));
    await fireEvent.click(screen.getByTestId('audit-copy'));
    await waitFor(() => expect(calls.find((c) => c.cmd === 'copy_audit_csv')?.args).toEqual({ text: 'tx-9', shownAs: [] }));
    expect(await screen.findByText('Copied 1 rows as CSV')).toBeTruthy();
  });

  it('writes nothing and says so when the Save dialog is cancelled', async () => {
    auditRows = [audit(1)];
    installMock({ choose_save_path: () => ({ token: null, path: null }) });
    await openAudit();
    await screen.findAllByTestId('audit-row');
    await fireEvent.click(screen.getByTestId('audit-export'));
    expect(await screen.findByText(/Nothing was saved/)).toBeTruthy();
    expect(calls.some((c) => c.cmd === 'save_audit_csv')).toBe(false);
  });
});
