// Pure helpers of the timeline panel: which kinds a timeline has, the filter, the wording
// of each line (the merge and its order come from Rust, newest first).
import type { TimelineEntry, TimelineKind } from '../../lib/bindings';
import { en, labelOf, methodLabel, statusLabel, t, type Lang, type MessageKey } from '../../shared/i18n/i18n.svelte';
import { statementText } from '../../shared/service-words';
import { noteWords } from '../audit/note';
import { eventMeaning } from '../events/fields';

/** The filter's order (the kinds a timeline can have). */
export const KINDS: readonly TimelineKind[] = [
  'created', 'payment', 'payout', 'splitPayout', 'reimbursement', 'document', 'billOfSale', 'debt', 'change', 'cancel',
  'webhook', 'other',
];

/** The kinds present, in the filter's order. */
export function kindsPresent(entries: readonly TimelineEntry[]): TimelineKind[] {
  const present = new Set(entries.map((e) => e.kind));
  return KINDS.filter((k) => present.has(k));
}

/** Entries of one kind (`all`: every entry); the order is kept. */
export function byKind(entries: readonly TimelineEntry[], kind: TimelineKind | 'all'): TimelineEntry[] {
  return kind === 'all' ? [...entries] : entries.filter((e) => e.kind === kind);
}

/** What happened, in the user's language; an event the app has no words for is shown as sent. */
export function eventLabel(entry: Pick<TimelineEntry, 'event'>): string {
  const key = `timeline.event.${entry.event}` as MessageKey;
  if (key in en) return t(key);
  if (entry.event.startsWith('staff.')) return t('timeline.event.staff', { action: labelOf('action.kind', entry.event.slice(6)) });
  if (entry.event.startsWith('webhook.')) {
    const name = entry.event.slice(8);
    return t('timeline.event.webhook', { name: eventMeaning(name)?.replace(/\.$/, '') ?? name });
  }
  return entry.event;
}

/** A kind in the user's language (`other` is worded under `rest`: `.other` keys are plural forms). */
export function kindLabel(kind: TimelineKind): string {
  return t(`timeline.kind.${kind === 'other' ? 'rest' : kind}` as MessageKey);
}

/** A line's state in words: the service's status, the action's outcome or the delivery's state. */
export function stateLabel(entry: Pick<TimelineEntry, 'source' | 'status'>): string {
  const s = entry.status ?? '';
  if (entry.source === 'audit') return labelOf('state', s);
  if (entry.source === 'webhook') {
    const key = `timeline.delivery.${s}` as MessageKey;
    return key in en ? t(key) : s;
  }
  return statusLabel(s);
}

/**
 * What a line says besides its event, in the user's language: the payment method, the split
 * payout's recipient, a delivery's attempts, an audit line's note (its consequence, failure or
 * what it created) and the free text (a statement text the service writes by default, such as
 * "Payout", is left out: the event says as much). `original` is the service's own words the app has no translation for.
 */
export function detailWords(e: TimelineEntry, lang: Lang): { parts: string[]; original: string | null } {
  const parts: string[] = [];
  if (e.method) parts.push(methodLabel(e.method));
  if (e.recipient) parts.push(t('timeline.recipient', { recipient: labelOf('recipient', e.recipient) }));
  const note = noteWords(e.note, lang);
  if (note) parts.push(note.text);
  // A statement text the service writes by default ("Payout") says what the event says: left out.
  if (e.detail && (e.source === 'webhook' || statementText(e.detail) === null)) {
    parts.push(e.source === 'webhook' ? t('timeline.attempts', { count: e.detail }) : e.detail);
  }
  return { parts, original: note?.original ?? null };
}
