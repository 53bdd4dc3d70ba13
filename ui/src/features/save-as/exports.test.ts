// Every export of the list asks Rust's Save dialog first: the chosen file's token goes to the
// export, and a cancelled dialog writes nothing and says so.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { ExportStatus } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, item, page } from '../../test/fixtures';
import { bulkSelection } from '../bulk/store.svelte';

const TOKEN = 'c'.repeat(32);
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let cancelDialog: boolean;

const done: ExportStatus = {
  id: 'e1', environmentId: 'sandbox', state: 'done', fetched: 5, total: 5, written: 5, path: '/home/staff/Reports/list.csv', error: null,
};

beforeEach(() => {
  calls = [];
  cancelDialog = false;
  i18n.set('en');
  bulkSelection.clear();
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page(Array.from({ length: 5 }, (_, i) => item(i, { status: 'PAID' })), 5);
      case 'choose_save_path':
        return cancelDialog ? { token: null, path: null } : { token: TOKEN, path: done.path };
      case 'start_export':
      case 'export_status':
        return done;
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
});

afterEach(() => clearMocks());

const checks = () => screen.getAllByTestId('bulk-row-check') as HTMLInputElement[];

describe('Save as… for the list exports', () => {
  it('exports the list to the chosen file through its token', async () => {
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    await fireEvent.click(screen.getByTestId('export-button'));
    await screen.findByTestId('export-done');
    expect(calls.find((c) => c.cmd === 'choose_save_path')?.args).toEqual({ kind: 'transactions', suggestedName: null });
    expect(calls.find((c) => c.cmd === 'start_export')?.args.saveToken).toBe(TOKEN);
    expect(screen.getByTestId('export-done').textContent).toContain('/home/staff/Reports/list.csv');
  });

  it('writes nothing when the dialog is cancelled, and says so', async () => {
    cancelDialog = true;
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    await fireEvent.click(screen.getByTestId('export-button'));
    expect((await screen.findByTestId('export-not-saved')).textContent).toMatch(/Nothing was saved/);
    expect(calls.some((c) => c.cmd === 'start_export')).toBe(false);
  });

  it('exports a selection through its own dialog kind, and a cancel sends nothing', async () => {
    render(App);
    await waitFor(() => expect(checks().length).toBe(5));
    await fireEvent.click(checks()[0]);
    await fireEvent.click(screen.getByTestId('bulk-export'));
    await screen.findByTestId('bulk-export-done');
    expect(calls.find((c) => c.cmd === 'choose_save_path')?.args).toEqual({ kind: 'selection', suggestedName: null });
    expect(calls.find((c) => c.cmd === 'start_export')?.args).toEqual({
      request: { search: null, filters: null, ids: ['tx-0'] },
      saveToken: TOKEN,
    });
    cancelDialog = true;
    calls = [];
    await fireEvent.click(screen.getByTestId('bulk-export'));
    await screen.findByTestId('bulk-export-not-saved');
    expect(calls.some((c) => c.cmd === 'start_export')).toBe(false);
  });
});
