/**
 * The trade API writes a party's status, its deadline and its timeline in English sentences,
 * and names phase and payment states in English words. The ones the app knows are said here in
 * the chosen language (amounts in its format); any other text is shown as the service wrote it.
 */
import { formatMoney } from '../../shared/format';
import { en, humanize, t, type Lang, type MessageKey } from '../../shared/i18n/i18n.svelte';

type Rule = { match: RegExp; key: MessageKey; params?: (m: RegExpMatchArray, lang: Lang) => Record<string, string> };

const amount = (i: number) => (m: RegExpMatchArray, lang: Lang) => ({ amount: formatMoney(m[i], 'DKK', lang) });

/** An action's name as its button says it (a name the app has no button for, made readable). */
function actionName(name: string): string {
  const key = `trade.action.${name}` as MessageKey;
  return key in en ? t(key) : humanize(name);
}

/** Most specific first; matched without the sentence's closing period. */
const RULES: readonly Rule[] = [
  { match: /^Invitation to buy$/i, key: 'tw.title.invitation' },
  { match: /^Waiting for the buyer$/i, key: 'tw.title.waitingBuyer' },
  { match: /^Pay into escrow$/i, key: 'tw.title.payIn' },
  { match: /^Waiting for payment$/i, key: 'tw.title.waitingPayment' },
  { match: /^Waiting for the item$/i, key: 'tw.title.waitingItem' },
  { match: /^Send the item back$/i, key: 'tw.title.sendBack' },
  { match: /^Send the item$/i, key: 'tw.title.send' },
  { match: /^Pay the return shipment$/i, key: 'tw.title.payReturn' },
  { match: /^Pay the shipment$/i, key: 'tw.title.payShipment' },
  { match: /^Check the item$/i, key: 'tw.title.check' },
  { match: /^Item sent$/i, key: 'tw.title.sent' },
  { match: /^Item is coming back$/i, key: 'tw.title.comingBack' },
  { match: /^Trade completed$/i, key: 'tw.title.completed' },
  { match: /^Invitation rejected$/i, key: 'tw.title.rejected' },
  { match: /^Trade cancelled$/i, key: 'tw.title.cancelled' },
  { match: /^Trade abandoned$/i, key: 'tw.title.abandoned' },
  { match: /^Payment reimbursed$/i, key: 'tw.title.reimbursed' },
  { match: /^Trade refunded$/i, key: 'tw.title.refunded' },
  { match: /^Accept and pay (-?\d+(?:\.\d+)?) DKK into escrow, or reject the invitation$/i, key: 'tw.desc.acceptAndPay', params: amount(1) },
  { match: /^The buyer has not answered the invitation yet$/i, key: 'tw.desc.notAnswered' },
  { match: /^Pay (-?\d+(?:\.\d+)?) DKK; the seller is paid only when you accept the item$/i, key: 'tw.desc.pay', params: amount(1) },
  { match: /^The buyer accepted and is paying$/i, key: 'tw.desc.paying' },
  { match: /^The money is in escrow; the seller is sending the item$/i, key: 'tw.desc.sellerSending' },
  { match: /^The money is in escrow\. Buy a shipment and send the item$/i, key: 'tw.desc.buyShipment' },
  { match: /^The seller is preparing the shipment$/i, key: 'tw.desc.preparing' },
  { match: /^Pay the shipment to get the label$/i, key: 'tw.desc.payShipment' },
  { match: /^Accept the item's condition to release the money, or reject it$/i, key: 'tw.desc.check' },
  { match: /^Waiting for the buyer to check the item$/i, key: 'tw.desc.waitingCheck' },
  { match: /^Buy a return shipment and send the item back$/i, key: 'tw.desc.sendBack' },
  { match: /^The buyer rejected the item and is sending it back$/i, key: 'tw.desc.comingBack' },
  { match: /^Pay the return shipment to get the label$/i, key: 'tw.desc.payReturn' },
  { match: /^The buyer is preparing the return shipment$/i, key: 'tw.desc.preparingReturn' },
  { match: /^The item was accepted and the seller was paid$/i, key: 'tw.desc.completed' },
  { match: /^The buyer rejected the invitation$/i, key: 'tw.desc.rejected' },
  { match: /^The trade was cancelled; any payment was returned$/i, key: 'tw.desc.cancelled' },
  { match: /^A party abandoned the trade; any payment was returned$/i, key: 'tw.desc.abandoned' },
  { match: /^The whole payment was reimbursed to the buyer$/i, key: 'tw.desc.reimbursed' },
  { match: /^The item was returned and the buyer refunded$/i, key: 'tw.desc.refunded' },
  { match: /^The buyer must accept or reject the invitation by then$/i, key: 'tw.deadline.invitation' },
  { match: /^The buyer must pay by then$/i, key: 'tw.deadline.pay' },
  { match: /^The seller must send or hand over the item by then$/i, key: 'tw.deadline.send' },
  { match: /^The buyer must accept or reject the item's condition by then$/i, key: 'tw.deadline.check' },
  { match: /^The buyer must send the item back by then$/i, key: 'tw.deadline.sendBack' },
  { match: /^The payer did (\w+)$/i, key: 'tw.event.payerDid', params: (m) => ({ action: actionName(m[1]) }) },
  { match: /^The payee did (\w+)$/i, key: 'tw.event.payeeDid', params: (m) => ({ action: actionName(m[1]) }) },
  { match: /^The buyer accepted the invitation$/i, key: 'tw.event.accepted' },
  { match: /^You paid (-?\d+(?:\.\d+)?) DKK into escrow$/i, key: 'tw.event.youPaid', params: amount(1) },
  { match: /^The buyer paid; the money is held in escrow\. Send the item$/i, key: 'tw.event.buyerPaid' },
  { match: /^The item was sent back with (.+) \((.+)\)$/i, key: 'tw.event.sentBackWith', params: (m) => ({ provider: m[1], tracking: m[2] }) },
  { match: /^The item was sent back$/i, key: 'tw.event.sentBack' },
  { match: /^The item was sent with (.+) \((.+)\)$/i, key: 'tw.event.sentWith', params: (m) => ({ provider: m[1], tracking: m[2] }) },
  { match: /^The item was sent$/i, key: 'tw.event.sent' },
  { match: /^(-?\d+(?:\.\d+)?) DKK was refunded to you$/i, key: 'tw.event.refundedToYou', params: amount(1) },
  { match: /^The money was refunded to the buyer$/i, key: 'tw.event.refundedToBuyer' },
  { match: /^You bought a delivery shipment; pay it to get the label$/i, key: 'tw.event.boughtDelivery' },
  { match: /^You bought a return shipment; pay it to get the label$/i, key: 'tw.event.boughtReturn' },
  { match: /^You accepted the item's condition; the trade is complete$/i, key: 'tw.event.youAccepted' },
  { match: /^The buyer accepted the item; (-?\d+(?:\.\d+)?) DKK is paid out to you$/i, key: 'tw.event.paidOut', params: amount(1) },
  { match: /^The buyer rejected the item's condition: (.+)$/i, key: 'tw.event.itemRejected', params: (m) => ({ reason: m[1] }) },
  { match: /^The trade was cancelled by the marketplace$/i, key: 'tw.event.cancelled' },
  { match: /^The buyer abandoned the trade$/i, key: 'tw.event.buyerAbandoned' },
  { match: /^The seller abandoned the trade$/i, key: 'tw.event.sellerAbandoned' },
  { match: /^(-?\d+(?:\.\d+)?) DKK was reimbursed to the buyer$/i, key: 'tw.event.reimbursed', params: amount(1) },
  { match: /^The whole payment was reimbursed; the trade is finished$/i, key: 'tw.event.allReimbursed' },
  { match: /^You were invited to buy “(.+)” for (-?\d+(?:\.\d+)?) DKK$/i, key: 'tw.event.invited', params: (m, lang) => ({ title: m[1], ...amount(2)(m, lang) }) },
  { match: /^Trade “(.+)” created; the buyer was invited$/i, key: 'tw.event.created', params: (m) => ({ title: m[1] }) },
  { match: /^Payment of (-?\d+(?:\.\d+)?) DKK started$/i, key: 'tw.event.paymentStarted', params: amount(1) },
];

/** The service's sentence in the chosen language, or as written when the app does not know it. */
export function tradeText(text: string | null | undefined, lang: Lang): string {
  const s = (text ?? '').trim();
  const stop = s.endsWith('.') ? '.' : '';
  const bare = stop ? s.slice(0, -1) : s;
  for (const r of RULES) {
    const m = bare.match(r.match);
    if (m) return t(r.key, r.params?.(m, lang)) + stop;
  }
  return s;
}

/** A phase's, an outcome's or a payment's state by its name in the chosen language. */
export function tradeState(state: string): string {
  const key = `tw.state.${state}` as MessageKey;
  return key in en ? t(key) : humanize(state);
}
