import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from './App.svelte';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, page } from '../../test/fixtures';

let calls: string[];

beforeEach(() => {
  i18n.set('en');
  calls = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    switch (cmd) {
      case 'copy_diagnostics':
        return null;
      case 'startup_report':
        return { problem: null, notices: [] };
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([], 0);
      case 'open_actions':
        return [];
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
});
afterEach(() => clearMocks());

describe('command palette, as assistive technology reads it', () => {
  it('is a combobox whose active option follows the arrow keys; the options hold no nested controls', async () => {
    render(App);
    await screen.findByTestId('nav-transactions');
    await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('palette-input');
    expect(input.getAttribute('role')).toBe('combobox');
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '')!;
    expect(list.getAttribute('role')).toBe('listbox');
    expect(list.getAttribute('aria-label')).toBeTruthy();

    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active()?.getAttribute('role')).toBe('option');
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    const first = active();
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(active()).not.toBe(first));
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    expect(first?.getAttribute('aria-selected')).toBe('false');

    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    for (const o of options) expect(o.querySelector('button, a, input, select, textarea, [tabindex]')).toBeNull();
  });
});

describe('command palette, copy diagnostics', () => {
  it('has the entry in both languages; it asks Rust to copy, the text never comes to the window', async () => {
    render(App);
    await screen.findByTestId('nav-transactions');
    for (const [lang, typed, label, said] of [
      ['en', 'diagnos', 'Copy diagnostics', 'Diagnostics copied.'],
      ['da', 'diagnos', 'Kopiér diagnosticering', 'Diagnosticering kopieret.'],
    ] as const) {
      i18n.set(lang);
      await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
      const input = await screen.findByTestId('palette-input');
      await fireEvent.input(input, { target: { value: typed } });
      await waitFor(() => expect(screen.getAllByTestId('palette-item').map((o) => o.textContent?.trim())).toEqual([label]));
      await fireEvent.keyDown(input, { key: 'Enter' });
      await waitFor(() => expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes(said))).toBe(true));
      expect(screen.queryByTestId('command-palette')).toBeNull();
    }
    expect(calls.filter((c) => c === 'copy_diagnostics')).toHaveLength(2);
    expect(calls).not.toContain('diagnostics');
  });
});

describe('command palette, pages', () => {
  it('goes to every page the sidebar lists (#32)', async () => {
    render(App);
    const sidebar = (await screen.findAllByTestId(/^nav-/)).map((b) => b.textContent?.trim() ?? '');
    await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('palette-input');
    const offered = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    for (const name of ['Documents', 'Events', 'Business users', 'Users', 'Trades']) {
      expect(sidebar.some((s) => s.includes(name)), `${name} in the sidebar`).toBe(true);
      expect(offered.some((o) => o.includes(name)), `${name} in the palette`).toBe(true);
    }
    await fireEvent.input(input, { target: { value: 'events' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('nav-events');
    await waitFor(() => expect(screen.getByTestId('nav-events').getAttribute('aria-current')).toBe('page'));
  });
});

describe('command palette, deals by amount', () => {
  it('reads an amount as the window shows it, as the list search does (#32)', async () => {
    const searches: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === 'list_environments') return structuredClone(ENVIRONMENTS);
      if (cmd === 'startup_report') return { problem: null, notices: [] };
      if (cmd === 'open_actions') return [];
      if (cmd === 'list_transactions') {
        searches.push((args as { query: { search: string | null } }).query.search);
        return page([], 0);
      }
      throw { code: 'internal', message: `unexpected command ${cmd}` };
    });
    render(App);
    await screen.findByTestId('nav-transactions');
    await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('palette-input');
    await fireEvent.input(input, { target: { value: 'DKK 289,500.00' } });
    await waitFor(() => expect(searches).toContain('289500'));
  });
});
