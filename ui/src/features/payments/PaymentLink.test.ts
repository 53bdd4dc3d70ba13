import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { ActionOutcome, ActionRequest } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { record } from '../../test/actions-fixtures';
import { ENVIRONMENTS, item, page, transaction } from '../../test/fixtures';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
const sent = (cmd: string) => calls.filter((c) => c.cmd === cmd);

const PAYER = { serviceAccountId: 'acc-payer', referenceId: 'B-1', name: 'Jens Hansen', email: null, phoneNumber: null };

function install() {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([item(1, { transactionId: 'tx-1' })], 1);
      case 'open_actions':
        return [];
      case 'get_transaction':
        return transaction('tx-1', { status: 'CREATED', payer: PAYER, payments: { inbound: { amount: null, payments: [] }, outbound: { amount: null, payments: [] } } }, { paidIn: '0.00', remaining: '290750.00', held: '0.00' });
      case 'list_split_payouts':
        return { environmentId: 'sandbox', items: [] };
      case 'list_documents':
        return { environmentId: 'sandbox', documents: [], filtered: true };
      case 'list_banks':
        return { environmentId: 'sandbox', banks: [{ bankId: 'bank-1', name: 'Demo Bank', bankCentral: null }] };
      case 'list_bank_accounts':
        return { environmentId: 'sandbox', items: [{ bank: 'Demo Bank', bankId: 'bank-1', bankAccountId: 'ba-1', bban: '12345678901234', iban: 'DK5000400440116243', accountName: 'Løn', isDefault: true }] };
      case 'payment_consequence': {
        // Rust's rule: at most what remains to pay (290,750 here).
        const amount = (a.request as { amount: string | null }).amount;
        const over = amount !== null && Number.parseFloat(amount) > 290750;
        return { environmentId: 'sandbox', consequence: consequence(over) };
      }
      case 'payment_action': {
        const request = a.request as ActionRequest;
        const link = request.kind === 'createPayment' ? 'https://pay.example.dk/p/pay-9' : 'https://pay.example.dk/p/pay-9/psd2';
        const out: ActionOutcome = { environmentId: 'sandbox', record: record(request), value: 'pay-9', link };
        return out;
      }
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

function consequence(over: boolean) {
  return {
    kind: 'createPayment', currency: 'DKK', amount: '289500.00', payeeFee: '500.00', payerFee: '1250.00', paidIn: '0.00',
    reimbursed: '0.00', payeeNet: '289000.00', toPayer: '0.00', payerOwes: '0.00', maxReimbursable: '0.00', splits: [],
    blocked: over ? { reason: 'overRemaining', amount: '290750.00' } : null,
  };
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
});
afterEach(() => clearMocks());

describe('payment link', () => {
  it('keeps Confirm off for a payment above what remains to pay, with the reason beside it', async () => {
    install();
    render(App);
    await fireEvent.click(await screen.findByTestId('transaction-row'));
    await fireEvent.click(await screen.findByTestId('action-create-payment'));
    await fireEvent.input(await screen.findByTestId('action-amount'), { target: { value: '300000' } });
    await fireEvent.input(screen.getByTestId('confirm-amount-input'), { target: { value: '300000' } });
    await waitFor(() => expect(screen.getByTestId('action-why-disabled').textContent).toContain('at most what remains to pay'));
    expect((screen.getByTestId('action-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('consequence-blocked').dataset.reason).toBe('overRemaining');
    expect(sent('payment_action')).toHaveLength(0);
  });

  it('creates a payment, shows its link, and initializes it with the payer’s own account', async () => {
    install();
    render(App);
    await fireEvent.click(await screen.findByTestId('transaction-row'));
    await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Volvo XC60'));
    await fireEvent.click(await screen.findByTestId('action-create-payment'));
    await fireEvent.input(await screen.findByTestId('confirm-amount-input'), { target: { value: '290750' } });
    const confirm = screen.getByTestId('action-confirm') as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await fireEvent.click(confirm);
    await waitFor(() => expect(sent('payment_action')).toHaveLength(1));
    expect((sent('payment_action')[0].args.request as ActionRequest).kind).toBe('createPayment');
    expect((await screen.findByTestId('payment-link-url')).textContent).toBe('https://pay.example.dk/p/pay-9');
    // The payment is named by what people know of it, never by its id (#32).
    const named = screen.getByTestId('payment-link-payment');
    expect(named.textContent).not.toContain('pay-9');
    expect(named.getAttribute('title')).toBe('pay-9');

    const init = screen.getByTestId('payment-initialize') as HTMLButtonElement;
    await fireEvent.change(screen.getByTestId('payment-method'), { target: { value: 'BANK' } });
    expect(init.disabled).toBe(true); // BANK needs a bank
    await fireEvent.change(screen.getByTestId('payment-method'), { target: { value: 'PSD2' } });
    // The payer's default account is preselected.
    expect(((await screen.findByTestId('payment-account')) as HTMLSelectElement).value).toBe('ba-1');
    await waitFor(() => expect(init.disabled).toBe(false));
    await fireEvent.click(init);
    await waitFor(() => expect(sent('payment_action')).toHaveLength(2));
    expect(sent('payment_action')[1].args.request).toEqual({
      kind: 'initializePayment', transactionId: 'tx-1', paymentId: 'pay-9', paymentMethod: 'PSD2', bankId: null, bankAccountId: 'ba-1',
    });
    await waitFor(() => expect(screen.getByTestId('payment-link-url').textContent).toBe('https://pay.example.dk/p/pay-9/psd2'));
  });
});
