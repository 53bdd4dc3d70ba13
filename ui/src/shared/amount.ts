import { compare, parseDecimal, toDecimalString } from './decimal';
import { LOCALES } from './format';
import type { Lang, MessageKey } from './i18n/i18n.svelte';

export type AmountError = 'empty' | 'invalid' | 'negative' | 'zero' | 'decimals';
export type AmountResult = { ok: true; value: string } | { ok: false; error: AmountError };

const AMOUNT_ERROR_KEYS: Record<AmountError, MessageKey> = {
  empty: 'amount.error.empty',
  invalid: 'amount.error.invalid',
  negative: 'amount.error.negative',
  zero: 'amount.error.zero',
  decimals: 'amount.error.decimals',
};

/** The message of an amount fault. */
export function amountErrorKey(e: AmountError): MessageKey {
  return AMOUNT_ERROR_KEYS[e];
}

/** Spaces people use as thousands separators (plain, no-break, narrow no-break, thin) and apostrophes. */
const GROUP_SPACE = /[\s\u00a0\u202f\u2009']/g;

function groupsOk(int: string, sep: string): boolean {
  if (!int.includes(sep)) return /^\d+$/.test(int);
  const parts = int.split(sep);
  return /^[1-9]\d{0,2}$/.test(parts[0]) && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}

/**
 * Read an amount typed by a person, in Danish ("1.250,50") or English ("1,250.50") notation,
 * and return it as a canonical decimal string with exactly 2 decimals ("1250.50").
 * A lone separator followed by exactly three digits ("1.250", "1,250") is ambiguous: it is read
 * as a thousands separator when that is what it is in `lang`, otherwise as a decimal point (and
 * then refused for having 3 decimals). Never rounds, never goes through a float.
 */
export function parseAmountInput(input: string | null | undefined, lang: Lang, opts: { allowZero?: boolean } = {}): AmountResult {
  let s = (input ?? '').replace(GROUP_SPACE, '');
  if (s === '') return { ok: false, error: 'empty' };
  if (/^[-−–]|[-−–]$/.test(s)) {
    return /\d/.test(s) ? { ok: false, error: 'negative' } : { ok: false, error: 'invalid' };
  }
  if (s.startsWith('+')) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return { ok: false, error: 'invalid' };

  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalSep: string | null = null;
  let groupSep: string | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSep = lastDot > lastComma ? '.' : ',';
    groupSep = decimalSep === '.' ? ',' : '.';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = s.split(sep).length - 1;
    const after = s.length - s.lastIndexOf(sep) - 1;
    const langGroup = lang === 'da' ? '.' : ',';
    if (count > 1) groupSep = sep;
    else if (after === 3 && sep === langGroup && /^[1-9]\d{0,2}$/.test(s.slice(0, s.indexOf(sep)))) groupSep = sep;
    else decimalSep = sep;
  }

  let int = s;
  let frac = '';
  if (decimalSep) {
    const i = s.lastIndexOf(decimalSep);
    int = s.slice(0, i);
    frac = s.slice(i + 1);
    if (!/^\d*$/.test(frac)) return { ok: false, error: 'invalid' };
  }
  if (groupSep) {
    if (!groupsOk(int, groupSep)) return { ok: false, error: 'invalid' };
    int = int.split(groupSep).join('');
  }
  if (!/^\d*$/.test(int) || (int === '' && frac === '')) return { ok: false, error: 'invalid' };
  if (frac.length > 2) return { ok: false, error: 'decimals' };

  const d = parseDecimal(`${int || '0'}${frac ? '.' + frac : ''}`);
  if (!d) return { ok: false, error: 'invalid' };
  if (d.units === 0n && !opts.allowZero) return { ok: false, error: 'zero' };
  return { ok: true, value: toDecimalString(d, 2) };
}

/** A decimal string as a plain number in the locale, without currency: "289.500,00" / "289,500.00". */
export function formatAmountPlain(amount: string, lang: Lang): string {
  const d = parseDecimal(amount);
  if (!d) return amount;
  const canonical = toDecimalString(d, 2);
  const neg = canonical.startsWith('-');
  const [int, frac] = (neg ? canonical.slice(1) : canonical).split('.');
  const parts = new Intl.NumberFormat(LOCALES[lang]).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const dec = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return (neg ? '-' : '') + int.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (frac ? dec + frac : '');
}

/**
 * Whether what the person typed to confirm is the required amount: exactly the amount as shown,
 * or any notation of the same value (never a float comparison).
 */
export function amountMatches(typed: string, required: string, lang: Lang): boolean {
  const t = typed.trim();
  if (t === '') return false;
  if (t === formatAmountPlain(required, lang)) return true;
  const parsed = parseAmountInput(t, lang, { allowZero: true });
  const want = parseDecimal(required);
  const got = parsed.ok ? parseDecimal(parsed.value) : null;
  return !!want && !!got && compare(want, got) === 0;
}

/**
 * A currency beside an amount, as the app shows it or people type it: a code ("DKK 289,500.00"),
 * Danish "kr." ("289.500,00 kr.") or a sign ("€1,250.00", "1.250,00 €"), before or after.
 */
const CURRENCY = String.raw`(?:DKK|EUR|SEK|NOK|USD|GBP|CHF|kr\.?|US\$|€|\$|£)`;
const LEADING_CURRENCY = new RegExp(`^${CURRENCY}\\s*`, 'i');
const TRAILING_CURRENCY = new RegExp(`\\s*${CURRENCY}$`, 'i');

/** `s` without one currency before or after its figure ("DKK 289,500.00" → "289,500.00"). */
export function withoutCurrency(s: string): string {
  const before = s.replace(LEADING_CURRENCY, '');
  return before === s ? s.replace(TRAILING_CURRENCY, '') : before;
}

/**
 * A search as the desk's index reads it. An amount typed as the language shows it
 * ("289.500,00" in Danish, "289,500" in English), with or without its currency ("DKK
 * 289,500.00", "289.500,00 kr.", "€1,250.00"), becomes its plain decimal without trailing
 * zeros ("289500", "289500.5"), the form the mirror keeps each deal's amount in; anything else
 * is searched as typed. Only digits with a separator or a currency are read as an amount, so a
 * plate's digits ("48 213") and a reference stay text.
 */
export function searchTerm(input: string, lang: Lang): string {
  const s = input.trim();
  const figure = withoutCurrency(s).trim();
  const priced = figure !== s;
  if (!/^[\d\s\u00a0\u202f.,']+$/.test(figure) || !/\d/.test(figure)) return s;
  if (!/[.,]/.test(figure)) return priced ? figure.replace(GROUP_SPACE, '') : s;
  const parsed = parseAmountInput(figure, lang, { allowZero: true });
  if (!parsed.ok) return s;
  const [int, frac] = parsed.value.split('.');
  const trimmed = (frac ?? '').replace(/0+$/, '');
  return trimmed ? `${int}.${trimmed}` : int;
}
