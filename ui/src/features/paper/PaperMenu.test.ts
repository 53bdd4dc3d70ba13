// A deal's paper: the statement only for Auto deals, saved through Rust's Save dialog with the
// deal's reference in the proposed name and the company name from the menu, or opened to print.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PaperMenu from './PaperMenu.svelte';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { transaction } from '../../test/fixtures';
import { toasts } from '../../shared/toasts.svelte';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;

beforeEach(() => {
  calls = [];
  localStorage.clear();
  i18n.set('en');
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'choose_save_path':
        return { token: 'd'.repeat(32), path: '/home/staff/Documents/statement.pdf' };
      case 'save_paper':
        return { path: '/home/staff/Documents/statement.pdf' };
      case 'print_paper':
        return { path: '/tmp/escrow-desk-paper/receipt.pdf' };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
});

afterEach(() => clearMocks());

describe('paper menu', () => {
  it('saves an Auto deal’s statement where the dialog says, issued by the company typed in the menu', async () => {
    const tx = transaction('tx-1', { referenceId: 'DEAL 42/A', autoInformation: { brand: 'Tesla', model: null, year: null, mileage: null, registrationNumber: 'EV 48 213', vin: null, retailAmount: null, firstRegistration: null, billOfSale: null, debt: null } }).transaction;
    render(PaperMenu, { tx });
    await fireEvent.input(screen.getByTestId('paper-issuer'), { target: { value: '  Bilhuset Ærø A/S ' } });
    await fireEvent.click(screen.getByTestId('paper-statement-save'));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'save_paper')).toBe(true));
    expect(calls.find((c) => c.cmd === 'choose_save_path')?.args).toEqual({ kind: 'statement', suggestedName: 'settlement-statement-DEAL-42-A.pdf' });
    expect(calls.find((c) => c.cmd === 'save_paper')?.args).toEqual({
      transactionId: 'tx-1', kind: 'statement', issuer: 'Bilhuset Ærø A/S', saveToken: 'd'.repeat(32),
    });
    await waitFor(() => expect(toasts.items.at(-1)?.text).toBe('Saved to /home/staff/Documents/statement.pdf'));
  });

  it('offers only a receipt for a Marketplace deal, and opens it to print', async () => {
    const tx = transaction('tx-2', { autoInformation: null }).transaction;
    render(PaperMenu, { tx });
    expect(screen.queryByTestId('paper-statement-save')).toBeNull();
    await fireEvent.click(screen.getByTestId('paper-receipt-print'));
    await waitFor(() => expect(calls.find((c) => c.cmd === 'print_paper')?.args).toEqual({ transactionId: 'tx-2', kind: 'receipt', issuer: null }));
    expect(calls.some((c) => c.cmd === 'choose_save_path')).toBe(false);
  });
});
