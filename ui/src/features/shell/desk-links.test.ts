// escrow-desk:// links handed over by Rust: the window switches to the link's environment and
// opens its place; a link for an environment the desk lacks, or one it cannot read, says so
// and opens nothing.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from './App.svelte';
import type { LinkView } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, page, transaction } from '../../test/fixtures';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let waiting: LinkView[];

beforeEach(() => {
  calls = [];
  waiting = [];
  i18n.set('en');
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'take_links': {
        const out = waiting;
        waiting = [];
        return out;
      }
      case 'get_transaction':
        return transaction(a.id as string);
      case 'list_transactions':
        return page([], 0);
      case 'copy_link':
        return 'escrow-desk://open/transaction/tx-7?environment=sandbox';
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
});

afterEach(() => clearMocks());

describe('links into the desk', () => {
  it('opens a deal the desktop handed over while the window runs', async () => {
    render(App);
    await waitFor(() => expect(calls.some((c) => c.cmd === 'take_links')).toBe(true));
    waiting = [{ environmentId: ENVIRONMENTS.activeId, target: { kind: 'transaction', id: 'tx-7' }, problem: null }];
    window.dispatchEvent(new CustomEvent('desk-link'));
    await waitFor(() => expect(calls.find((c) => c.cmd === 'get_transaction')?.args).toEqual({ id: 'tx-7' }));
    expect(await screen.findByTestId('transaction-detail')).toBeTruthy();
  });

  it('says plainly that the desk lacks the link’s environment, and opens nothing', async () => {
    waiting = [{ environmentId: null, target: null, problem: { kind: 'unknownEnvironment', environment: 'https://api.other.example' } }];
    render(App);
    expect(await screen.findByText(/environment “https:\/\/api\.other\.example”, which this desk does not have/)).toBeTruthy();
    expect(calls.some((c) => c.cmd === 'get_transaction' || c.cmd === 'select_environment')).toBe(false);
  });

  it('has Rust copy the deal’s link', async () => {
    render(App);
    await waitFor(() => expect(calls.some((c) => c.cmd === 'take_links')).toBe(true));
    waiting = [{ environmentId: ENVIRONMENTS.activeId, target: { kind: 'transaction', id: 'tx-7' }, problem: null }];
    window.dispatchEvent(new CustomEvent('desk-link'));
    await fireEvent.click(await screen.findByTestId('copy-deal-link'));
    await waitFor(() => expect(calls.find((c) => c.cmd === 'copy_link')?.args).toEqual({ target: { kind: 'transaction', id: 'tx-7' } }));
    expect(await screen.findByText(/Link copied/)).toBeTruthy();
  });
});
