// Pure helpers of the attention queue: what each item says and which action resolves it.
import type { AttentionItem, Rule } from '../../lib/bindings';
import type { MessageKey } from '../../shared/i18n/i18n.svelte';

/** The one action that resolves an item. */
export type Resolve = 'payout' | 'copyLink' | 'splitExcess' | 'open' | 'reconcile';

export function resolveOf(rule: Rule): Resolve {
  switch (rule) {
    case 'paid_overdue':
      return 'payout';
    case 'awaiting_payment':
    case 'payment_failed':
      return 'copyLink';
    case 'overfunded':
      return 'splitExcess';
    case 'unknown_outcome':
      return 'reconcile';
    default:
      return 'open';
  }
}

export const RESOLVE_LABEL: Record<Resolve, MessageKey> = {
  payout: 'attention.do.payout',
  copyLink: 'attention.do.copyLink',
  splitExcess: 'attention.do.splitExcess',
  open: 'attention.do.open',
  reconcile: 'attention.do.reconcile',
};

export function ruleLabel(rule: Rule): MessageKey {
  return `attention.rule.${rule}` as MessageKey;
}

/** The reason line: its message key and parameters (dates and money formatted by the caller). */
export function reason(
  item: AttentionItem,
  fmt: { date: (iso: string | null) => string; money: (amount: string | null, currency: string) => string },
): { key: MessageKey; params: Record<string, string> } {
  const key = `attention.reason.${item.rule}` as MessageKey;
  return { key, params: { date: fmt.date(item.since), excess: fmt.money(item.excess, item.currency) } };
}

/** Rules whose items need money moved first (shown with the danger tone). */
export function urgent(rule: Rule): boolean {
  return rule === 'overfunded' || rule === 'payment_failed' || rule === 'unknown_outcome';
}

/** A stable key for an item (one deal can have several rules). */
export function itemKey(item: AttentionItem): string {
  return `${item.rule}:${item.transactionId}:${item.actionId ?? ''}`;
}
