import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { ActionRecord, ActionRequest, BusinessUserView, Trade, TradeActionOutcome, TradeParty, TradePhase, TradeView } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { fieldErrorsOf, normalizeField } from '../../shared/errors';
import { ENVIRONMENTS, page } from '../../test/fixtures';

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
      case 'list_business_users':
        return { environmentId: 'sandbox', items: [] };
      case 'trade_user':
        return { environmentId: 'sandbox', marketplaceUserId: null };
      default:
        throw { code: 'internal', message: `unexpected command ${cmd}` };
    }
  });
}

const sent = (cmd: string) => calls.filter((c) => c.cmd === cmd);

async function type(testid: string, value: string) {
  await fireEvent.input(screen.getByTestId(testid), { target: { value } });
}

function bu(over: Partial<BusinessUserView> = {}): BusinessUserView {
  return {
    environmentId: 'sandbox', businessId: '29876543', businessLocationId: '1003456789', name: 'Cykelhandler ApS', phoneNumber: '+45 86 12 34 56',
    serviceUserId: 'svc-1', userId: 'user-biz-1', bankAccount: { bank: 'Demo Bank', accountNumber: '12345678901234', name: 'Cykelhandler ApS' },
    address: { streetName: 'Vestergade', houseNumber: '12', city: 'Aarhus C', postNumber: '8000', municipalityName: null, floor: null, sideDoor: null },
    updated: '2026-11-22T10:00:00Z', ...over,
  };
}

function party(actions: string[], over: Partial<TradeParty> = {}): TradeParty {
  return {
    serviceUserId: 'svc', phoneNumber: null, name: 'Party', city: 'Aarhus', postalCode: '8000', address: null,
    fees: { fixedAmount: '10.00', variableAmount: '37.50', variablePercentage: '2.5', amount: '47.50' },
    status: { deadline: '2026-11-29T10:00:00Z', deadlineDescription: 'Pay before', title: 'Status', description: 'Do it', iconId: null, actions: actions.map((name) => ({ name, text: null, code: null })), hasPendingAction: actions.length > 0 },
    timeline: [{ time: '2026-11-22T10:00:00Z', text: 'The trade was created', id: null, description: null, iconId: null, state: null,
      detailsTitle: null, detailsDeadlineDescription: null, detailsDescription: null }],
    ...over,
  };
}

/** A phase in the sandbox's spec dialect (the published fields unset). */
function ph(state: string): TradePhase {
  return { state, started: null, completed: null, outcome: null, paid: null, invitationAccepted: null, invitationRejected: null, sent: null,
    delivered: null, amount: null };
}

function trade(payerActions: string[], payeeActions: string[] = ['Abandon'], over: Partial<Trade> = {}): Trade {
  return {
    tradeId: 'trade-1', payer: party(payerActions, { name: 'Mette Buyer' }), payee: party(payeeActions, { name: 'Cykelhandler ApS' }),
    createdBy: 'Marketplace', referenceId: 'order-77', title: 'Racercykel', description: 'Brugt', price: '1500.00', prioritizedPayees: null,
    phases: { contract: ph('Active'), delivery: ph('Pending'), return: ph('Pending'), finished: ph('Pending') }, images: [],
    ...over,
  };
}

function view(t: Trade): TradeView {
  return { environmentId: 'sandbox', marketplaceUserId: 'buyer-7', viewerRole: 'payer', payerMarketplaceUserId: 'buyer-7', payeeMarketplaceUserId: 'user-biz-1', trade: t, payment: null };
}

function record(request: ActionRequest, state: ActionRecord['state'] = 'succeeded', error: ActionRecord['error'] = null): ActionRecord {
  return { id: 'a-1', environmentId: 'sandbox', request, state, idempotencyKey: 'k-1', correlationId: 'c-1', message: null, error, attempts: 1, created: '', updated: '' };
}

beforeEach(() => {
  calls = [];
  i18n.set('en');
});
afterEach(() => clearMocks());

describe('field errors', () => {
  it('normalizes wire names so they land next to their input', () => {
    expect(normalizeField('$.Address.City')).toBe('address.city');
    expect(normalizeField('BusinessId')).toBe('businessId');
    expect(fieldErrorsOf({ code: 'bad_request', message: 'x', status: 400, title: null, detail: null, correlationId: null,
      fieldErrors: [{ field: 'businessId', message: 'a' }, { field: 'businessId', message: 'b' }] })).toEqual({ businessId: 'a; b' });
    expect(fieldErrorsOf(null)).toEqual({});
  });
});

describe('Business users', () => {
  it('shows the client’s and the service’s field errors in place, then saves', async () => {
    let attempt = 0;
    let stored: BusinessUserView[] = [];
    install({
      list_business_users: () => ({ environmentId: 'sandbox', items: stored }),
      create_business_user: (a) => {
        attempt++;
        if (attempt === 1) {
          throw { code: 'bad_request', message: 'the service refused the request (400)', status: 400, title: 'One or more validation errors occurred.',
            detail: null, correlationId: 'c', fieldErrors: [{ field: 'businessId', message: 'is not a whitelisted company number (digits only)' }] };
        }
        const input = a.input as { businessId: string };
        stored = [bu({ businessId: input.businessId })];
        return stored[0];
      },
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-business-users'));
    await fireEvent.click(await screen.findByTestId('bu-new'));
    expect(screen.getByTestId('business-user-form')).toBeTruthy();

    // Required fields, checked before anything is sent.
    await fireEvent.click(screen.getByTestId('bu-save'));
    expect(screen.getByTestId('bu-name-error').textContent).toContain('required');
    expect(sent('create_business_user')).toHaveLength(0);

    await type('bu-businessId', 'ACME-1');
    await type('bu-businessLocationId', '1003456789');
    await type('bu-name', 'Cykelhandler ApS');
    await type('bu-phoneNumber', '+45 86 12 34 56');
    await type('bu-streetName', 'Vestergade');
    await type('bu-city', 'Aarhus C');
    await type('bu-payoutsAccountNumber', '12345678901234');
    await fireEvent.click(screen.getByTestId('bu-save'));
    await waitFor(() => expect(screen.getByTestId('bu-businessId-error').textContent).toContain('whitelisted'));
    expect(screen.getByTestId('bu-businessId').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('bu-name-error')).toBeNull();

    await type('bu-businessId', '29876543');
    await fireEvent.click(screen.getByTestId('bu-save'));
    await waitFor(() => expect(screen.queryByTestId('business-user-form')).toBeNull());
    const row = await screen.findByTestId('business-user-row');
    expect(row.getAttribute('data-user-id')).toBe('user-biz-1');
    const input = sent('create_business_user')[1].args.input as Record<string, unknown>;
    expect(input).toMatchObject({ businessId: '29876543', name: 'Cykelhandler ApS', payoutsAccountNumber: '12345678901234' });
    expect(input.address).toMatchObject({ streetName: 'Vestergade', city: 'Aarhus C', floor: null });
  });

  it('edits with the ids fixed, and deletes only after confirmation', async () => {
    let stored = [bu()];
    install({
      list_business_users: () => ({ environmentId: 'sandbox', items: stored }),
      edit_business_user: () => bu({ name: 'Ny A/S' }),
      delete_business_user: () => {
        stored = [];
        return null;
      },
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-business-users'));
    await fireEvent.click(await screen.findByTestId('business-user-edit'));
    expect((screen.getByTestId('bu-businessId') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('bu-name') as HTMLInputElement).value).toBe('Cykelhandler ApS');
    await type('bu-name', 'Ny A/S');
    await fireEvent.click(screen.getByTestId('bu-save'));
    await waitFor(() => expect(sent('edit_business_user')).toHaveLength(1));
    expect(sent('edit_business_user')[0].args).toMatchObject({ businessId: '29876543', businessLocationId: '1003456789' });

    await fireEvent.click(await screen.findByTestId('business-user-delete'));
    expect(sent('delete_business_user')).toHaveLength(0);
    await fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('business-user-row')).toBeNull());
    expect(sent('delete_business_user')).toHaveLength(1);
  });
});

describe('Trades', () => {
  async function openTrade(t: Trade, extra: Record<string, Handler> = {}) {
    install({
      list_trades: (a) => ({ environmentId: 'sandbox', marketplaceUserId: a.marketplaceUserId, page: a.page, pageSize: a.pageSize, trades: [t] }),
      get_trade: () => view(t),
      ...extra,
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-trades'));
    await type('trades-user-input', 'buyer-7');
    await fireEvent.click(screen.getByTestId('trades-user-load'));
    await fireEvent.click(await screen.findByTestId('trade-row'));
    return screen.findByTestId('trade-detail');
  }

  it('lists a user’s trades and shows phases, both parties and only the listed actions', async () => {
    const detail = await openTrade(trade(['AcceptInvitation', 'AcceptAndPay', 'RejectInvitation', 'Abandon']));
    expect(sent('list_trades')[0].args).toMatchObject({ marketplaceUserId: 'buyer-7', page: 1, pageSize: 20 });
    const phases = within(detail).getAllByTestId('trade-phase');
    expect(phases.map((p) => [p.getAttribute('data-phase'), p.getAttribute('data-state')])).toEqual([
      ['contract', 'Active'], ['delivery', 'Pending'], ['return', 'Pending'], ['finished', 'Pending'],
    ]);
    const [payer, payee] = within(detail).getAllByTestId('trade-party-status');
    expect(payer.getAttribute('data-party')).toBe('payer');
    expect(payer.textContent).toContain('Pay before');
    const ids = (el: HTMLElement) => Array.from(el.querySelectorAll('button')).map((b) => b.getAttribute('data-testid'));
    expect(ids(payer)).toEqual(['trade-action-AcceptInvitation', 'trade-action-AcceptAndPay', 'trade-action-RejectInvitation', 'trade-action-Abandon', 'trade-action-StatusLink']);
    expect(ids(payee)).toEqual(['trade-action-Abandon', 'trade-action-StatusLink']);
    expect(screen.queryByTestId('trade-action-AcceptItemCondition')).toBeNull();
    expect(screen.queryByTestId('trade-action-Reimburse')).toBeNull();
    expect(screen.getByTestId('trade-action-Cancel')).toBeTruthy();
  });

  it('accept and pay asks for the amount typed before it is sent, and journals it', async () => {
    const t = trade(['AcceptInvitation', 'AcceptAndPay', 'RejectInvitation', 'Abandon']);
    await openTrade(t, {
      start_trade_action: (a): TradeActionOutcome => ({
        environmentId: 'sandbox', record: record(a.request as ActionRequest), tradeId: null, url: null,
        payment: { externalId: 'pay-1', amount: '1547.50', isPaid: false, state: 'Pending' },
      }),
    });
    await fireEvent.click(screen.getByTestId('trade-action-AcceptAndPay'));
    const confirm = screen.getByTestId('trade-action-confirm') as HTMLButtonElement;
    expect(screen.getByTestId('confirm-amount-expected').textContent).toBe('1,547.50');
    expect(confirm.disabled).toBe(true);
    await type('confirm-amount-input', '1547');
    expect(confirm.disabled).toBe(true);
    await type('confirm-amount-input', '1547.50');
    expect(confirm.disabled).toBe(false);
    await fireEvent.click(confirm);
    await waitFor(() => expect(sent('start_trade_action')).toHaveLength(1));
    expect(sent('start_trade_action')[0].args.request).toEqual({
      kind: 'tradeAcceptAndPay', tradeId: 'trade-1', marketplaceUserId: 'buyer-7', receiverShopId: null, amount: '1547.50',
    });
    const result = await screen.findByTestId('trade-action-result');
    expect(result.getAttribute('data-state')).toBe('succeeded');
    expect(screen.getByTestId('trade-payment-result').getAttribute('data-external-id')).toBe('pay-1');
  });

  it('a refused shipment keeps the dialog open with the fault next to its field', async () => {
    const t = trade([], ['BuyDeliveryShipment', 'Abandon'], {
      phases: { contract: ph('Completed'), delivery: ph('Active'), return: ph('Pending'), finished: ph('Pending') },
    });
    await openTrade(t, {
      start_trade_action: (a): TradeActionOutcome => ({
        environmentId: 'sandbox', tradeId: null, url: null, payment: null,
        record: record(a.request as ActionRequest, 'failed', { code: 'bad_request', message: 'refused', status: 400, title: 'Invalid', detail: null,
          correlationId: 'c', fieldErrors: [{ field: 'expectedMaxWeightInGrams', message: 'too heavy for the carrier' }] }),
      }),
    });
    expect(screen.getByTestId('trade-action-Reimburse')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('trade-action-BuyDeliveryShipment'));
    await type('trade-field-price', '59');
    await type('trade-field-weight', '90000');
    await type('confirm-amount-input', '59.00');
    await fireEvent.click(screen.getByTestId('trade-action-confirm'));
    await waitFor(() => expect(screen.getByTestId('trade-field-expectedMaxWeightInGrams-error').textContent).toContain('too heavy'));
    expect(screen.getByTestId('trade-action-dialog')).toBeTruthy();
    expect(sent('start_trade_action')[0].args.request).toMatchObject({ shipmentProviderId: 'postnord', price: '59.00', expectedMaxWeightInGrams: 90000 });
  });

  it('initiate form: field errors in place, then the new trade opens', async () => {
    let attempt = 0;
    install({
      start_trade_action: (a): TradeActionOutcome => {
        attempt++;
        const request = a.request as ActionRequest;
        if (attempt === 1) {
          throw { code: 'validation', message: 'invalid payerFee: must be 0 to 100 (is 150)', fieldErrors: [{ field: 'payerFee', message: 'must be 0 to 100 (is 150)' }] };
        }
        return { environmentId: 'sandbox', record: record(request), tradeId: 'trade-1', url: null, payment: null };
      },
      list_trades: (a) => ({ environmentId: 'sandbox', marketplaceUserId: a.marketplaceUserId, page: 1, pageSize: 20, trades: [trade([])] }),
      get_trade: () => view(trade([])),
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-trades'));
    await fireEvent.click(await screen.findByTestId('trade-initiate-open'));
    expect(screen.getByTestId('trade-initiate-form')).toBeTruthy();
    await type('ti-amount', '12,5,0');
    await fireEvent.click(screen.getByTestId('trade-initiate-save'));
    expect(screen.getByTestId('ti-amount-error')).toBeTruthy();
    expect(sent('start_trade_action')).toHaveLength(0);

    await type('ti-payerMarketplaceUserId', 'buyer-7');
    await type('ti-payeeMarketplaceUserId', 'user-biz-1');
    await type('ti-title', 'Racercykel');
    await type('ti-description', 'Brugt');
    await type('ti-amount', '1.500,00');
    await type('ti-payerFee', '150');
    await type('ti-successUrl', 'https://shop.example/ok');
    await type('ti-cancelUrl', 'https://shop.example/cancel');
    await fireEvent.click(screen.getByTestId('ti-withShipping'));
    await type('ti-shipping-price', '59');
    await fireEvent.click(screen.getByTestId('trade-initiate-save'));
    await waitFor(() => expect(screen.getByTestId('ti-payerFee-error').textContent).toContain('0 to 100'));

    await type('ti-payerFee', '2,5');
    await fireEvent.click(screen.getByTestId('trade-initiate-save'));
    await screen.findByTestId('trade-detail');
    const input = (sent('start_trade_action')[1].args.request as { input: Record<string, unknown> }).input;
    expect(input).toMatchObject({ amount: '1500.00', payerFee: '2.5', payerMarketplaceUserId: 'buyer-7', checkoutType: 'Marketplace' });
    expect(input.shipping).toMatchObject({ price: '59.00' });
    expect(sent('get_trade')[0].args).toEqual({ marketplaceUserId: 'buyer-7', tradeId: 'trade-1' });
  });
});

describe('Marketplace user', () => {
  it('shows the user, then gets a connect link with force onboarding, KYC level and app switch', async () => {
    install({
      list_trades: (a) => ({ environmentId: 'sandbox', marketplaceUserId: a.marketplaceUserId, page: 1, pageSize: 20, trades: [] }),
      trade_user_details: (a) => ({
        environmentId: 'sandbox', marketplaceUserId: a.marketplaceUserId,
        details: { serviceUserId: 'svc-9', bankAccount: { bank: 'Demo Bank', accountNumber: '12345678901234', name: 'Mette' }, name: 'Mette Kjær', phoneNumber: '+4520304050', hasCompletedOnboarding: false },
      }),
      start_trade_action: (a) => {
        const request = a.request as ActionRequest;
        const out: TradeActionOutcome = { environmentId: 'sandbox', record: record(request), tradeId: null, url: 'https://pay.example.dk/connect/abc', payment: null };
        return out;
      },
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-trades'));
    await type('trades-user-input', 'seller-3');
    await fireEvent.click(screen.getByTestId('trades-user-load'));
    expect((await screen.findByTestId('mu-onboarded')).dataset.done).toBe('false');
    expect(screen.getByTestId('mu-account').textContent).toContain('12345678901234');

    await fireEvent.click(screen.getByTestId('mu-connect'));
    await fireEvent.change(screen.getByTestId('mu-kyc'), { target: { value: '2' } });
    await fireEvent.click(screen.getByTestId('mu-force'));
    await type('mu-appSwitchCallbackUri', 'shopapp://back');
    await fireEvent.change(screen.getByTestId('mu-appSwitchOperatingSystem'), { target: { value: 'Android' } });
    await fireEvent.click(screen.getByTestId('mu-submit'));
    expect((await screen.findByTestId('mu-link-url')).textContent).toBe('https://pay.example.dk/connect/abc');
    expect(sent('start_trade_action')[0].args.request).toEqual({
      kind: 'tradeUserConnect', marketplaceUserId: 'seller-3', successUrl: 'https://escrow-desk.invalid/connected', cancelUrl: 'https://escrow-desk.invalid/cancelled',
      requiredKycLevel: 2, forceOnboarding: true, appSwitchCallbackUri: 'shopapp://back', appSwitchOperatingSystem: 'Android',
    });
  });
});
