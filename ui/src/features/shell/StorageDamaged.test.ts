import { render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from './App.svelte';
import ErrorPanel from '../../shared/components/ErrorPanel.svelte';
import type { AppError } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { storageDamage } from '../../shared/storage-damage.svelte';
import { ENVIRONMENTS, page } from '../../test/fixtures';

const damaged: AppError = {
  code: 'storage_damaged',
  message: 'The local database in /data is damaged: the action was not recorded, and nothing was sent. It will be moved aside…',
  status: null,
  title: null,
  detail: null,
  correlationId: null,
  notRecorded: 'intent',
};

beforeEach(() => {
  i18n.set('en');
  storageDamage.seen = false;
});
afterEach(() => clearMocks());

describe('a database damaged while the app runs', () => {
  it('says in the panel, in English and Danish, that nothing was sent and what the next start does', async () => {
    render(ErrorPanel, { error: damaged });
    expect(screen.getByRole('heading').textContent).toBe('The local database is damaged');
    expect(screen.getByTestId('error-message').textContent).toBe('The action was not recorded, and nothing was sent.');
    expect(screen.getByTestId('error-hint').textContent).toContain('moved aside and kept (never deleted) when Escrow Desk next starts');
    i18n.set('da');
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Den lokale database er beskadiget'));
    expect(screen.getByTestId('error-message').textContent).toBe('Handlingen blev ikke registreret, og intet blev sendt.');
    expect(screen.getByTestId('error-hint').textContent).toContain('flyttes til side og gemmes');
  });

  it('without an action, says the code\'s sentence, not the raw message', () => {
    render(ErrorPanel, { error: { ...damaged, notRecorded: undefined, message: 'The local database is damaged. It will…' } });
    expect(screen.getByTestId('error-message').textContent).toBe("Escrow Desk's local database is damaged.");
  });

  it('shows a banner above every page once any command finds it, until restarted', async () => {
    mockIPC((cmd) => {
      switch (cmd) {
        case 'startup_report':
          return { problem: null, notices: [] };
        case 'list_environments':
          return structuredClone(ENVIRONMENTS);
        case 'list_transactions':
          return page([], 0);
        case 'open_actions':
          throw { code: 'storage_damaged', message: 'The local database is damaged. It will be moved aside…' };
        default:
          throw { code: 'internal', message: `unexpected command ${cmd}` };
      }
    });
    render(App);
    const banner = await screen.findByTestId('storage-damaged');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('The local database is damaged');
    expect(banner.textContent).toContain('moved aside and kept (never deleted) when Escrow Desk next starts');
    i18n.set('da');
    await waitFor(() => expect(within(banner).getByText(/Den lokale database er beskadiget/)).toBeTruthy());
  });

  it('shows no banner for other failures', async () => {
    mockIPC((cmd) => {
      switch (cmd) {
        case 'list_environments':
          return structuredClone(ENVIRONMENTS);
        case 'list_transactions':
          return page([], 0);
        default:
          throw { code: 'storage', message: 'local database: disk I/O error' };
      }
    });
    render(App);
    await screen.findByTestId('nav-transactions');
    await waitFor(() => expect(document.body.getAttribute('data-ready')).toBe('true'));
    expect(screen.queryByTestId('storage-damaged')).toBeNull();
  });
});
