// An audit row's detail in the user's language, from the parts Rust reads back out of the
// stored text (`AuditNote`; the stored words stay as written, sealed by the row's MAC). Amounts
// are said with their currency in the locale; the service's words are translated when the
// error catalogue knows them, else kept apart as the original.
import type { AuditNote } from '../../lib/bindings';
import { codeText, serviceText } from '../../shared/error-catalogue';
import { formatMoney } from '../../shared/format';
import { en, t, type Lang, type MessageKey } from '../../shared/i18n/i18n.svelte';

/** The note as one sentence, and the service's own words when the app has none for them. */
export type NoteWords = { text: string; original: string | null };

function refusalLabel(reason: string): string {
  const key = `audit.refusal.${reason}` as MessageKey;
  return key in en ? t(key) : t('audit.refusal.unknown');
}

function effectLabel(effect: string): string {
  const key = `cq.effect.${effect}` as MessageKey;
  return key in en ? t(key) : t('audit.effect.changed');
}

/** An attention reason's name, or the code when the app has none for it. */
function reasonLabel(rule: string): string {
  const key = `attention.rule.${rule}` as MessageKey;
  return key in en ? t(key) : rule;
}

/** A desk's own rows (snoozing and waking attention items) as the mirror writes them. */
function localText(text: string): string {
  const snoozed = text.match(/^([a-z_]+): snoozed (\d+) days: ([\s\S]*)$/);
  if (snoozed) return t('audit.note.snoozed', { reason: reasonLabel(snoozed[1]), days: snoozed[2], note: snoozed[3] });
  if (/^[a-z_]+$/.test(text) && `attention.rule.${text}` in en) return t('audit.note.woken', { reason: reasonLabel(text) });
  return text;
}

export function noteWords(note: AuditNote | null | undefined, lang: Lang): NoteWords | null {
  if (!note) return null;
  switch (note.kind) {
    case 'consequence': {
      const money = (amount: string) => formatMoney(amount, note.currency, lang);
      const parts = [
        t('audit.note.consequence', {
          payee: money(note.payeeNet), toPayer: money(note.toPayer), owes: money(note.payerOwes), max: money(note.reimbursable),
        }),
        ...note.splits.map((s) => t('audit.note.split', { amount: money(s.amount), effect: effectLabel(s.effect) })),
      ];
      if (note.refusal) parts.push(t('audit.note.refusal', { reason: refusalLabel(note.refusal) }));
      return { text: parts.join('; '), original: null };
    }
    case 'failure': {
      const what = codeText(note.code).replace(/\.$/, '');
      const head = note.status != null ? t('audit.note.failureStatus', { what, status: note.status }) : `${what}.`;
      const known = serviceText(note.service, lang);
      return { text: known ? `${head} ${known}` : head, original: known ? null : note.service };
    }
    case 'created':
      // The deal is named beside the words (a link with its title), never its id inline.
      return { text: t('audit.note.created'), original: null };
    case 'payment':
      // The payment is named by the row's amount and time; its id is no word for people.
      return { text: t('audit.note.payment'), original: null };
    case 'text':
      return { text: localText(note.text), original: null };
  }
}

/** The transaction a create action made, by action id (its outcome row names it). */
export function createdIds(rows: readonly { actionId: string; parsed: { note: AuditNote | null } }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) if (r.parsed.note?.kind === 'created') out.set(r.actionId, r.parsed.note.id);
  return out;
}

/** The currency a row's amount is in: its deal's, else the one its action's consequence was in. */
export function currencies(rows: readonly { actionId: string; parsed: { note: AuditNote | null } }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) if (r.parsed.note?.kind === 'consequence') out.set(r.actionId, r.parsed.note.currency);
  return out;
}

/**
 * How each action ended, by action id: the outcome of its newest outcome row (rows come newest
 * first). An intent row is shown with it instead of "pending" once the action has ended.
 */
export function endings(rows: readonly { actionId: string; phase: string; outcome: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) if (r.phase === 'outcome' && !out.has(r.actionId)) out.set(r.actionId, r.outcome);
  return out;
}

/** The outcome a row shows: an intent still stored as pending shows its action's ending. */
export function shownOutcome(r: { actionId: string; phase: string; outcome: string }, ended: ReadonlyMap<string, string>): string {
  return r.phase === 'intent' && r.outcome === 'pending' ? (ended.get(r.actionId) ?? r.outcome) : r.outcome;
}
