import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../../shell/App.svelte';
import type { ActionRecord, ActionRequest, DealMoney, SplitPayout, Transaction } from '../../../lib/bindings';
import { i18n } from '../../../shared/i18n/i18n.svelte';
import { record, split } from '../../../test/actions-fixtures';
import { ENVIRONMENTS, item, page, transaction } from '../../../test/fixtures';

type Handler = (args: Record<string, unknown>) => unknown;
let calls: Array<{ cmd: string; args: Record<string, unknown> }>;

const PAYER = { serviceAccountId: 'acc-payer', referenceId: 'B-1', name: 'Jens Hansen', email: 'jens@example.dk', phoneNumber: null };
const NO_INBOUND = { inbound: { amount: null, payments: [] }, outbound: { amount: null, payments: [] } };

function installMock(tx: Partial<Transaction> = {}, extra: Record<string, Handler> = {}, splits: SplitPayout[] = [], money: Partial<DealMoney> = {}) {
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
        return transaction(a.id as string, { payer: PAYER, ...tx }, money);
      case 'open_actions':
        return [];
      case 'list_split_payouts':
        return { environmentId: 'sandbox', items: splits };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

/** What Rust answers for the fixture deal (289,500 paid, fee 495, split 2,495, 1,500 reimbursed). */
function consequenceOf(kind: string) {
  return {
    kind, currency: 'DKK', amount: '289500.00', payeeFee: '495.00', payerFee: '0.00', paidIn: '289500.00', reimbursed: '1500.00',
    payeeNet: '285010.00', toPayer: '0.00', payerOwes: '0.00', maxReimbursable: '285010.00',
    splits: [{ splitPayoutId: 'sp-1', amount: '2495.00', recipient: 'TENANT', timing: 'ON_CLOSE', effect: 'released', debtSettlement: false, fromShare: true }],
    blocked: null,
  };
}

const count = (cmd: string) => calls.filter((c) => c.cmd === cmd).length;
const startRequests = () => calls.filter((c) => c.cmd === 'start_action').map((c) => c.args.request as ActionRequest);
const confirmButton = () => screen.getByTestId('action-confirm') as HTMLButtonElement;
/** Confirm, once the dialog has the consequence of the request as it stands (or knows it cannot have it). */
async function confirmWhenReady() {
  await waitFor(() => expect(confirmButton().disabled).toBe(false));
  await fireEvent.click(confirmButton());
}

async function openDetail() {
  render(App);
  const row = await screen.findByTestId('transaction-row');
  await fireEvent.click(row);
  await waitFor(() => expect(screen.getByTestId('detail-title').textContent).toBe('Volvo XC60'));
}

async function type(testid: string, value: string) {
  await fireEvent.input(screen.getByTestId(testid), { target: { value } });
}

const barButtons = () =>
  Array.from(screen.getByTestId('actions-bar').querySelectorAll('button')).map((b) => b.getAttribute('data-testid'));

beforeEach(() => {
  calls = [];
  i18n.set('en');
});
afterEach(() => clearMocks());

describe('actions bar', () => {
  it('offers payout, cancel, reimburse, split payout, change amount and update on a PAID transaction', async () => {
    installMock({ status: 'PAID' });
    await openDetail();
    expect(barButtons().sort()).toEqual([
      'action-cancel', 'action-change-amount', 'action-payout', 'action-reimburse', 'action-split-payout', 'action-update',
    ]);
  });

  it('offers delete and create payment on a CREATED transaction without inbound payments, no payout', async () => {
    installMock({ status: 'CREATED', payments: NO_INBOUND }, {}, [], { paidIn: '0.00', remaining: '290750.00' });
    await openDetail();
    expect(barButtons().sort()).toEqual([
      'action-cancel', 'action-change-amount', 'action-create-payment', 'action-delete', 'action-split-payout', 'action-update',
    ]);
    // Pay out is not offered, and the bar says why (with what is left to pay, as the deal's money says).
    expect(screen.getByTestId('action-why-not-payout').textContent).toBe('Pay out is not offered yet: the payer has DKK 290,750.00 left to pay.');
    expect(screen.getByTestId('action-why-not-reimburse')).toBeTruthy();
  });

  it('offers add payee when the payee is missing, and no delete once money came in', async () => {
    installMock({ status: 'CREATED', payee: null });
    await openDetail();
    expect(barButtons()).toContain('action-add-payee');
    expect(barButtons()).not.toContain('action-delete');
    expect(barButtons()).not.toContain('action-add-payer');
  });

  it('offers nothing on SUCCEEDED and CANCELLED transactions', async () => {
    installMock({ status: 'SUCCEEDED' });
    await openDetail();
    expect(barButtons()).toEqual([]);
    // The status inside the sentence is in lower case.
    expect(screen.getByTestId('actions-none').textContent).toBe('No actions: the transaction is paid out.');
    expect(screen.queryByTestId('split-payout-new')).toBeNull();
  });
});

describe('paid out', () => {
  it('tells a paid-out deal\'s money from its ledger: to the payee (scheduled), reimbursed (transferred)', async () => {
    const flow = (paid: string, scheduled: string) => ({ total: (Number(paid) + Number(scheduled)).toFixed(2), paid, scheduled, other: '0.00' });
    installMock({}, {
      get_transaction: (a) => transaction(a.id as string, { payer: PAYER, status: 'SUCCEEDED' }, {
        paidIn: '289500.00', toPayee: flow('0.00', '285010.00'), toPayer: flow('1990.00', '0.00'), feesKept: '2500.00',
      }),
    });
    await openDetail();
    expect(screen.getByTestId('detail-to-payee').textContent).toBe('DKK 285,010.00');
    expect(screen.getByTestId('detail-to-payee-hint').textContent).toBe('Scheduled for the next payout run');
    expect(screen.getByTestId('detail-to-payer').textContent).toBe('DKK 1,990.00');
    expect(screen.getByTestId('detail-to-payer-hint').textContent).toBe('Transferred');
    expect(screen.getByTestId('detail-fees-kept').textContent).toBe('DKK 2,500.00');
    expect(screen.queryByTestId('detail-remaining')).toBeNull();
  });
});

describe('labels', () => {
  it('never gives two different things the same Danish word on one page', async () => {
    const { da } = await import('../../../shared/i18n/i18n.svelte');
    expect(da['common.cancel']).not.toBe(da['action.kind.cancel']);
    expect(da['common.refresh']).not.toBe(da['action.kind.update']);
    expect(da['recipient.TENANT']).not.toBe('Lejer');
  });
});

describe('consequence panel', () => {
  it('shows the maximum reimbursable up front and the refusal in Danish money, and Confirm stays off with the reason beside it', async () => {
    i18n.set('da');
    installMock({ status: 'PAID' }, {
      transaction_consequence: (a) => {
        const r = a.request as { amount: string };
        const c = consequenceOf('reimburse');
        const over = Number(r.amount) > 285010;
        return { environmentId: 'sandbox', consequence: over ? { ...c, toPayer: r.amount, blocked: { reason: 'overReimbursable', amount: '285010.00' } } : { ...c, toPayer: r.amount } };
      },
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('transaction-row'));
    await screen.findByTestId('detail-title');
    await fireEvent.click(screen.getByTestId('action-reimburse'));
    await waitFor(() => expect(screen.getByTestId('consequence-max-reimbursable').textContent).toBe('285.010,00 kr.'));
    expect((calls.find((c) => c.cmd === 'transaction_consequence')?.args.request as { amount: string }).amount).toBe('0.00');
    await type('action-amount', '300.000');
    await type('confirm-amount-input', '300.000');
    await waitFor(() => expect(screen.getByTestId('consequence-blocked').textContent).toContain('285.010,00 kr.'));
    // The refusal once in the panel, and beside Confirm, which stays off even with the amount typed.
    const panel = screen.getByTestId('consequence-panel').textContent ?? '';
    expect(panel.split('Der kan højst tilbagebetales').length - 1).toBe(1);
    expect(screen.getByTestId('action-why-disabled').textContent).toBe('Der kan højst tilbagebetales 285.010,00 kr.');
    expect(confirmButton().disabled).toBe(true);
    // A refused move has no outcome to promise: no (negative) figure for the payee.
    expect(screen.getByTestId('consequence-payee-net').textContent).toBe('—');
    expect(confirmButton().getAttribute('aria-describedby')).toBe('action-why');
    await fireEvent.submit(confirmButton().form!);
    expect(count('start_action')).toBe(0);
    // Within the maximum, Confirm comes back.
    await type('action-amount', '1.000');
    await type('confirm-amount-input', '1.000');
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(screen.queryByTestId('action-why-disabled')).toBeNull();
  });
});

describe('action dialog', () => {
  it('enables Confirm only once the typed amount matches, sends once, and shows success', async () => {
    let resolve!: (r: ActionRecord) => void;
    installMock({ status: 'PAID' }, {
      start_action: () => new Promise<ActionRecord>((r) => (resolve = r)),
      transaction_consequence: (a) => ({
        environmentId: 'sandbox', consequence: consequenceOf((a.request as { kind: string }).kind), readAt: '2026-11-27 10:02:00.5+00',
      }),
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-payout'));
    const dialog = screen.getByTestId('action-dialog');
    expect(dialog.textContent).toContain('DKK 289,500.00');
    expect(dialog.textContent).toContain('Jens Hansen');
    expect(dialog.textContent).toContain('Bilhuset A/S');
    // Payout pays the payee: the payee's account is the default.
    expect((screen.getByTestId('action-account') as HTMLSelectElement).value).toBe('acc-1');
    expect(screen.getByTestId('confirm-amount-expected').textContent).toBe('289,500.00');
    // The consequence: the payee's net and the split payout released with it.
    await waitFor(() => expect(screen.getByTestId('consequence-payee-net').textContent).toBe('DKK 285,010.00'));
    expect(screen.getByTestId('consequence-split').getAttribute('data-effect')).toBe('released');

    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByTestId('action-why-disabled').textContent).toBe('Type 289,500.00 to confirm.');
    await type('confirm-amount-input', '289,500');
    expect(confirmButton().disabled).toBe(false);
    expect(screen.queryByTestId('action-why-disabled')).toBeNull();
    await type('confirm-amount-input', '289,500.01');
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByTestId('action-why-disabled').textContent).toContain('That is not 289,500.00');
    await type('confirm-amount-input', '28950');
    expect(confirmButton().disabled).toBe(true);
    await type('confirm-amount-input', '289,500.00');
    expect(confirmButton().disabled).toBe(false);
    await fireEvent.click(confirmButton());
    await fireEvent.click(confirmButton());
    await fireEvent.submit(confirmButton().form!);
    expect(count('start_action')).toBe(1);
    // Sent with when the consequence shown was read (a team store refuses a colleague's later move).
    expect(calls.find((c) => c.cmd === 'start_action')?.args.readAt).toBe('2026-11-27 10:02:00.5+00');
    expect(confirmButton().disabled).toBe(true);
    expect(dialog.querySelector('.spinner')).not.toBeNull();
    expect(startRequests()[0]).toEqual({ kind: 'payout', transactionId: 'tx-1', serviceAccountId: 'acc-1', amount: '289500.00' });

    const detailLoads = count('get_transaction');
    const openChecks = count('open_actions');
    resolve(record(startRequests()[0]));
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    expect(screen.getByTestId('action-result').getAttribute('data-state')).toBe('succeeded');
    expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('Pay out: done'))).toBe(true);
    await waitFor(() => expect(count('get_transaction')).toBe(detailLoads + 1));
    expect(count('open_actions')).toBe(openChecks + 1);
    // the detail stayed on screen while it reloaded
    expect(screen.getByTestId('detail-title')).toBeTruthy();
  });

  it('reads a Danish amount, shows it in the confirmation and sends it normalized', async () => {
    i18n.set('da');
    installMock({ status: 'PAID' }, { start_action: (a) => record(a.request as ActionRequest) });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-reimburse'));
    expect((screen.getByTestId('confirm-amount-input') as HTMLInputElement).disabled).toBe(true);

    await type('action-amount', '1.250,505');
    expect(screen.getByTestId('action-dialog').textContent).toContain('Højst 2 decimaler (dansk talformat: 189.500,00).');
    await type('action-amount', '-5');
    expect(screen.getByTestId('action-dialog').textContent).toContain('Beløbet kan ikke være negativt.');
    await type('action-amount', '1.250,50');
    expect(screen.getByTestId('confirm-amount-expected').textContent).toBe('1.250,50');
    await type('confirm-amount-input', '1.250,50');
    await confirmWhenReady();
    await waitFor(() => expect(startRequests()).toHaveLength(1));
    expect(startRequests()[0]).toEqual({ kind: 'reimburse', transactionId: 'tx-1', amount: '1250.50' });
  });

  it('shows a refused action with the problem title, detail and correlation id', async () => {
    installMock({ status: 'PAID' }, {
      start_action: (a) => record(a.request as ActionRequest, {
        state: 'failed',
        correlationId: 'corr-77',
        message: 'Reimbursement exceeds the paid amount',
        error: {
          code: 'bad_request', message: 'Reimbursement exceeds the paid amount', status: 400,
          title: 'Invalid amount', detail: 'Reimbursement exceeds the paid amount', correlationId: 'corr-77',
        },
      }),
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-reimburse'));
    await type('action-amount', '999999');
    await type('confirm-amount-input', '999,999.00');
    await confirmWhenReady();
    const result = await screen.findByTestId('action-result');
    expect(result.getAttribute('data-state')).toBe('failed');
    expect(within(result).getByTestId('action-result-title').textContent).toBe('Reimburse: refused by the service');
    // The service's title is known: said in the user's words; its own text is under Details.
    expect(within(result).getByTestId('action-result-detail').textContent).toBe('The service did not accept the amount.');
    expect(within(result).getByTestId('action-result-original').textContent).toBe('Invalid amount — Reimbursement exceeds the paid amount');
    expect(within(result).getByTestId('action-result-correlation-id').textContent).toBe('corr-77');
    expect(within(result).getByRole('button', { name: 'Copy Correlation ID' })).toBeTruthy();
    expect(within(result).queryByTestId('action-retry')).toBeNull();
  });

  it('offers Retry for an unknown outcome, which calls retry_action with the same action', async () => {
    installMock({ status: 'PAID' }, {
      start_action: (a) => record(a.request as ActionRequest, { id: 'act-9', state: 'unknown', message: 'The request timed out', correlationId: null }),
      retry_action: (a) => record({ kind: 'cancel', transactionId: 'tx-1', serviceAccountId: 'acc-payer', reason: 'Buyer withdrew', amount: null }, { id: a.id as string, state: 'succeeded', attempts: 2 }),
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-cancel'));
    await type('action-reason', 'Buyer withdrew');
    await type('confirm-amount-input', '289500');
    await confirmWhenReady();
    const result = await screen.findByTestId('action-result');
    expect(result.getAttribute('data-state')).toBe('unknown');
    expect(result.textContent).toContain('may or may not have happened');
    expect(result.textContent).toContain('idem-key-1');
    expect(startRequests()[0]).toEqual({ kind: 'cancel', transactionId: 'tx-1', serviceAccountId: 'acc-payer', reason: 'Buyer withdrew', amount: '289500.00' });
    expect(screen.getByTestId('action-dismiss')).toBeTruthy();

    await fireEvent.click(screen.getByTestId('action-retry'));
    await waitFor(() => expect(screen.getByTestId('action-result').getAttribute('data-state')).toBe('succeeded'));
    expect(calls.filter((c) => c.cmd === 'retry_action').map((c) => c.args)).toEqual([{ id: 'act-9' }]);
    expect(count('start_action')).toBe(1);
  });

  it('dismisses an unknown outcome with dismiss_action', async () => {
    installMock({ status: 'PAID' }, {
      start_action: (a) => record(a.request as ActionRequest, { id: 'act-5', state: 'unknown' }),
      dismiss_action: (a) => record({ kind: 'payout', transactionId: 'tx-1', serviceAccountId: 'acc-payer', amount: null }, { id: a.id as string, state: 'dismissed' }),
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-payout'));
    await type('confirm-amount-input', '289500.00');
    await confirmWhenReady();
    await fireEvent.click(await screen.findByTestId('action-dismiss'));
    await waitFor(() => expect(screen.getByTestId('action-result').getAttribute('data-state')).toBe('dismissed'));
    expect(calls.find((c) => c.cmd === 'dismiss_action')?.args).toEqual({ id: 'act-5' });
  });

  it('keeps the dialog open on a validation error', async () => {
    installMock({ status: 'PAID' }, {
      start_action: () => {
        throw { code: 'validation', message: 'The amount must be greater than zero.', status: null, title: null, detail: null, correlationId: null };
      },
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-change-amount'));
    expect(screen.queryByTestId('confirm-amount-input')).toBeNull();
    await type('action-amount', '289000');
    expect(screen.getByTestId('action-dialog').textContent).toContain('must be higher than the current amount');
    expect(confirmButton().disabled).toBe(true);
    await type('action-amount', '300000');
    await confirmWhenReady();
    const err = await screen.findByTestId('action-error');
    expect(err.textContent).toContain('The amount must be greater than zero.');
    expect(screen.getByTestId('action-dialog')).toBeTruthy();
    expect(screen.queryByTestId('action-result')).toBeNull();
    await fireEvent.click(screen.getByTestId('action-cancel-dialog'));
    expect(screen.queryByTestId('action-dialog')).toBeNull();
  });

  it('deletes after a plain confirmation (no amount to type)', async () => {
    installMock({ status: 'CREATED', payments: NO_INBOUND }, { start_action: (a) => record(a.request as ActionRequest) });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-delete'));
    expect(screen.queryByTestId('confirm-amount-input')).toBeNull();
    await fireEvent.click(confirmButton());
    await waitFor(() => expect(startRequests()).toEqual([{ kind: 'delete', transactionId: 'tx-1' }]));
    // nothing left to show: back to the reloaded list
    await waitFor(() => expect(screen.queryByTestId('transaction-detail')).toBeNull());
    expect(count('list_transactions')).toBe(2);
  });
});

describe('split payouts', () => {
  it('lists split payouts with status and cancels only PENDING ones', async () => {
    installMock({ status: 'PAID' }, { start_action: (a) => record(a.request as ActionRequest) }, [
      split('sp-1'),
      split('sp-2', { status: 'PAID', amount: '1000.00', recipient: 'PAYEE', timing: null, description: null }),
    ]);
    await openDetail();
    const rows = await screen.findAllByTestId('split-payout-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['PENDING', 'PAID']);
    expect(rows[0].textContent).toContain('DKK 5,000.00');
    expect(rows[0].textContent).toContain('Tenant');
    expect(rows[0].textContent).toContain('On close');
    expect(rows[0].textContent).toContain('Dealer commission');
    expect(within(rows[1]).queryByTestId('split-payout-cancel')).toBeNull();
    expect(calls.find((c) => c.cmd === 'list_split_payouts')?.args).toEqual({ transactionId: 'tx-1' });

    await fireEvent.click(within(rows[0]).getByTestId('split-payout-cancel'));
    expect(screen.getByTestId('confirm-amount-expected').textContent).toBe('5,000.00');
    await type('confirm-amount-input', '5000');
    await confirmWhenReady();
    await waitFor(() => expect(startRequests()).toEqual([{ kind: 'cancelSplitPayout', transactionId: 'tx-1', splitPayoutId: 'sp-1' }]));
    // reloaded after the action
    await waitFor(() => expect(count('list_split_payouts')).toBe(2));
  });

  it('creates a split payout with amount, recipient and timing', async () => {
    installMock({ status: 'PAID' }, { start_action: (a) => record(a.request as ActionRequest) });
    await openDetail();
    expect(await screen.findByTestId('split-payouts-empty')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('split-payout-new'));
    await type('action-amount', '2,500.75');
    await fireEvent.change(screen.getByTestId('action-recipient'), { target: { value: 'TENANT' } });
    await fireEvent.change(screen.getByTestId('action-timing'), { target: { value: 'NEXT_PAYOUT' } });
    await type('confirm-amount-input', '2,500.75');
    await confirmWhenReady();
    await waitFor(() => expect(startRequests()).toEqual([
      { kind: 'createSplitPayout', transactionId: 'tx-1', amount: '2500.75', recipient: 'TENANT', timing: 'NEXT_PAYOUT' },
    ]));
  });
});

describe('payment instructions', () => {
  it('shows the transfer details for the payer with copy buttons, hiding empty ones', async () => {
    installMock({ status: 'CREATED' }, {
      payment_instructions: () => ({
        environmentId: 'sandbox',
        instructions: { amount: '190750.00', currency: 'DKK', bankMessage: 'ESC 123456', bban: '1234 5678901234', iban: 'DK5012345678901234', swift: 'DABADKKK', fik: '' },
      }),
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('show-transfer-details'));
    await waitFor(() => expect(screen.getByTestId('transfer-amount').textContent).toBe('DKK 190,750.00'));
    expect(calls.find((c) => c.cmd === 'payment_instructions')?.args).toEqual({ transactionId: 'tx-1', serviceAccountId: 'acc-payer' });
    expect(screen.getByTestId('transfer-bankMessage').textContent).toBe('ESC 123456');
    expect(screen.getByTestId('transfer-iban').textContent).toBe('DK5012345678901234');
    expect(screen.getByTestId('transfer-swift').textContent).toBe('DABADKKK');
    expect(screen.queryByTestId('transfer-fik')).toBeNull();
    expect(screen.getByTestId('copy-transfer-iban')).toBeTruthy();
    expect(screen.getByTestId('copy-transfer-amount')).toBeTruthy();
  });
});

describe('payout of an Auto deal with steps still open', () => {
  it('warns that the bill of sale is not signed, without blocking the payout (#32)', async () => {
    const vehicle = transaction('tx-1').transaction.autoInformation;
    installMock(
      { status: 'PAID', autoInformation: vehicle ? { ...vehicle, billOfSale: { enabled: true, signed: false } } : null },
      { transaction_consequence: (a) => ({ environmentId: 'sandbox', consequence: consequenceOf((a.request as { kind: string }).kind) }) },
      [],
      { paidIn: '290750.00', remaining: '0.00' },
    );
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-payout'));
    const warning = await screen.findByTestId('payout-open-steps');
    expect(warning.textContent).toContain('Bill of sale signed');
    expect(warning.querySelectorAll('li')).toHaveLength(1);
  });
});

describe("a colleague's same money move", () => {
  it('refuses this desk\'s, which follows it and reloads the deal when it ends', async () => {
    let emit!: (p: unknown) => void;
    let asks = 0;
    installMock({ status: 'PAID' }, {
      team_next_change: () => (asks++ === 0 ? { seq: 1, joined: true, reachable: true, listening: true, last: null } : new Promise((r) => (emit = r))),
      team_standing: () => ({ login: 'anna', group: 'operator', canAct: true, canApprove: false, canAdmin: false }),
      approvals_inbox: () => ({ forMe: [], askedByMe: [] }),
      transaction_consequence: (a) => ({ environmentId: 'sandbox', consequence: consequenceOf((a.request as { kind: string }).kind), readAt: null }),
      start_action: () => {
        throw { code: 'in_progress', message: 'Being done by bo since 10:02.', status: null, title: null, detail: null, correlationId: null };
      },
    });
    await openDetail();
    await fireEvent.click(screen.getByTestId('action-payout'));
    await type('confirm-amount-input', '289,500.00');
    await confirmWhenReady();
    const note = await screen.findByTestId('team-watching');
    expect(note.textContent).toContain('bo is doing this money move on this deal right now (since 10:02)');
    expect(screen.queryByTestId('action-dialog')).toBeNull();
    const loads = count('get_transaction');

    emit({ seq: 2, joined: true, reachable: true, listening: true, last: { what: 'intent', id: 'a-9', environmentId: 'sandbox', kind: 'payout', target: 'tx-1', state: 'succeeded', requestedBy: 'bo', by: 'bo' } });
    await waitFor(() => expect(screen.queryByTestId('team-watching')).toBeNull());
    await waitFor(() => expect(count('get_transaction')).toBeGreaterThan(loads));
  });
});
