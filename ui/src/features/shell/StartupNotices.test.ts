import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from './App.svelte';
import ErrorPanel from '../../shared/components/ErrorPanel.svelte';
import type { AppError, StartupReport } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, page } from '../../test/fixtures';
import { AUTO_REFRESH_MS, autoRefreshMs } from '../transactions/autorefresh';

const MOVED = '/data/escrow-desk.sqlite.corrupt-20260101T120000Z';

function installMock(report: StartupReport) {
  mockIPC((cmd) => {
    switch (cmd) {
      case 'startup_report':
        return report;
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
}

beforeEach(() => i18n.set('en'));
afterEach(() => {
  clearMocks();
  localStorage.removeItem('escrow-desk.auto-refresh-ms');
});

describe('start-up notices', () => {
  it('tells where a damaged database was moved, beside a working desk, until closed', async () => {
    installMock({
      problem: null,
      notices: [{ kind: 'database_moved_aside', path: MOVED, message: 'moved' }],
    });
    render(App);
    const notice = await screen.findByTestId('startup-notice');
    expect(notice.getAttribute('data-kind')).toBe('database_moved_aside');
    const text = screen.getByTestId('startup-notice-text').textContent ?? '';
    expect(text).toContain(MOVED);
    expect(text).toContain('pending actions recorded in it could not be read');
    expect(screen.queryByTestId('startup-problem')).toBeNull();
    expect(await screen.findByTestId('nav-transactions')).toBeTruthy();

    i18n.set('da');
    await waitFor(() => expect(screen.getByTestId('startup-notice-text').textContent).toContain('flyttet til'));
    await fireEvent.click(screen.getByTestId('startup-notice-close'));
    expect(screen.queryByTestId('startup-notice')).toBeNull();
  });

  it('shows no notice when start-up repaired nothing', async () => {
    installMock({ problem: null, notices: [] });
    render(App);
    await screen.findByTestId('nav-transactions');
    await waitFor(() => expect(document.body.getAttribute('data-ready')).toBe('true'));
    expect(screen.queryByTestId('startup-notice')).toBeNull();
  });
});

describe('a full data folder', () => {
  const full: AppError = {
    code: 'storage_full',
    message: 'The data folder is full (/data): the action was not recorded, and nothing was sent.',
    status: null,
    title: null,
    detail: null,
    correlationId: null,
  };

  it('is headed and explained in English and Danish', async () => {
    render(ErrorPanel, { error: full });
    expect(screen.getByRole('heading').textContent).toBe('The data folder is full');
    expect(screen.getByTestId('error-hint').textContent).toContain('Free some space');
    i18n.set('da');
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Datamappen er fuld'));
    expect(screen.getByTestId('error-hint').textContent).toContain('Frigør plads');
  });

  it('other storage faults keep the general heading and no hint', () => {
    render(ErrorPanel, { error: { ...full, code: 'storage' } });
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong');
    expect(screen.queryByTestId('error-hint')).toBeNull();
  });
});

describe('auto-refresh interval', () => {
  it('is 30 s unless the bench override names a valid interval', () => {
    expect(autoRefreshMs()).toBe(AUTO_REFRESH_MS);
    localStorage.setItem('escrow-desk.auto-refresh-ms', '250');
    expect(autoRefreshMs()).toBe(250);
    for (const bad of ['5', 'fast', '-1', '2.5']) {
      localStorage.setItem('escrow-desk.auto-refresh-ms', bad);
      expect(autoRefreshMs(), bad).toBe(AUTO_REFRESH_MS);
    }
  });
});
