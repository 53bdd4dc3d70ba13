// The Network section: a proxy with credentials saved through Rust (the password written once,
// never shown back), and a stored password kept unless the person asks to forget it.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import NetworkSection from './NetworkSection.svelte';
import type { NetworkSettings } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let stored: NetworkSettings;

beforeEach(() => {
  calls = [];
  i18n.set('en');
  stored = { mode: 'system', url: null, username: null, caFile: null, hasPassword: false };
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (cmd === 'network_settings') return stored;
    if (cmd === 'save_network_settings') {
      const input = a.input as { mode: NetworkSettings['mode']; url: string | null; username: string | null; caFile: string | null; password?: string };
      stored = { mode: input.mode, url: input.url, username: input.username, caFile: input.caFile, hasPassword: input.password ? true : input.password === '' ? false : stored.hasPassword };
      return stored;
    }
    throw { code: 'internal', message: `unexpected command ${cmd}` };
  });
});

afterEach(() => clearMocks());

describe('network settings', () => {
  it('saves a proxy with its credentials and never shows the password back', async () => {
    render(NetworkSection);
    await waitFor(() => expect((screen.getByTestId('network-mode-system') as HTMLInputElement).checked).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    await fireEvent.click(screen.getByTestId('network-mode-url'));
    await fireEvent.input(screen.getByTestId('network-url'), { target: { value: 'http://proxy.corp:3128' } });
    await fireEvent.input(screen.getByTestId('network-username'), { target: { value: 'anna' } });
    await fireEvent.input(screen.getByTestId('network-password'), { target: { value: 's3cret' } });
    await fireEvent.input(screen.getByTestId('network-ca-file'), { target: { value: '/etc/ssl/corp.pem' } });
    await fireEvent.submit(screen.getByTestId('network-form'));
    await waitFor(() => expect(calls.find((c) => c.cmd === 'save_network_settings')?.args).toEqual({
      input: { mode: 'url', url: 'http://proxy.corp:3128', username: 'anna', caFile: '/etc/ssl/corp.pem', password: 's3cret' },
    }));
    await waitFor(() => expect((screen.getByTestId('network-password') as HTMLInputElement).value).toBe(''));
    expect((screen.getByTestId('network-password') as HTMLInputElement).placeholder).toBe('Kept in the keychain');

    // Saved again without typing a password: the stored one is kept (none sent).
    await fireEvent.submit(screen.getByTestId('network-form'));
    await waitFor(() => expect(calls.filter((c) => c.cmd === 'save_network_settings')).toHaveLength(2));
    expect((calls.at(-1)?.args.input as Record<string, unknown>).password).toBeUndefined();
  });
});
