// Why a money move is missing from the actions bar, in words (payout and reimburse on a deal
// the payer has not paid in full yet). Closed deals are explained by the bar's own note.
import type { Transaction } from '../../../lib/bindings';
import { remainingToPay } from '../../../shared/decimal';
import { formatMoney } from '../../../shared/format';
import type { Lang, MessageKey } from '../../../shared/i18n/i18n.svelte';
import type { ActionKind } from './rules';

export type WhyNot = { kind: ActionKind; key: MessageKey; params?: Record<string, string> };

export function unofferedMoneyMoves(tx: Transaction, offered: readonly ActionKind[], lang: Lang): WhyNot[] {
  if (tx.status !== 'CREATED' && tx.status !== 'INPROGRESS') return [];
  const out: WhyNot[] = [];
  const left = remainingToPay(tx.amount, tx.fees?.payer ?? null, tx.payments.inbound.amount);
  if (!offered.includes('payout')) {
    out.push({ kind: 'payout', key: 'actions.whyNot.payout.unpaid', params: { amount: formatMoney(left, tx.currency, lang) } });
  }
  if (!offered.includes('reimburse')) out.push({ kind: 'reimburse', key: 'actions.whyNot.reimburse.unpaid' });
  return out;
}
