import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { AppError } from '../../lib/bindings';
import { toasts } from '../../shared/toasts.svelte';
import { argsOf, installMock, outcome } from '../../test/users-documents-mock';

describe('users screen', () => {
  it('lists users in pages and opens the full record with the CPR masked', async () => {
    installMock();
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50));
    expect(screen.getAllByTestId('user-row')[0].textContent).toContain('User 1');
    await fireEvent.click(screen.getByTestId('users-next'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(10));
    expect(argsOf('list_users').at(-1)).toEqual({ query: { skip: 50, take: 50 } });
    expect((screen.getByTestId('users-next') as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(screen.getAllByTestId('user-row')[0]);
    const detail = await screen.findByTestId('user-detail');
    await waitFor(() => expect(within(detail).getByTestId('user-cpr').textContent).toBe('140385-****'));
    expect(within(detail).getByTestId('user-kyc').textContent).toBe('2');
    expect(detail.textContent).toContain('Vejlevej 1');
    await waitFor(() => expect(screen.getAllByTestId('bank-account-row')).toHaveLength(1));
  });

  it('says a wrong onboarding return URL in words, not by a red border alone', async () => {
    installMock();
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await fireEvent.click((await screen.findAllByTestId('user-row'))[0]);
    const field = await screen.findByTestId('onboarding-return-url');
    expect(field.getAttribute('aria-invalid')).toBe('false'); // the prompt `https://` is no error yet
    expect(screen.queryByTestId('onboarding-return-url-error')).toBeNull();
    await fireEvent.input(field, { target: { value: 'ftp://bank' } });
    const said = await screen.findByTestId('onboarding-return-url-error');
    expect(said.textContent).toContain('must start with http:// or https://');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(said.id);
    expect((screen.getByTestId('onboarding-start') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.input(field, { target: { value: 'https://shop.example/back' } });
    await waitFor(() => expect(screen.queryByTestId('onboarding-return-url-error')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the service title when the last bank account cannot be deleted', async () => {
    const refused: AppError = { code: 'bad_request', message: 'bad request (400)', status: 400, title: "Bank account can't be deleted", detail: 'a user keeps one account', correlationId: 'c-1' };
    installMock({
      delete_bank_account: (a) =>
        outcome({ kind: 'deleteBankAccount', serviceAccountId: a.serviceAccountId as string, bankId: 'danske-bank', bankAccountId: 'ba-1' }, {}, refused),
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await fireEvent.click((await screen.findAllByTestId('user-row'))[0]);
    const row = await screen.findByTestId('bank-account-row');
    await fireEvent.click(within(row).getByTestId('bank-account-delete'));
    await fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(argsOf('delete_bank_account')).toEqual([{ serviceAccountId: 'u-1', bankId: 'danske-bank', bankAccountId: 'ba-1' }]));
    await waitFor(() => expect(toasts.items.map((t) => t.text).join()).toContain("Bank account can't be deleted"));
  });

  it('creates a connect link and shows it to copy', async () => {
    installMock({ start_connect: () => ({ environmentId: 'sandbox', url: 'http://127.0.0.1:9/hosted/connect/abc' }) });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-users'));
    await fireEvent.click(await screen.findByTestId('users-connect'));
    const form = screen.getByTestId('connect-form');
    await fireEvent.input(within(form).getByTestId('connect-reference'), { target: { value: 'shop-1' } });
    await fireEvent.input(within(form).getByTestId('connect-return-url'), { target: { value: 'ftp://nope' } });
    expect((screen.getByTestId('connect-submit') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.input(within(form).getByTestId('connect-return-url'), { target: { value: 'https://shop.example/back' } });
    await fireEvent.click(within(form).getByTestId('connect-skipKyc'));
    await fireEvent.click(screen.getByTestId('connect-submit'));
    expect((await screen.findByTestId('connect-url')).textContent).toBe('http://127.0.0.1:9/hosted/connect/abc');
    expect(argsOf('start_connect')[0]).toEqual({
      input: {
        referenceId: 'shop-1', returnUrl: 'https://shop.example/back', allowPrivate: true, allowBusiness: true,
        skipUi: null, skipPhoneNumber: null, skipEmail: null, skipBankAccount: null, skipKyc: true, skipKyb: null,
      },
    });
  });
});
