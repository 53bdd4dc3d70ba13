// One row per trade action the trade dialog runs: its fields, how the TradeAction is built,
// what the confirmation asks for and whether money moves.
import { parseAmountInput } from '../../shared/amount';
import type { TradeAction } from '../../lib/bindings';
import type { Lang } from '../../shared/i18n/i18n.svelte';
import { CARRIERS, type TradeActionKind } from './trade';

export type TradeForm = {
  receiverShopId: string;
  reason: string;
  carrier: string;
  price: string;
  weight: string;
  state: string;
  amount: string;
  returnUrl: string;
  paymentId: string;
  successUrl: string;
  cancelUrl: string;
  appUri: string;
  appOs: string;
};

/** `user`: the acting marketplace user (trimmed); `total`: what the payer pays into escrow. */
export type TradeContext = { tradeId: string; user: string; total: string | null; lang: Lang };

/** Groups of fields, shown in this order when an action lists them. */
export type TradeFieldGroup = 'receiverShop' | 'reason' | 'shipment' | 'state' | 'amount' | 'statusLink' | 'paymentFlow';

export type TradeActionSpec = {
  danger: boolean;
  /** The person types the amount (`confirmAmount`) before Confirm enables. */
  movesMoney: boolean;
  fields: readonly TradeFieldGroup[];
  /** The request to send, or null while the form is incomplete. */
  request: (f: TradeForm, c: TradeContext) => TradeAction | null;
  confirmAmount?: (f: TradeForm, c: TradeContext) => string | null;
};

export function tradeForm(tradeId: string, paymentId: string): TradeForm {
  return {
    receiverShopId: '', reason: '', carrier: CARRIERS[0], price: '', weight: '', state: tradeId, amount: '',
    returnUrl: 'https://escrow-desk.invalid/return', paymentId,
    successUrl: 'https://escrow-desk.invalid/paid', cancelUrl: 'https://escrow-desk.invalid/cancelled', appUri: '', appOs: '',
  };
}

const price = (f: TradeForm, c: TradeContext) => {
  const p = parseAmountInput(f.price, c.lang, { allowZero: true });
  return p.ok ? p.value : null;
};
const amount = (f: TradeForm, c: TradeContext) => {
  const a = parseAmountInput(f.amount, c.lang);
  return a.ok ? a.value : null;
};
/** Grams as a whole positive number, or null. */
export function weight(f: TradeForm): number | null {
  return /^\d{1,9}$/.test(f.weight.trim()) ? Number(f.weight.trim()) : null;
}
const appSwitch = (f: TradeForm) => ({ appSwitchCallbackUri: f.appUri.trim() || null, appSwitchOperatingSystem: f.appOs || null });

type PartyOnly = 'tradeAcceptInvitation' | 'tradeRejectInvitation' | 'tradeAcceptItemCondition' | 'tradeAbandon';
function partyOnly(kind: PartyOnly, danger: boolean): TradeActionSpec {
  return {
    danger, movesMoney: false, fields: [],
    request: (_f, c) => (c.user ? { kind, tradeId: c.tradeId, marketplaceUserId: c.user } : null),
  };
}

function shipment(kind: 'tradeBuyDeliveryShipment' | 'tradeBuyReturnShipment'): TradeActionSpec {
  return {
    danger: false, movesMoney: true, fields: ['shipment'],
    request: (f, c) => {
      const p = price(f, c);
      const w = weight(f);
      return c.user && p !== null && w !== null && w > 0
        ? { kind, tradeId: c.tradeId, marketplaceUserId: c.user, shipmentProviderId: f.carrier, price: p, expectedMaxWeightInGrams: w }
        : null;
    },
    confirmAmount: price,
  };
}

export const TRADE_ACTIONS: Partial<Record<TradeActionKind, TradeActionSpec>> = {
  tradeAcceptInvitation: partyOnly('tradeAcceptInvitation', false),
  tradeRejectInvitation: partyOnly('tradeRejectInvitation', true),
  tradeAcceptItemCondition: partyOnly('tradeAcceptItemCondition', false),
  tradeAbandon: partyOnly('tradeAbandon', true),
  tradeAcceptAndPay: {
    danger: false, movesMoney: true, fields: ['receiverShop'],
    request: (f, c) =>
      c.user && c.total
        ? { kind: 'tradeAcceptAndPay', tradeId: c.tradeId, marketplaceUserId: c.user, receiverShopId: f.receiverShopId.trim() || null, amount: c.total }
        : null,
    confirmAmount: (_f, c) => c.total,
  },
  tradeRejectItemCondition: {
    danger: false, movesMoney: false, fields: ['reason'],
    request: (f, c) =>
      c.user && f.reason.trim() ? { kind: 'tradeRejectItemCondition', tradeId: c.tradeId, marketplaceUserId: c.user, reason: f.reason.trim() } : null,
  },
  tradeBuyDeliveryShipment: shipment('tradeBuyDeliveryShipment'),
  tradeBuyReturnShipment: shipment('tradeBuyReturnShipment'),
  tradeCancel: {
    danger: true, movesMoney: false, fields: ['state'],
    request: (f, c) => (f.state.trim() ? { kind: 'tradeCancel', tradeId: c.tradeId, state: f.state.trim() } : null),
  },
  tradeReimburse: {
    danger: false, movesMoney: true, fields: ['amount'],
    request: (f, c) => {
      const a = amount(f, c);
      return c.user && a ? { kind: 'tradeReimburse', tradeId: c.tradeId, payerMarketplaceUserId: c.user, amount: a } : null;
    },
    confirmAmount: amount,
  },
  tradeStatusLink: {
    danger: false, movesMoney: false, fields: ['statusLink'],
    request: (f, c) =>
      c.user && f.returnUrl.trim()
        ? { kind: 'tradeStatusLink', tradeId: c.tradeId, marketplaceUserId: c.user, returnUrl: f.returnUrl.trim(), ...appSwitch(f) }
        : null,
  },
  tradePaymentFlow: {
    danger: false, movesMoney: false, fields: ['paymentFlow'],
    request: (f, c) =>
      c.user && f.paymentId.trim() && f.successUrl.trim() && f.cancelUrl.trim()
        ? {
          kind: 'tradePaymentFlow', tradeId: c.tradeId, marketplaceUserId: c.user, paymentId: f.paymentId.trim(),
          successUrl: f.successUrl.trim(), cancelUrl: f.cancelUrl.trim(), ...appSwitch(f),
        }
        : null,
  },
};

/** Kinds the dialog cannot run: nothing to fill in, never a request. */
export const NO_TRADE_ACTION: TradeActionSpec = { danger: false, movesMoney: false, fields: [], request: () => null };
