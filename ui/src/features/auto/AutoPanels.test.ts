import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { transaction } from '../../test/fixtures';
import { PAYER, argsOf, choose, installMock, openDetail, outcome } from '../../test/users-documents-mock';

describe('Auto deal panels', () => {
  it('validates the debt bank account and FIK as the person types', async () => {
    installMock();
    await openDetail();
    const panel = await screen.findByTestId('debt-panel');
    const account = within(panel).getByTestId('debt-bank-account');
    await fireEvent.input(account, { target: { value: '0040 0440' } });
    expect(within(panel).getByTestId('debt-bank-account-error').textContent).toContain('14 digits; this has 8');
    await fireEvent.input(account, { target: { value: 'DK51 0040 0440 1162 43' } });
    expect(within(panel).getByTestId('debt-bank-account-error').textContent).toContain('check digits');
    await fireEvent.input(account, { target: { value: 'DK50 0040 0440 1162 43' } });
    expect(within(panel).queryByTestId('debt-bank-account-error')).toBeNull();
    const fik = within(panel).getByTestId('debt-fik');
    await fireEvent.input(fik, { target: { value: '+73<123456789012345+12345678<' } });
    expect(within(panel).getByTestId('debt-fik-error').textContent).toContain('+73');
    expect(within(panel).getByTestId('debt-destination-error')).toBeTruthy();
    await fireEvent.input(fik, { target: { value: '' } });
    expect(within(panel).queryByTestId('debt-fik-error')).toBeNull();
    expect((within(panel).getByTestId('debt-review-button') as HTMLButtonElement).disabled, 'no file, no amount yet').toBe(true);
  });

  it('registers debt with the account sent without spaces', async () => {
    installMock({
      add_debt_information: () => outcome({ kind: 'deleteDocument', documentId: 'x' }),
      debt_consequence: () => ({
        environmentId: 'sandbox',
        consequence: {
          kind: 'addDebtInformation', currency: 'DKK', amount: '289500.00', payeeFee: '500.00', payerFee: '0.00', paidIn: '0.00',
          reimbursed: '0.00', payeeNet: '276500.00', toPayer: '0.00', payerOwes: '0.00', maxReimbursable: '0.00',
          splits: [{ splitPayoutId: '', amount: '12500.00', recipient: 'PAYEE', timing: 'ON_CLOSE', effect: 'planned', debtSettlement: true, fromShare: true }],
          blocked: null,
        },
      }),
    });
    await openDetail();
    const panel = await screen.findByTestId('debt-panel');
    await fireEvent.input(within(panel).getByTestId('debt-amount'), { target: { value: '12.500,00' } });
    await fireEvent.input(within(panel).getByTestId('debt-bank-account'), { target: { value: 'DK50 0040 0440 1162 43' } });
    await choose(within(panel).getByTestId('debt-file'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'scan.png'));
    await waitFor(() => expect((within(panel).getByTestId('debt-review-button') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(within(panel).getByTestId('debt-review-button'));
    // The same confirmation as every money move: the consequence, then the typed amount.
    await waitFor(() => expect(within(panel).getByTestId('consequence-payee-net').textContent).toContain('276'));
    expect(within(panel).getByTestId('consequence-split').textContent).toContain('Debt settlement to the lender');
    expect(argsOf('add_debt_information')).toHaveLength(0);
    expect((within(panel).getByTestId('debt-submit') as HTMLButtonElement).disabled).toBe(true);
    const expected = within(panel).getByTestId('debt-confirm-expected').textContent ?? '';
    await fireEvent.input(within(panel).getByTestId('debt-confirm-input'), { target: { value: expected } });
    await fireEvent.click(within(panel).getByTestId('debt-submit'));
    await waitFor(() => expect(argsOf('add_debt_information')).toHaveLength(1));
    const input = argsOf('add_debt_information')[0].input as Record<string, unknown>;
    expect(input).toMatchObject({ transactionId: 'tx-1', amount: '12500.00', bankAccount: 'DK5000400440116243', fikCode: null });
  });

  it('keeps Confirm off with the reason beside it when the debt is more than the payee\'s share (the rule of every money dialog)', async () => {
    installMock({
      add_debt_information: () => outcome({ kind: 'deleteDocument', documentId: 'x' }),
      debt_consequence: () => ({
        environmentId: 'sandbox',
        consequence: {
          kind: 'addDebtInformation', currency: 'DKK', amount: '289500.00', payeeFee: '500.00', payerFee: '0.00', paidIn: '0.00',
          reimbursed: '0.00', payeeNet: '-10500.00', toPayer: '0.00', payerOwes: '0.00', maxReimbursable: '0.00',
          splits: [{ splitPayoutId: '', amount: '299500.00', recipient: 'PAYEE', timing: 'ON_CLOSE', effect: 'planned', debtSettlement: true, fromShare: true }],
          blocked: { reason: 'overShare', amount: '289000.00' },
        },
      }),
    });
    await openDetail();
    const panel = await screen.findByTestId('debt-panel');
    await fireEvent.input(within(panel).getByTestId('debt-amount'), { target: { value: '299.500,00' } });
    await fireEvent.input(within(panel).getByTestId('debt-bank-account'), { target: { value: 'DK50 0040 0440 1162 43' } });
    await choose(within(panel).getByTestId('debt-file'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], 'scan.png'));
    await waitFor(() => expect((within(panel).getByTestId('debt-review-button') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(within(panel).getByTestId('debt-review-button'));
    await waitFor(() => expect(within(panel).getByTestId('consequence-blocked')).toBeTruthy());
    const expected = within(panel).getByTestId('debt-confirm-expected').textContent ?? '';
    await fireEvent.input(within(panel).getByTestId('debt-confirm-input'), { target: { value: expected } });
    const submit = within(panel).getByTestId('debt-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(panel).getByTestId('debt-why-disabled').textContent).toContain('289');
    await fireEvent.submit(submit.form!);
    expect(argsOf('add_debt_information')).toHaveLength(0);
  });

  it('generates a bill of sale with both signers and the transaction amount, and shows its state', async () => {
    let bill: unknown = null;
    installMock({
      get_transaction: (a) => {
        const view = transaction(a.id as string, { payer: PAYER });
        if (view.transaction.autoInformation) view.transaction.autoInformation.billOfSale = bill;
        return view;
      },
      set_bill_of_sale: () => {
        bill = { enabled: true, generated: true, requiredSigners: ['Payee', 'Payer'], signed: false, amount: '289500.00', currency: 'DKK' };
        return outcome({ kind: 'deleteDocument', documentId: 'x' });
      },
    });
    await openDetail();
    const panel = await screen.findByTestId('bill-of-sale-panel');
    expect(within(panel).getByTestId('bill-of-sale-state').getAttribute('data-enabled')).toBe('false');
    await fireEvent.click(within(panel).getByTestId('bill-of-sale-generate'));
    await waitFor(() => expect(argsOf('set_bill_of_sale')).toHaveLength(1));
    expect(argsOf('set_bill_of_sale')[0]).toEqual({
      input: { transactionId: 'tx-1', enable: true, file: null, amount: '289500.00', additionalTerms: null, requiredSigners: ['Payer', 'Payee'] },
    });
    await waitFor(() => expect(screen.getByTestId('bill-of-sale-state').getAttribute('data-generated')).toBe('true'));
    expect(screen.getByTestId('bill-of-sale-state').getAttribute('data-enabled')).toBe('true');
  });

  it('shows a closed deal\'s Auto panels read-only and no Cancel on the debt-settlement split payout', async () => {
    installMock({
      get_transaction: (a) => {
        const view = transaction(a.id as string, { payer: PAYER, status: 'SUCCEEDED' });
        if (view.transaction.autoInformation) view.transaction.autoInformation.debt = { amount: '1000.00', splitPayoutId: 'sp-debt' };
        return view;
      },
      list_split_payouts: () => ({
        environmentId: 'sandbox',
        items: [{ splitPayoutId: 'sp-debt', amount: '1000.00', currency: 'DKK', recipient: 'PAYEE', serviceAccountId: null, timing: 'ON_CLOSE', description: null, destination: null, status: 'PENDING', created: null }],
      }),
    });
    await openDetail();
    expect(await screen.findByTestId('debt-readonly')).toBeTruthy();
    expect(screen.getByTestId('bill-of-sale-readonly')).toBeTruthy();
    expect(screen.queryByTestId('debt-form')).toBeNull();
    expect(screen.queryByTestId('bill-of-sale-generate')).toBeNull();
    await screen.findByTestId('split-payout-debt');
    expect(screen.queryByTestId('split-payout-cancel')).toBeNull();
  });

  it('offers no Cancel on an open deal\'s debt-settlement split payout, but on the others', async () => {
    const sp = (id: string) => ({ splitPayoutId: id, amount: '1000.00', currency: 'DKK', recipient: 'PAYEE', serviceAccountId: null, timing: 'ON_CLOSE', description: null, destination: null, status: 'PENDING', created: null });
    installMock({
      get_transaction: (a) => {
        const view = transaction(a.id as string, { payer: PAYER, status: 'PAID' });
        if (view.transaction.autoInformation) view.transaction.autoInformation.debt = { amount: '1000.00', splitPayoutId: 'sp-debt' };
        return view;
      },
      list_split_payouts: () => ({ environmentId: 'sandbox', items: [sp('sp-debt'), sp('sp-other')] }),
    });
    await openDetail();
    await screen.findByTestId('split-payout-debt');
    expect(screen.getAllByTestId('split-payout-cancel')).toHaveLength(1);
    // The settlement goes to the lender, whatever recipient the service records.
    const recipients = screen.getAllByTestId('split-payout-recipient').map((td) => td.textContent);
    expect(recipients).toEqual(['The lender (debt settlement)', 'Payee']);
    expect(screen.getByTestId('debt-form')).toBeTruthy();
  });

  it('refuses a bill-of-sale file that is not a PDF', async () => {
    installMock();
    await openDetail();
    const panel = await screen.findByTestId('bill-of-sale-panel');
    await choose(within(panel).getByTestId('bill-of-sale-file'), new File(['x'], 'photo.png'));
    expect((await within(panel).findByTestId('bill-of-sale-file-error')).textContent).toContain('must be one of PDF');
    expect((within(panel).getByTestId('bill-of-sale-upload') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the recorded bill of sale and debt as labelled fields on the Vehicle card and the panels, never as JSON, in both languages', async () => {
    installMock({
      get_transaction: (a) => {
        const view = transaction(a.id as string, { payer: PAYER, status: 'CREATED' });
        if (view.transaction.autoInformation) {
          view.transaction.autoInformation.billOfSale = {
            enabled: true, fileId: 'f-1', fileName: 'slutseddel.pdf', generated: true, size: 1834, amount: '199900.00', currency: 'DKK',
            additionalTerms: null, requiredSigners: ['Payer', 'Payee'], signed: false, created: '2026-11-24T10:15:00Z',
          };
          view.transaction.autoInformation.debt = {
            amount: '45000.00', currency: 'DKK', fikCode: null, bankAccount: 'DK5000400440116243', bankAccountText: null, fileId: 'f-2',
            fileName: 'gaeld.pdf', contentType: 'application/pdf', size: 52, splitPayoutId: 'sp-debt', created: '2026-11-24T10:15:02Z',
          };
        }
        return view;
      },
    });
    await openDetail();
    const card = await screen.findByTestId('detail-vehicle');
    const noJson = (text: string) => expect(text).not.toMatch(/[{}"]|\bnull\b|splitPayoutId|additionalTerms/);
    for (const lang of ['en', 'da'] as const) {
      i18n.set(lang);
      await waitFor(() => expect(within(card).getByTestId('detail-vehicle-debt').textContent).toContain(lang === 'en' ? 'DKK 45,000.00' : '45.000,00 kr.'));
      expect(within(card).getByTestId('detail-vehicle-bill-of-sale').textContent).toContain(lang === 'en' ? 'Payer, Payee' : 'Betaler, Modtager');
      noJson(card.textContent ?? '');
      noJson(screen.getByTestId('bill-of-sale-panel').textContent ?? '');
      noJson(screen.getByTestId('debt-panel').textContent ?? '');
      expect(card.querySelector('pre')).toBeNull();
    }
    expect(screen.getByTestId('debt-state').textContent).toContain('PDF');
    i18n.set('en');
  });
});
