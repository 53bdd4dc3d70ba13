// Dates as people type them in the chosen language. The web view's own date field shows the
// OS's order (mm/dd/yyyy under an English OS) whatever the window's language, so date fields
// are text fields read here: day first (27.11.2026, 27/11/2026, 27-11-26) or ISO (2026-11-27).
import type { Lang } from './i18n/i18n.svelte';

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[./\- ](\d{1,2})[./\- ](\d{2}|\d{4})$/;

function iso(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A well-formed ISO date (YYYY-MM-DD) of the calendar. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!m && iso(Number(m[1]), Number(m[2]), Number(m[3])) === value;
}

/** What was typed, as an ISO date; '' when empty; the text itself when it is not a date. */
export function parseDateInput(text: string): string {
  const s = text.trim();
  if (s === '') return '';
  let m = ISO.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3])) ?? s;
  m = DAY_FIRST.exec(s);
  if (m) {
    const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return iso(year, Number(m[2]), Number(m[1])) ?? s;
  }
  return s;
}

/** An ISO date as the language writes it (da 27.11.2026, en 27/11/2026); other text as it is. */
export function formatDateInput(value: string | null | undefined, lang: Lang): string {
  const v = value ?? '';
  if (!isIsoDate(v)) return v;
  const [y, m, d] = v.split('-');
  return lang === 'da' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}
