// The back link in the window: a user opened from a deal goes back to that deal (and says
// so, in both languages); one opened from the Users list goes back to the list.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from './App.svelte';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { installMock } from '../../test/users-documents-mock';

async function openDeal() {
  await fireEvent.click(await screen.findByTestId('nav-transactions'));
  await fireEvent.click(await screen.findByTestId('transaction-row'));
  await screen.findByTestId('transaction-detail');
  await waitFor(() => expect(screen.getAllByTestId('open-party').length).toBeGreaterThan(0));
}

describe('back links', () => {
  it('a user opened from a deal goes back to the deal', async () => {
    installMock();
    render(App);
    await openDeal();
    expect(screen.getByTestId('back-button').textContent).toContain('Back to transactions');
    await fireEvent.click(screen.getAllByTestId('open-party')[0]);
    await screen.findByTestId('user-detail');
    const back = screen.getByTestId('user-back');
    await waitFor(() => expect(back.textContent).toContain('Back to the deal'));
    expect(back.getAttribute('data-back')).toBe('history');

    i18n.set('da');
    await waitFor(() => expect(screen.getByTestId('user-back').textContent).toContain('Tilbage til handlen'));
    i18n.set('en');

    await fireEvent.click(screen.getByTestId('user-back'));
    await screen.findByTestId('transaction-detail');
    expect(screen.queryByTestId('user-detail')).toBeNull();
    // On the deal again, its own back link names the list it was opened from.
    await waitFor(() => expect(screen.getByTestId('back-button').textContent).toContain('Back to transactions'));
    // The sidebar's Users entry shows the list, not the user last opened from the deal.
    await fireEvent.click(screen.getByTestId('nav-users'));
    await screen.findByTestId('users-page');
  });

  it('a user opened from the Users list goes back to the list, named', async () => {
    installMock();
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await fireEvent.click((await screen.findAllByTestId('user-row'))[0]);
    await screen.findByTestId('user-detail');
    const back = screen.getByTestId('user-back');
    await waitFor(() => expect(back.textContent).toContain('Back to users'));
    expect(back.getAttribute('data-back')).toBe('list');
    await fireEvent.click(back);
    await screen.findByTestId('users-page');
  });

  it('Escape on a deal opened from a user goes back to that user', async () => {
    installMock();
    render(App);
    await openDeal();
    await fireEvent.click(screen.getAllByTestId('open-party')[0]);
    await screen.findByTestId('user-detail');
    await fireEvent.click(screen.getByTestId('user-back'));
    await screen.findByTestId('transaction-detail');
    await fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('transaction-detail')).toBeNull());
    expect(screen.queryByTestId('user-detail')).toBeNull(); // the deal came from the list: back to it
  });
});
