import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../shell/App.svelte';
import type { ActionOutcome, NewTransactionInput } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { record } from '../../test/actions-fixtures';
import { ENVIRONMENTS, page, transaction } from '../../test/fixtures';

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;

function install(extra: Record<string, Handler> = {}) {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (extra[cmd]) return extra[cmd](a);
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([], 0);
      case 'open_actions':
        return [];
      case 'check_new_transaction':
        return {
          kind: 'createTransaction', currency: 'DKK', amount: '289500.00', payeeFee: '495.00', payerFee: '0.00', paidIn: '0.00',
          reimbursed: '0.00', payeeNet: '289005.00', toPayer: '0.00', payerOwes: '289500.00', maxReimbursable: '0.00', splits: [], blocked: null,
        };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

const sent = (cmd: string) => calls.filter((c) => c.cmd === cmd);
const type = (testid: string, value: string) => fireEvent.input(screen.getByTestId(testid), { target: { value } });

async function openForm() {
  render(App);
  const button = (await screen.findByTestId('new-transaction')) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  await fireEvent.click(button);
  await screen.findByTestId('new-transaction-form');
}

beforeEach(() => {
  calls = [];
  i18n.set('da');
});
afterEach(() => clearMocks());

describe('new transaction', () => {
  it('checks the form before the review and never sends an unconfirmed create', async () => {
    install();
    await openForm();
    await type('nt-amount', '12,5x');
    await fireEvent.click(screen.getByTestId('nt-review'));
    expect(await screen.findByTestId('nt-amount-error')).toBeTruthy();
    expect(screen.queryByTestId('new-transaction-review')).toBeNull();
    expect(sent('create_transaction')).toHaveLength(0);
  });

  it('reviews amount and parties, needs the typed amount, then opens the new transaction', async () => {
    install({
      create_transaction: (a) => {
        const input = a.input as NewTransactionInput;
        const out: ActionOutcome = { environmentId: 'sandbox', record: record({ kind: 'createTransaction', input }), value: 'tx-new', link: null };
        return out;
      },
      get_transaction: () => transaction('tx-new'),
      list_split_payouts: () => ({ environmentId: 'sandbox', items: [] }),
      list_documents: () => ({ environmentId: 'sandbox', documents: [], filtered: true }),
    });
    await openForm();
    // The form and then its review take focus at their heading, not the window's body (#32).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('nt-heading')));
    await fireEvent.click(screen.getByTestId('nt-type-auto'));
    await type('nt-amount', '189.000,50');
    await type('nt-payeeReferenceId', 'dealer-7');
    await type('nt-vehicle-vin', 'TMBJJ7NE1M0123456');
    await fireEvent.click(screen.getByTestId('nt-review'));
    expect((await screen.findByTestId('nt-review-amount')).textContent).toContain('189.000,50');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('nt-review-title')));
    // A party given by the tenant's own reference is said to be one, not shown as a bare code (#32).
    expect(screen.getByTestId('nt-review-payee').textContent).toBe('Jeres brugerreference dealer-7');
    const create = screen.getByTestId('nt-create') as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await type('nt-confirm-input', '189000,5');
    await waitFor(() => expect(create.disabled).toBe(false));
    await fireEvent.click(create);
    await waitFor(() => expect(sent('create_transaction')).toHaveLength(1));
    const input = sent('create_transaction')[0].args.input as NewTransactionInput;
    expect(input).toMatchObject({ transactionType: 'AUTO', amount: '189000.50', currency: 'DKK', payeeReferenceId: 'dealer-7' });
    expect(input.vehicle?.vin).toBe('TMBJJ7NE1M0123456');
    await waitFor(() => expect(sent('get_transaction').some((c) => c.args.id === 'tx-new')).toBe(true));
  });

  it('accepts a Danish grouped mileage (45.000), reviews it and sends 45000', async () => {
    install({
      create_transaction: (a) => {
        const input = a.input as NewTransactionInput;
        const out: ActionOutcome = { environmentId: 'sandbox', record: record({ kind: 'createTransaction', input }), value: 'tx-new', link: null };
        return out;
      },
      get_transaction: () => transaction('tx-new'),
      list_split_payouts: () => ({ environmentId: 'sandbox', items: [] }),
      list_documents: () => ({ environmentId: 'sandbox', documents: [], filtered: true }),
    });
    await openForm();
    await fireEvent.click(screen.getByTestId('nt-type-auto'));
    await type('nt-amount', '289.500');
    await type('nt-payeeReferenceId', 'dealer-7');
    await type('nt-vehicle-mileage', '45,5');
    await fireEvent.click(screen.getByTestId('nt-review'));
    expect((await screen.findByTestId('nt-vehicle-mileage-error')).textContent).toContain('helt tal');
    expect(sent('check_new_transaction')).toHaveLength(0);
    await type('nt-vehicle-mileage', '45.000');
    await fireEvent.click(screen.getByTestId('nt-review'));
    expect((await screen.findByTestId('nt-review-mileage')).textContent).toContain('45.000 km');
    expect(screen.getByTestId('consequence-payee-net').textContent).toBe('289.005,00 kr.');
    expect((sent('check_new_transaction')[0].args.input as NewTransactionInput).vehicle?.mileage).toBe('45000');
    await type('nt-confirm-input', '289.500,00');
    await fireEvent.click(screen.getByTestId('nt-create'));
    await waitFor(() => expect(sent('create_transaction')).toHaveLength(1));
    expect((sent('create_transaction')[0].args.input as NewTransactionInput).vehicle?.mileage).toBe('45000');
  });

  it('stays on the form when Rust refuses what the form took: review never passes what create refuses', async () => {
    install({
      check_new_transaction: () => {
        throw { code: 'validation', message: 'Check the form', fieldErrors: [{ field: 'payerId', message: 'is required for a Marketplace transaction' }] };
      },
    });
    await openForm();
    await type('nt-amount', '100');
    await fireEvent.click(screen.getByTestId('nt-review'));
    expect((await screen.findByTestId('nt-payerId-error')).textContent).toBe('Påkrævet for en markedspladshandel.');
    expect(screen.queryByTestId('new-transaction-review')).toBeNull();
    expect(sent('create_transaction')).toHaveLength(0);
  });

  it('picks the parties from the connected users and shows them by name in the review', async () => {
    install({
      list_users: () => ({
        environmentId: 'sandbox', skip: 0, hasMore: false,
        items: [
          { serviceAccountId: 'acc-dealer', name: 'Bilhuset Vejle ApS', phoneNumber: null, phoneNumberVerified: false, created: null, type: 'Business' },
          { serviceAccountId: 'acc-mette', name: 'Mette Kjær Nielsen', phoneNumber: '+4512345678', phoneNumberVerified: true, created: null, type: 'Private' },
        ],
      }),
      get_user: (a) => ({
        environmentId: 'sandbox',
        user: { id: null, serviceAccountId: a.serviceAccountId, connections: [{ referenceId: 'dealer-01', connected: null }], name: 'Bilhuset Vejle ApS', kyc: null, email: 'salg@bilhuset.dk', phoneNumber: null, phoneNumberVerified: false, dateOfBirth: null, cpr: null, cvr: null, address: null, type: 'Business' },
      }),
    });
    await openForm();
    const search = screen.getByTestId('party-search-payee');
    await fireEvent.focus(search);
    await type('party-search-payee', 'vejle');
    await fireEvent.click(await screen.findByTestId('party-option'));
    await waitFor(() => expect(screen.getByTestId('party-picked-payee').textContent).toContain('dealer-01'));
    expect((screen.getByTestId('nt-payeeId') as HTMLInputElement).value).toBe('acc-dealer');
    await fireEvent.focus(screen.getByTestId('party-search-payer'));
    await type('party-search-payer', 'kjaer');
    await fireEvent.click(await screen.findByTestId('party-option'));
    await type('nt-amount', '100');
    await type('nt-title', 'Cykel');
    await fireEvent.click(screen.getByTestId('nt-review'));
    expect((await screen.findByTestId('nt-review-payee')).textContent).toBe('Bilhuset Vejle ApS');
    expect(screen.getByTestId('nt-review-payer').textContent).toBe('Mette Kjær Nielsen');
    expect((sent('check_new_transaction')[0].args.input as NewTransactionInput).payerId).toBe('acc-mette');
  });

  it('puts the service-side field errors next to their fields', async () => {
    install({
      create_transaction: () => {
        throw { code: 'validation', message: 'Check the form', fieldErrors: [{ field: 'payerId', message: 'is required for a Marketplace transaction' }] };
      },
    });
    await openForm();
    await type('nt-amount', '100');
    await fireEvent.click(screen.getByTestId('nt-review'));
    await screen.findByTestId('nt-confirm-input');
    await type('nt-confirm-input', '100');
    await fireEvent.click(screen.getByTestId('nt-create'));
    expect((await screen.findByTestId('nt-payerId-error')).textContent).toBe('Påkrævet for en markedspladshandel.');
  });

  it('brings the first fault of a failed review into sight and focus, its own or Rust\'s', async () => {
    install({
      check_new_transaction: () => {
        throw { code: 'validation', message: 'payerId is required for a Marketplace transaction', status: null, title: null, detail: null, correlationId: null,
          fieldErrors: [{ field: 'payerId', message: 'is required for a Marketplace transaction' }] };
      },
    });
    const scrolled: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      await openForm();
      // An empty form: its one error is the amount, at the top of the form.
      const review = screen.getByTestId('nt-review');
      review.focus();
      await fireEvent.click(review);
      const amount = screen.getByTestId('nt-amount');
      await waitFor(() => expect(document.activeElement).toBe(amount));
      expect(scrolled).toContain(amount);
      expect(screen.getByTestId('nt-amount-error').textContent).toBe('Angiv et beløb.');
      // The form's own checks pass; Rust's refuse the buyer: that field is the one brought into sight.
      await type('nt-amount', '12.500');
      await fireEvent.click(review);
      const payer = screen.getByTestId('nt-payerId');
      await waitFor(() => expect(document.activeElement).toBe(payer));
      expect(scrolled.at(-1)).toBe(payer);
    } finally {
      spy.mockRestore();
    }
  });
});
