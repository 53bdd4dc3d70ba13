import type { ActionRequest, Trade, TradeParty } from '../../lib/bindings';
import { add, parseDecimal, toDecimalString } from '../../shared/decimal';

export const TRADES_PAGE_SIZE = 20;
/** The two carriers the service sells labels for. */
export const CARRIERS = ['postnord', 'gls'] as const;
/** The trade API names no currency; the service is Danish. */
export const TRADE_CURRENCY = 'DKK';

export type Role = 'payer' | 'payee';
export type TradeActionKind = Extract<ActionRequest['kind'], `trade${string}`>;

/** The party actions the service may list, and the journaled action each one runs. */
export const PARTY_ACTIONS: Record<string, TradeActionKind> = {
  AcceptInvitation: 'tradeAcceptInvitation',
  AcceptAndPay: 'tradeAcceptAndPay',
  RejectInvitation: 'tradeRejectInvitation',
  AcceptItemCondition: 'tradeAcceptItemCondition',
  RejectItemCondition: 'tradeRejectItemCondition',
  Abandon: 'tradeAbandon',
  BuyDeliveryShipment: 'tradeBuyDeliveryShipment',
  BuyReturnShipment: 'tradeBuyReturnShipment',
  Pay: 'tradePaymentFlow',
  PayShipment: 'tradePaymentFlow',
};

/** The actions a party's status lists that this app can run, in the service's order. */
export function partyActions(party: TradeParty | null): string[] {
  return (party?.status?.actions ?? []).map((a) => a.name).filter((a) => a in PARTY_ACTIONS);
}

/**
 * Actions the status lists under a name this app has no dialog for (a name it does not
 * know, or a published number no profile names): offered through the generic
 * confirmation that posts the name, never hidden. `text` is the service's own wording.
 */
export function otherPartyActions(party: TradeParty | null): { name: string; text: string | null }[] {
  return (party?.status?.actions ?? []).filter((a) => !(a.name in PARTY_ACTIONS)).map((a) => ({ name: a.name, text: a.text ?? null }));
}

/** Money in escrow: contract paid and the trade not finished. */
export function moneyInEscrow(trade: Trade): boolean {
  return trade.phases?.contract?.state === 'Completed' && trade.phases?.finished?.state !== 'Completed';
}

export function finished(trade: Trade): boolean {
  return trade.phases?.finished?.state === 'Completed';
}

/** The phase in progress (for the list): the first Active one, else the finished outcome. */
export function currentPhase(trade: Trade): string {
  const p = trade.phases;
  if (!p) return '—';
  for (const name of ['contract', 'delivery', 'return'] as const) {
    if (p[name]?.state === 'Active') return name;
  }
  if (p.finished?.state === 'Completed') return 'finished';
  return '—';
}

/** What the payer pays into escrow: price plus the payer's fee (decimal string). */
export function payerTotal(trade: Trade): string | null {
  const price = parseDecimal(trade.price);
  if (!price) return null;
  const fee = parseDecimal(trade.payer?.fees?.amount ?? '0') ?? parseDecimal('0');
  return fee ? toDecimalString(add(price, fee), 2) : toDecimalString(price, 2);
}
