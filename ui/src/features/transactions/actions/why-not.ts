// Why a money move is missing from the actions bar, in words (payout and reimburse on a deal
// the payer has not paid in full yet). Closed deals are explained by the bar's own note. What
// is left to pay is the deal's money as Rust worked it out (`DealMoney.remaining`), the figure
// the money cards show; without it (no record read) the note names no amount.
import type { DealMoney, Transaction } from '../../../lib/bindings';
import { formatMoney } from '../../../shared/format';
import type { Lang, MessageKey } from '../../../shared/i18n/i18n.svelte';
import type { ActionKind } from './rules';

export type WhyNot = { kind: ActionKind; key: MessageKey; params?: Record<string, string> };

export function unofferedMoneyMoves(tx: Transaction, offered: readonly ActionKind[], lang: Lang, money: DealMoney | null): WhyNot[] {
  if (tx.status !== 'CREATED' && tx.status !== 'INPROGRESS') return [];
  const out: WhyNot[] = [];
  const left = money?.remaining ?? null;
  if (!offered.includes('payout')) {
    out.push(
      left === null
        ? { kind: 'payout', key: 'actions.whyNot.payout.unpaidUnknown' }
        : { kind: 'payout', key: 'actions.whyNot.payout.unpaid', params: { amount: formatMoney(left, money?.currency || tx.currency, lang) } },
    );
  }
  if (!offered.includes('reimburse')) out.push({ kind: 'reimburse', key: 'actions.whyNot.reimburse.unpaid' });
  return out;
}
