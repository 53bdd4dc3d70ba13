import type { ActionRequest } from '../lib/bindings';

/** The journal target of any action: its transaction, trade, document, account or business id. */
export function requestTarget(r: ActionRequest): string {
  const o = r as unknown as Record<string, unknown>;
  for (const k of ['transactionId', 'tradeId', 'documentId', 'serviceAccountId', 'businessId', 'referenceId']) {
    if (typeof o[k] === 'string') return o[k] as string;
  }
  return r.kind === 'businessUserCreate' ? r.request.businessId : r.kind === 'tradeInitiate' ? 'new-trade' : '';
}

/** The amount an action's record names (payout/cancel carry none of their own). */
export function requestAmount(r: ActionRequest): string | null {
  switch (r.kind) {
    case 'reimburse':
    case 'createSplitPayout':
    case 'changeAmount':
      return r.amount;
    case 'createPayment':
      return r.amount;
    case 'tradeReimburse':
    case 'tradeAcceptAndPay':
      return r.amount;
    case 'tradeBuyDeliveryShipment':
    case 'tradeBuyReturnShipment':
      return r.price;
    default:
      return null;
  }
}
