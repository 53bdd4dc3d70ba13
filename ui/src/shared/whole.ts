/**
 * Whole numbers (mileage, year) as a person types them: plain digits ("45000") or grouped in
 * threes with the locale's thousands separator ("45.000" in Danish, "45,000" in English) or
 * spaces. Returns plain digits, which Rust reads with the same rule
 * (`fields::whole_number`), so review never passes what create refuses.
 */
import type { Lang, MessageKey } from './i18n/i18n.svelte';

export type WholeError = 'invalid' | 'notWhole' | 'negative' | 'tooLarge';
export type WholeResult = { ok: true; value: string } | { ok: false; error: WholeError };

const SPACES = /[\s\u00a0\u202f\u2009]/g;

const KEYS: Record<WholeError, MessageKey> = {
  invalid: 'whole.error.invalid',
  notWhole: 'whole.error.notWhole',
  negative: 'whole.error.negative',
  tooLarge: 'whole.error.tooLarge',
};

/** The message of a whole-number fault. */
export function wholeErrorKey(e: WholeError): MessageKey {
  return KEYS[e];
}

/** Reads a whole number in `0..=max` in `lang`'s notation; blank is for the caller to decide. */
export function parseWholeInput(input: string, lang: Lang, max: number): WholeResult {
  const raw = input.trim();
  if (/^[-−–]\s*\d/.test(raw)) return { ok: false, error: 'negative' };
  const group = lang === 'da' ? '.' : ',';
  const decimal = lang === 'da' ? ',' : '.';
  if (raw.includes(decimal)) return /^[\d\s.,]+$/.test(raw) ? { ok: false, error: 'notWhole' } : { ok: false, error: 'invalid' };
  const spaced = raw.replace(SPACES, ' ');
  const sep = spaced.includes(group) ? group : spaced.includes(' ') ? ' ' : null;
  let digits = spaced;
  if (sep) {
    const groups = spaced.split(sep);
    if (!/^\d{1,3}$/.test(groups[0]) || !groups.slice(1).every((g) => /^\d{3}$/.test(g))) return { ok: false, error: 'invalid' };
    digits = groups.join('');
  }
  if (!/^\d+$/.test(digits)) return { ok: false, error: 'invalid' };
  const n = BigInt(digits);
  if (n > BigInt(max)) return { ok: false, error: 'tooLarge' };
  return { ok: true, value: n.toString() };
}
