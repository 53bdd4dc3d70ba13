import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../../shell/App.svelte';
import type { ActionRequest, Transaction } from '../../../lib/bindings';
import { i18n } from '../../../shared/i18n/i18n.svelte';
import { record } from '../../../test/actions-fixtures';
import { ENVIRONMENTS, item, page, transaction } from '../../../test/fixtures';

// The one rule of every money dialog (`confirmGate`): Confirm waits for the consequence of the
// request as it stands, is off while that consequence says the service would refuse, and stays
// allowed when the consequence cannot be computed. And the dismiss button is never named like
// the action.

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
const PAYER = { serviceAccountId: 'acc-payer', referenceId: 'B-1', name: 'Jens Hansen', email: 'jens@example.dk', phoneNumber: null };

function installMock(tx: Partial<Transaction> = {}, extra: Record<string, Handler> = {}) {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (extra[cmd]) return extra[cmd](a);
    switch (cmd) {
      case 'list_environments':
        return structuredClone(ENVIRONMENTS);
      case 'list_transactions':
        return page([item(1, { transactionId: 'tx-1' })], 1);
      case 'get_transaction':
        return transaction(a.id as string, { payer: PAYER, ...tx });
      case 'open_actions':
        return [];
      case 'list_split_payouts':
        return { environmentId: 'sandbox', items: [] };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

function consequenceOf(kind: string) {
  return {
    kind, currency: 'DKK', amount: '289500.00', payeeFee: '495.00', payerFee: '0.00', paidIn: '289500.00', reimbursed: '1500.00',
    payeeNet: '285010.00', toPayer: '0.00', payerOwes: '0.00', maxReimbursable: '285010.00', splits: [], blocked: null,
  };
}

const count = (cmd: string) => calls.filter((c) => c.cmd === cmd).length;
const startRequests = () => calls.filter((c) => c.cmd === 'start_action').map((c) => c.args.request as ActionRequest);
const confirmButton = () => screen.getByTestId('action-confirm') as HTMLButtonElement;
async function confirmWhenReady() {
  await waitFor(() => expect(confirmButton().disabled).toBe(false));
  await fireEvent.click(confirmButton());
}
async function openDetail() {
  render(App);
  await fireEvent.click(await screen.findByTestId('transaction-row'));
  await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Volvo XC60'));
}
async function type(testid: string, value: string) {
  await fireEvent.input(screen.getByTestId(testid), { target: { value } });
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
});
afterEach(() => clearMocks());

describe('Confirm follows the consequence of the request as it stands', () => {
  /** A consequence answer per request, released by the test. */
  function deferredConsequences() {
    const pending: Array<{ amount: string; answer: () => void }> = [];
    installMock({ status: 'PAID' }, {
      start_action: (a) => record(a.request as ActionRequest),
      transaction_consequence: (a) => new Promise((resolve) => {
        const amount = (a.request as { amount: string }).amount;
        pending.push({ amount, answer: () => resolve({ environmentId: 'sandbox', consequence: { ...consequenceOf('reimburse'), toPayer: amount } }) });
      }),
    });
    return pending;
  }

  it('is off while the consequence of a changed amount is still being computed', async () => {
    const pending = deferredConsequences();
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-reimburse'));
    await type('action-amount', '1000');
    await type('confirm-amount-input', '1000');
    await waitFor(() => expect(pending.some((p) => p.amount === '1000.00')).toBe(true));
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByTestId('action-why-disabled').textContent).toBe('Working out what this will do…');
    pending.forEach((p) => p.answer());
    await waitFor(() => expect(confirmButton().disabled).toBe(false));

    // A new amount: the consequence of 1,000 no longer counts, at once.
    await type('action-amount', '2000');
    await type('confirm-amount-input', '2000');
    expect(confirmButton().disabled).toBe(true);
    await fireEvent.submit(confirmButton().form!);
    expect(count('start_action')).toBe(0);
    await waitFor(() => expect(pending.some((p) => p.amount === '2000.00')).toBe(true));
    expect(confirmButton().disabled).toBe(true);
    pending.forEach((p) => p.answer());
    await confirmWhenReady();
    await waitFor(() => expect(startRequests()).toEqual([{ kind: 'reimburse', transactionId: 'tx-1', amount: '2000.00' }]));
  });

  it('stays allowed when the consequence cannot be computed at all', async () => {
    installMock({ status: 'PAID' }, {
      start_action: (a) => record(a.request as ActionRequest),
      transaction_consequence: () => {
        throw { code: 'network', message: 'The service could not be reached.', status: null, title: null, detail: null, correlationId: null };
      },
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-reimburse'));
    await type('action-amount', '1000');
    await type('confirm-amount-input', '1000');
    await waitFor(() => expect(screen.getByTestId('consequence-error')).toBeTruthy());
    await confirmWhenReady();
    await waitFor(() => expect(startRequests()).toHaveLength(1));
  });
});

describe('dismiss button', () => {
  it('is never called like the action: "Keep the deal" on cancel, "Close" elsewhere, in both languages', async () => {
    installMock({ status: 'PAID' });
    await openDetail();
    const dismissOf = async (button: string) => {
      await fireEvent.click(screen.getByTestId(button));
      const text = screen.getByTestId('action-cancel-dialog').textContent?.trim();
      const title = screen.getByTestId('action-dialog').querySelector('h2')?.textContent ?? '';
      const confirm = confirmButton().textContent?.trim();
      await fireEvent.click(screen.getByTestId('action-cancel-dialog'));
      expect(screen.queryByTestId('action-dialog')).toBeNull();
      return { text, title, confirm };
    };
    const cancel = await dismissOf('action-cancel');
    expect(cancel.text).toBe('Keep the deal');
    expect(cancel.title).toContain('Cancel');
    expect((await dismissOf('action-payout')).text).toBe('Close');
    expect((await dismissOf('action-reimburse')).text).toBe('Close');
    i18n.set('da');
    const da = await dismissOf('action-cancel');
    expect(da.text).toBe('Behold handlen');
    expect((await dismissOf('action-split-payout')).text).toBe('Luk');
    for (const d of [cancel, da]) {
      expect(d.title.toLowerCase()).not.toContain(d.text!.toLowerCase());
      expect(d.text).not.toBe(d.confirm);
    }
  });
});

