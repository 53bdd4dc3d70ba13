import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { UpdateCheck, UpdateSettings } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, page } from '../../test/fixtures';
import { updates } from './updates.svelte';

const AVAILABLE: UpdateCheck = {
  state: 'available',
  version: '0.2.0',
  currentVersion: '0.1.0',
  date: '2026-11-24T12:00:00+00:00',
  notes: 'Faster exports.',
};

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let settings: UpdateSettings;
let check: UpdateCheck;
let installError: unknown;

beforeEach(() => {
  calls = [];
  settings = { url: '', currentVersion: '0.1.0', managed: false };
  check = { state: 'off' };
  installError = null;
  updates.offered = null;
  updates.last = null;
  updates.error = null;
  i18n.set('en');
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([], 0, ENVIRONMENTS.activeId);
      case 'update_settings':
        return settings;
      case 'save_update_url':
        settings = { ...settings, url: String(a.url).trim() };
        return settings;
      case 'check_for_update':
        return check;
      case 'install_update':
        if (installError) throw installError;
        return null;
      default:
        throw { code: 'internal', message: `unexpected ${cmd}` };
    }
  });
});
afterEach(() => clearMocks());

const asked = (cmd: string) => calls.filter((c) => c.cmd === cmd);

describe('updates', () => {
  it('with no URL: checks nothing visible, says updates are off, and cannot check', async () => {
    render(App);
    await waitFor(() => expect(asked('check_for_update')).toHaveLength(1));
    await fireEvent.click(screen.getByTestId('nav-environments'));
    await waitFor(() => expect(screen.getByTestId('update-status').textContent).toContain('Updates are off.'));
    expect((screen.getByTestId('update-check') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('update-dialog')).toBeNull();
  });

  it('saves the URL, then checks on request and says when the version is the newest', async () => {
    render(App);
    await fireEvent.click(screen.getByTestId('nav-environments'));
    const input = (await screen.findByTestId('update-url')) as HTMLInputElement;
    await fireEvent.input(input, { target: { value: ' https://releases.example/latest.json ' } });
    await fireEvent.submit(input.form!);
    await waitFor(() => expect(asked('save_update_url')).toEqual([{ cmd: 'save_update_url', args: { url: 'https://releases.example/latest.json' } }]));
    check = { state: 'current', currentVersion: '0.1.0' };
    await waitFor(() => expect((screen.getByTestId('update-check') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(screen.getByTestId('update-check'));
    await waitFor(() => expect(screen.getByTestId('update-status').textContent).toContain('You have the newest version (0.1.0).'));
  });

  it('offers an update found at start; "Later" installs nothing', async () => {
    check = AVAILABLE;
    render(App);
    const dialog = await screen.findByTestId('update-dialog');
    expect(dialog.textContent).toContain('Escrow Desk 0.2.0 is available');
    expect(screen.getByTestId('update-notes').textContent).toBe('Faster exports.');
    await fireEvent.click(screen.getByTestId('update-later'));
    await waitFor(() => expect(screen.queryByTestId('update-dialog')).toBeNull());
    expect(asked('install_update')).toHaveLength(0);
  });

  it('installs only on consent, the version shown, and shows a refusal', async () => {
    check = AVAILABLE;
    installError = { code: 'validation', message: 'The update was refused: its signature does not match.', status: null, title: null, detail: null, correlationId: null };
    i18n.set('da');
    render(App);
    await screen.findByTestId('update-dialog');
    expect(asked('install_update')).toHaveLength(0);
    await fireEvent.click(screen.getByText('Installér og genstart'));
    await waitFor(() => expect(asked('install_update')).toEqual([{ cmd: 'install_update', args: { version: '0.2.0' } }]));
    expect((await screen.findByTestId('update-error')).textContent).toContain('signature does not match');
  });
});
