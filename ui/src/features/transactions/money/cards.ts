// The detail page's money cards, from the deal's money as the service's record tells it
// (`DealMoney`, computed in Rust by the one rule every money figure of a deal follows). Pure:
// which cards a deal shows and what each says under its figure. An open deal tells what is
// paid in and still owed; a cancelled one what went back to the payer; a paid-out one what the
// payee, the split payouts and the fees got. A status this app does not know gets the open
// deal's figures and no verdict.
import type { DealMoney, Flow } from '../../../lib/bindings';
import { add, parseDecimal, toDecimalString, ZERO } from '../../../shared/decimal';
import type { MessageKey } from '../../../shared/i18n/messages';

export type CardId = 'paid-in' | 'held' | 'remaining' | 'paid-out' | 'to-payer' | 'to-payee' | 'splits' | 'to-others' | 'fees-kept';

/** A line under a card's figure; `amount` (a decimal string) fills its `{amount}`. */
export interface Hint {
  key: MessageKey;
  amount?: string;
  /** A second figure, for `{scheduled}`. */
  scheduled?: string;
}

export interface MoneyCard {
  id: CardId;
  label: MessageKey;
  amount: string;
  hints: Hint[];
  /** The flow behind a money-out card (paid and scheduled parts), for the page's data attributes. */
  flow?: Flow;
}

const positive = (v: string | null | undefined): boolean => {
  const d = parseDecimal(v);
  return d !== null && d.units > 0n;
};

const sum = (...values: Array<string | null | undefined>): string =>
  toDecimalString(values.reduce((acc, v) => add(acc, parseDecimal(v) ?? ZERO), ZERO));

const NONE: Flow = { total: '0.00', paid: '0.00', scheduled: '0.00', other: '0.00' };

/** What became of money going out: paid, scheduled for the payout run, or both; and any status unknown here. */
export function flowHints(f: Flow): Hint[] {
  const hints: Hint[] = [];
  const paid = positive(f.paid);
  const scheduled = positive(f.scheduled);
  if (paid && scheduled) hints.push({ key: 'money.flow.both', amount: f.paid, scheduled: f.scheduled });
  else if (scheduled) hints.push({ key: 'money.flow.scheduled' });
  else if (paid) hints.push({ key: 'money.flow.paid' });
  if (positive(f.other)) hints.push({ key: 'money.flow.unknown', amount: f.other });
  return hints;
}

function paidInCard(m: DealMoney): MoneyCard {
  const hints: Hint[] = [];
  if (positive(m.inProgress)) hints.push({ key: 'money.hint.inProgress', amount: m.inProgress });
  if (m.stage !== 'succeeded' && m.stage !== 'cancelled' && positive(m.excess)) hints.push({ key: 'money.hint.excess', amount: m.excess });
  if (positive(m.unknownIn)) hints.push({ key: 'money.hint.unknownIn', amount: m.unknownIn });
  if (m.stage === 'cancelled' && !positive(m.paidIn)) hints.push({ key: 'money.hint.nothingPaid' });
  return { id: 'paid-in', label: 'detail.paidIn', amount: m.paidIn, hints };
}

function flowCard(id: CardId, label: MessageKey, f: Flow): MoneyCard {
  return { id, label, amount: f.total, hints: flowHints(f), flow: f };
}

/** Cards for money out that some deals have and most do not. */
function ifAny(id: CardId, label: MessageKey, f: Flow | null): MoneyCard[] {
  return f && positive(f.total) ? [flowCard(id, label, f)] : [];
}

function openCards(m: DealMoney): MoneyCard[] {
  // Money out of an open deal other than reimbursements: split payouts paid with the next run,
  // payouts the record names.
  const splits = m.splits ?? NONE;
  const out: Flow = {
    total: sum(m.toPayee.total, m.toOthers.total, splits.paid),
    paid: sum(m.toPayee.paid, m.toOthers.paid, splits.paid),
    scheduled: sum(m.toPayee.scheduled, m.toOthers.scheduled),
    other: sum(m.toPayee.other, m.toOthers.other),
  };
  // "Paid out" counts what was transferred; what waits for the payout run is said apart.
  const hints: Hint[] = positive(out.scheduled) ? [{ key: 'detail.scheduledOut', amount: out.scheduled }] : [];
  if (positive(out.other)) hints.push({ key: 'money.flow.unknown', amount: out.other });
  const cards: MoneyCard[] = [
    ...ifAny('to-payer', 'money.reimbursed', m.toPayer),
    { id: 'paid-out', label: 'detail.paidOut', amount: out.paid, hints, flow: out },
  ];
  // Once money has gone out of the deal (or a payment was returned), what it still holds is
  // no longer what was paid in: said on its own card.
  if (m.held !== null && (positive(m.goneOut) || positive(m.returnedIn))) {
    cards.push({ id: 'held', label: 'money.held', amount: m.held, hints: [{ key: 'money.hint.held' }] });
  }
  if (m.remaining !== null) {
    cards.push({ id: 'remaining', label: 'detail.remaining', amount: m.remaining, hints: [{ key: 'detail.remainingHint' }] });
  }
  return cards;
}

function feesKept(m: DealMoney, always: boolean): MoneyCard[] {
  if (m.feesKept === null || (!always && !positive(m.feesKept))) return [];
  return [{ id: 'fees-kept', label: 'money.feesKept', amount: m.feesKept, hints: [{ key: 'money.hint.feesKept' }] }];
}

function succeededCards(m: DealMoney): MoneyCard[] {
  return [
    flowCard('to-payee', 'money.toPayee', m.toPayee),
    ...ifAny('splits', 'money.splits', m.splits),
    ...ifAny('to-payer', 'money.reimbursed', m.toPayer),
    ...ifAny('to-others', 'money.toOthers', m.toOthers),
    ...feesKept(m, true),
  ];
}

function cancelledCards(m: DealMoney): MoneyCard[] {
  const back = flowCard('to-payer', 'money.returned', m.toPayer);
  if (!positive(m.toPayer.total)) back.hints = [{ key: 'money.hint.nothingToReturn' }];
  return [
    back,
    ...ifAny('splits', 'money.splitsKept', m.splits),
    ...ifAny('to-payee', 'money.toPayee', m.toPayee),
    ...ifAny('to-others', 'money.toOthers', m.toOthers),
    ...feesKept(m, false),
  ];
}

/** The money cards of a deal, after its amount, in order. */
export function moneyCards(m: DealMoney): MoneyCard[] {
  const rest = m.stage === 'succeeded' ? succeededCards(m) : m.stage === 'cancelled' ? cancelledCards(m) : openCards(m);
  return [paidInCard(m), ...rest];
}
