// Attention items picked to snooze together (pure): which can be, the state of the "all"
// box, and the items a pick names among those shown (a pick outlives no list it is not in).
import type { AttentionItem, SnoozeTarget } from '../../lib/bindings';
import { itemKey } from './attention';

/** An unknown outcome is resolved by checking, never snoozed. */
export function snoozable(item: AttentionItem): boolean {
  return item.rule !== 'unknown_outcome';
}

/** Every snoozable item of the list (the list of the rule picked, or of all). */
export function allKeys(items: AttentionItem[]): string[] {
  return items.filter(snoozable).map(itemKey);
}

/** The items of `items` that are picked, in the list's order. */
export function pickedOf(items: AttentionItem[], picked: ReadonlySet<string>): AttentionItem[] {
  return items.filter((i) => snoozable(i) && picked.has(itemKey(i)));
}

/** The "all" box: none, some or all of the snoozable items picked. */
export function allState(items: AttentionItem[], picked: ReadonlySet<string>): 'none' | 'some' | 'all' {
  const keys = allKeys(items);
  const n = keys.filter((k) => picked.has(k)).length;
  return n === 0 ? 'none' : n === keys.length ? 'all' : 'some';
}

/** A copy of `picked` with `key` turned on or off. */
export function toggled(picked: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(picked);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** What the snooze command takes. */
export function targets(items: AttentionItem[]): SnoozeTarget[] {
  return items.map((i) => ({ transactionId: i.transactionId, rule: i.rule }));
}

/** The day a snooze of `days` from `now` ends (what the dialog shows). */
export function until(now: Date, days: number): Date {
  return new Date(now.getTime() + Math.max(0, days) * 24 * 60 * 60 * 1000);
}
