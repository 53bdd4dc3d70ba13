// The webhook examples' fields explained (spec section 6), and helpers of the Events
// page. A field the service sends that is not explained here is still shown, marked so.
import type { Delivery } from '../../lib/bindings';
import { en, t, type MessageKey } from '../../shared/i18n/i18n.svelte';

/**
 * An example value as lines of wire text: a string or number as it is, an object as one
 * `name: value` line per field (nested names joined by dots), a list item by item. Never JSON.
 */
export function valueLines(value: unknown, prefix = ''): string[] {
  const line = (v: string) => [prefix ? `${prefix}: ${v}` : v];
  if (value === null || value === undefined) return line('null');
  if (Array.isArray(value)) {
    if (value.length === 0) return line('[]');
    return value.flatMap((v, i) => valueLines(v, `${prefix}[${i}]`));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return line('{}');
    return entries.flatMap(([k, v]) => valueLines(v, prefix ? `${prefix}.${k}` : k));
  }
  return line(String(value));
}

/** Top-level fields of an example, each with its explanation key (or null when the app has none). */
export function explainFields(example: unknown): { field: string; value: string[]; explanation: string | null }[] {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return [];
  return Object.entries(example as Record<string, unknown>).map(([field, value]) => {
    const key = `events.field.${field}` as MessageKey;
    return { field, value: valueLines(value), explanation: key in en ? t(key) : null };
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

/** The built-in Sandbox's own words for a delivery that could not be sent, by their meaning. */
const DELIVERY_ERRORS: Readonly<Record<string, MessageKey>> = {
  'no webhook URL configured': 'events.outcome.noUrl',
};

/**
 * The last attempt's outcome in words: an HTTP status, or why it could not be sent (in the
 * user's language; a transport error the app has no words for is "not reached", its own words
 * kept as `original`).
 */
export function lastOutcome(d: Delivery): { text: string; original: string | null } {
  const list = Array.isArray(d.outcomes) ? (d.outcomes as { status?: number; error?: string }[]) : [];
  const last = list[list.length - 1];
  if (!last) return { text: '—', original: null };
  if (typeof last.status === 'number') return { text: `HTTP ${last.status}`, original: null };
  if (!last.error) return { text: '—', original: null };
  const key = DELIVERY_ERRORS[last.error.trim()];
  return key ? { text: t(key), original: null } : { text: t('events.outcome.unreachable'), original: last.error };
}
