import type {
  DealMoney,
  EnvironmentList,
  Transaction,
  TransactionListItem,
  TransactionPageView,
  TransactionView,
} from '../lib/bindings';

export const ENVIRONMENTS: EnvironmentList = {
  activeId: 'sandbox',
  environments: [
    { id: 'prod-1', name: 'Live', baseUrl: 'https://api.example.com', badge: 'production', builtIn: false, hasKey: true, routes: '', dialect: 'spec', managed: false },
    { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:0', badge: 'sandbox', builtIn: true, hasKey: true, routes: '', dialect: 'spec', managed: false },
  ],
  locked: false,
};

export function item(i: number, over: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    transactionId: `tx-${i}`,
    amount: '289500.00',
    currency: 'DKK',
    status: 'CREATED',
    created: '2026-11-01T10:00:00Z',
    referenceId: `REF-${i}`,
    payee: { serviceAccountId: null, referenceId: null, name: `Dealer ${i}`, email: null, phoneNumber: null },
    payer: { serviceAccountId: null, referenceId: null, name: `Buyer ${i}`, email: null, phoneNumber: null },
    title: `Car ${i}`,
    autoInformation: null,
    fees: null,
    payments: null,
    expectedCompletion: '2026-12-01',
    ...over,
  };
}

export function page(
  items: TransactionListItem[],
  count = items.length,
  environmentId = 'sandbox',
): TransactionPageView {
  return { environmentId, count, items, mirror: null };
}

const NO_FLOW = { total: '0.00', paid: '0.00', scheduled: '0.00', other: '0.00' };

/** The money of the default transaction below (100,000 of 290,750 paid in), at the stage of `status`. */
export function dealMoney(status: string = 'PAID', over: Partial<DealMoney> = {}): DealMoney {
  const stage = status === 'SUCCEEDED' ? 'succeeded' : status === 'CANCELLED' ? 'cancelled' : ['CREATED', 'INPROGRESS', 'PAID'].includes(status) ? 'open' : 'unknown';
  const closed = stage === 'succeeded' || stage === 'cancelled';
  return {
    currency: 'DKK', stage, owed: '290750.00', paidIn: '100000.00', returnedIn: '0.00', inProgress: '0.00', unknownIn: '0.00',
    remaining: closed ? null : '190750.00', excess: '0.00', goneOut: '0.00', held: closed ? null : '100000.00', toPayer: NO_FLOW, toPayee: NO_FLOW, toOthers: NO_FLOW, splits: NO_FLOW,
    feesKept: closed ? '0.00' : null, ...over,
  };
}

export function transaction(id: string, over: Partial<Transaction> = {}, money: Partial<DealMoney> = {}): TransactionView {
  return {
    environmentId: 'sandbox',
    money: dealMoney(over.status ?? 'PAID', money),
    transaction: {
      transactionId: id,
      checkoutUrl: 'https://pay.example.com/checkout/abc',
      paymentGuideUrl: null,
      status: 'PAID',
      referenceId: 'REF-7',
      amount: '289500.00',
      currency: 'DKK',
      fees: { payee: '500.00', payer: '1250.00', tenant: null, safepay: '99.00' },
      payee: { serviceAccountId: 'acc-1', referenceId: 'P-1', name: 'Bilhuset A/S', email: 'salg@bilhuset.dk', phoneNumber: '+4511223344' },
      payer: { serviceAccountId: null, referenceId: null, name: 'Jens Hansen', email: 'jens@example.dk', phoneNumber: null },
      title: 'Volvo XC60',
      description: 'Used car',
      created: '2026-11-01T10:00:00Z',
      autoInformation: {
        brand: 'Volvo', model: 'XC60', year: 2021, mileage: 45210, registrationNumber: 'AB12345',
        vin: 'YV1UZ88ACM1234567', retailAmount: '299000.00', firstRegistration: '2021-03-15', billOfSale: null, debt: null,
      },
      expectedCompletion: '2026-12-01',
      imageUrls: null,
      payments: {
        inbound: {
          amount: '100000.00',
          payments: [{
            paymentId: 'p-1', payer: null, method: 'card', amount: '100000.00', currency: 'DKK', status: 'AUTHORIZED',
            created: '2026-11-02T10:00:00Z', authorized: '2026-11-02T10:01:00Z', failed: null,
          }],
        },
        outbound: { amount: null, payments: [] },
      },
      ...over,
    },
  };
}
