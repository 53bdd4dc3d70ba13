// The rule by which a consequence lets Confirm be pressed, for every money dialog (the action
// dialogs, the debt review, the new deal's review), and a refusal it expects in words.
import type { AppError, Blocked, Consequence } from '../../lib/bindings';
import { formatMoney } from '../../shared/format';
import { en, type Lang, type MessageKey } from '../../shared/i18n/i18n.svelte';

/** A consequence as a dialog holds it: the request it was computed for (`key`) and Rust's answer. */
export type Computed = {
  key: string;
  consequence: Consequence | null;
  error: AppError | null;
  /** The journal store's time the consequence was read after (a team's; given back with the action). */
  readAt?: string | null;
};

/** Whether Confirm may be pressed, by the consequence: yes, not yet (still computing), or no (refused). */
export type Gate =
  | { ok: true }
  | { ok: false; why: 'computing' }
  | { ok: false; why: 'blocked'; blocked: Blocked; currency: string };

/**
 * The one rule of every money dialog that shows a consequence (the action dialogs, the debt
 * review, the new deal's review): Confirm waits for the consequence of the request as it
 * stands (`key`; one computed for an earlier amount does not count) and stays off while that
 * consequence says the service would refuse it. `key` null: nothing to wait for.
 *
 * When the consequence cannot be computed at all (an error for the current request), Confirm
 * stays allowed, as before this rule: the service is still the judge and refuses what it
 * must, and a desk that cannot read the live record (a slow or flaky connection) must still
 * be able to act; the panel says the consequence is unavailable.
 */
export function confirmGate(key: string | null, computed: Computed | null): Gate {
  if (key === null) return { ok: true };
  if (!computed || computed.key !== key) return { ok: false, why: 'computing' };
  if (computed.error || !computed.consequence) return { ok: true };
  const blocked = computed.consequence.blocked;
  return blocked ? { ok: false, why: 'blocked', blocked, currency: computed.consequence.currency } : { ok: true };
}

/** A refusal the consequence expects, in words (the same the consequence panel uses). */
export function blockedMessage(blocked: Blocked, currency: string, lang: Lang): { key: MessageKey; params: Record<string, string> } {
  const key = `cq.blocked.${blocked.reason}`;
  const amount = blocked.amount ? formatMoney(blocked.amount, currency, lang) : '';
  return { key: (key in en ? key : 'action.why.blocked') as MessageKey, params: { amount } };
}
