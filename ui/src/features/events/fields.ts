// The webhook examples' fields explained (spec section 6), and helpers of the Events
// page. A field the service sends that is not explained here is still shown, marked so.
import type { Delivery } from '../../lib/bindings';
import { en, t, type MessageKey } from '../../shared/i18n/i18n.svelte';

/** Top-level fields of an example, each with its explanation key (or null when the app has none). */
export function explainFields(example: unknown): { field: string; value: string; explanation: string | null }[] {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return [];
  return Object.entries(example as Record<string, unknown>).map(([field, value]) => {
    const key = `events.field.${field}` as MessageKey;
    return {
      field,
      value: typeof value === 'string' ? value : JSON.stringify(value),
      explanation: key in en ? t(key) : null,
    };
  });
}

/** The examples as `[group, eventName, example]` rows (`{ user: [...], transaction: [...] }`). */
export function exampleRows(examples: unknown): { group: string; eventName: string; example: unknown }[] {
  if (!examples || typeof examples !== 'object') return [];
  const rows: { group: string; eventName: string; example: unknown }[] = [];
  for (const [group, list] of Object.entries(examples as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    for (const example of list) {
      const name = (example as { eventName?: unknown } | null)?.eventName;
      rows.push({ group, eventName: typeof name === 'string' ? name : '?', example });
    }
  }
  return rows;
}

/** What the event means, in the user's language (null for an event the app does not know). */
export function eventMeaning(eventName: string): string | null {
  const key = `events.meaning.${eventName}` as MessageKey;
  return key in en ? t(key) : null;
}

/** The transaction a delivery is about, if any. */
export function deliveryTransaction(d: Delivery): string | null {
  const id = (d.payload as { transactionId?: unknown } | null)?.transactionId;
  return typeof id === 'string' ? id : null;
}

/** The last attempt's outcome in words: an HTTP status or the error. */
export function lastOutcome(d: Delivery): string {
  const list = Array.isArray(d.outcomes) ? (d.outcomes as { status?: number; error?: string }[]) : [];
  const last = list[list.length - 1];
  if (!last) return '—';
  if (typeof last.status === 'number') return `HTTP ${last.status}`;
  return last.error ?? '—';
}
