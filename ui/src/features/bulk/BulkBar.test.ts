import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { BatchStatus, BulkRow } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, item, page } from '../../test/fixtures';
import { bulkSelection } from './store.svelte';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let polls: number;

const row = (id: string, state: BulkRow['state']): BulkRow => ({
  transactionId: id, title: id, amount: '100.00', currency: 'DKK', state, actionId: null, message: state === 'failed' ? 'Transaction not paid' : null, skip: null, error: null, link: null, moves: null,
});

function batch(state: BatchStatus['state'], rows: BulkRow[]): BatchStatus {
  return { batchId: '0f8fad5b-d9cb-469f-a165-70867728950e', environmentId: 'sandbox', kind: 'payout', state, reason: null, cancelling: false, totals: [{ currency: 'DKK', amount: '200.00' }], moves: [{ currency: 'DKK', amount: '190.00' }], rows };
}

function install() {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page(Array.from({ length: 5 }, (_, i) => item(i, { status: 'PAID' })), 12);
      case 'bulk_matching_ids':
        return { environmentId: 'sandbox', ids: Array.from({ length: 12 }, (_, i) => `tx-${i}`) };
      case 'bulk_prepare':
        return batch('prepared', [row('tx-0', 'queued'), row('tx-1', 'queued')]);
      case 'bulk_start':
        return batch('running', [row('tx-0', 'running'), row('tx-1', 'queued')]);
      case 'bulk_status':
        polls += 1;
        return batch('finished', [row('tx-0', 'done'), row('tx-1', 'failed')]);
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

const checks = () => screen.getAllByTestId('bulk-row-check') as HTMLInputElement[];

beforeEach(() => {
  calls = [];
  polls = 0;
  i18n.set('en');
  bulkSelection.clear();
  install();
});

afterEach(() => clearMocks());

describe('bulk bar', () => {
  it('shift-click selects a range, and the whole page offers every match', async () => {
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    await fireEvent.click(checks()[1]);
    await fireEvent.click(checks()[3], { shiftKey: true });
    expect(screen.getByTestId('bulk-count').getAttribute('data-count')).toBe('3');
    expect(checks().map((c) => c.checked)).toEqual([false, true, true, true, false]);
    expect(screen.queryByTestId('bulk-select-all')).toBeNull();

    await fireEvent.click(screen.getByTestId('bulk-page-check'));
    await fireEvent.click(screen.getByTestId('bulk-select-all'));
    await waitFor(() => expect(screen.getByTestId('bulk-count').getAttribute('data-count')).toBe('12'));
    expect(calls.find((c) => c.cmd === 'bulk_matching_ids')?.args).toEqual({ request: { search: null, filters: null } });

    await fireEvent.click(screen.getByTestId('bulk-clear'));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('Space toggles the current row and Ctrl+A the page', async () => {
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    const grid = screen.getByTestId('transactions-table');
    grid.focus();
    await fireEvent.keyDown(grid, { key: 'ArrowDown' });
    await fireEvent.keyDown(grid, { key: ' ' });
    expect(checks()[0].checked).toBe(true);
    await fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(checks().every((c) => c.checked)).toBe(true);
    await fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('starts only once the total is typed, then shows each row and offers to retry the failed', async () => {
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    await fireEvent.click(checks()[0]);
    await fireEvent.click(checks()[1]);
    await fireEvent.click(screen.getByTestId('bulk-payout'));
    await waitFor(() => expect(screen.getByTestId('bulk-summary').getAttribute('data-count')).toBe('2'));
    expect(calls.find((c) => c.cmd === 'bulk_prepare')?.args).toEqual({ request: { kind: 'payout', ids: ['tx-0', 'tx-1'] } });
    // What the payees receive in total, next to the total to type.
    expect(screen.getByText('The payees receive in total')).toBeTruthy();
    expect(screen.getByTestId('bulk-moves-total').getAttribute('data-amount')).toBe('190.00');
    const start = screen.getByTestId('bulk-start') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    const typed = screen.getByTestId('bulk-type-total') as HTMLInputElement;
    await fireEvent.input(typed, { target: { value: '2000' } });
    expect(start.disabled).toBe(true);
    await fireEvent.input(typed, { target: { value: '200' } });
    expect(start.disabled).toBe(false);
    await fireEvent.click(start);
    await waitFor(() => expect(screen.getByTestId('bulk-progress').getAttribute('data-state')).toBe('finished'));
    expect(calls.find((c) => c.cmd === 'bulk_start')?.args).toEqual({
      request: { batchId: '0f8fad5b-d9cb-469f-a165-70867728950e', typedTotals: [{ currency: 'DKK', amount: '200' }] },
    });
    expect(polls).toBeGreaterThan(0);
    expect(screen.queryByTestId('bulk-bar')).toBeNull(); // a started run clears the selection
    const states = screen.getAllByTestId('bulk-progress-row').map((r) => r.getAttribute('data-state'));
    expect(states).toEqual(['done', 'failed']);
    expect(screen.getByText('Transaction not paid')).toBeTruthy();
    expect(screen.getByTestId('bulk-retry').textContent).toContain('(1)');
  });

  it('a cancel asks for one reason first', async () => {
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    await fireEvent.click(checks()[2]);
    await fireEvent.click(screen.getByTestId('bulk-cancel'));
    await fireEvent.click(screen.getByTestId('bulk-prepare'));
    expect(screen.getByTestId('bulk-error')).toBeTruthy();
    expect(calls.some((c) => c.cmd === 'bulk_prepare')).toBe(false);
    await fireEvent.input(screen.getByTestId('bulk-reason'), { target: { value: 'Duplicate' } });
    await fireEvent.click(screen.getByTestId('bulk-prepare'));
    await waitFor(() =>
      expect(calls.find((c) => c.cmd === 'bulk_prepare')?.args).toEqual({ request: { kind: 'cancel', ids: ['tx-2'], reason: 'Duplicate' } }),
    );
  });
});
