import { parseDecimal, type Decimal } from './decimal';
import type { Lang } from './i18n/i18n.svelte';

export const LOCALES: Record<Lang, string> = { da: 'da-DK', en: 'en-GB' };

type Template = { parts: Intl.NumberFormatPart[]; minFrac: number };
const templateCache = new Map<string, Template | null>();

function currencyTemplate(lang: Lang, currency: string, negative: boolean): Template | null {
  const key = `${lang}|${currency}|${negative ? '-' : '+'}`;
  if (templateCache.has(key)) return templateCache.get(key)!;
  let tpl: Template | null = null;
  try {
    const nf = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency, currencyDisplay: 'symbol' });
    const minFrac = nf.resolvedOptions().minimumFractionDigits ?? 2;
    tpl = { parts: nf.formatToParts(negative ? -1234.5 : 1234.5), minFrac };
  } catch {
    tpl = null;
  }
  templateCache.set(key, tpl);
  return tpl;
}

const sepCache = new Map<Lang, { group: string; decimal: string; minus: string }>();
function separators(lang: Lang) {
  let s = sepCache.get(lang);
  if (!s) {
    const parts = new Intl.NumberFormat(LOCALES[lang]).formatToParts(-12345.6);
    s = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
    };
    sepCache.set(lang, s);
  }
  return s;
}

/** Normalise no-break and narrow no-break spaces to plain spaces (CSS keeps amounts on one line). */
const nbsp = /[\u00a0\u202f]/g;

function splitDigits(d: Decimal, minFrac: number): { neg: boolean; int: string; frac: string } {
  const neg = d.units < 0n;
  let digits = (neg ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  let int = digits.slice(0, digits.length - d.scale);
  let frac = digits.slice(digits.length - d.scale);
  // Drop trailing zeros beyond the currency's minimum, but never lose significant digits.
  frac = frac.replace(/0+$/, '');
  if (frac.length < minFrac) frac = frac.padEnd(minFrac, '0');
  int = int.replace(/^0+(?=\d)/, '');
  digits = int + frac;
  return { neg: neg && /[1-9]/.test(digits), int, frac };
}

function group(int: string, sep: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/**
 * Format a decimal money string for the locale without float conversion.
 * da: "289.500,00 kr." / "1.234,50 €"; en: "DKK 289,500.00" / "€1,234.50".
 */
export function formatMoney(amount: string | null | undefined, currency: string | null | undefined, lang: Lang): string {
  if (amount == null || amount === '') return '—';
  const d = parseDecimal(amount);
  if (!d) return currency ? `${amount} ${currency}` : amount;
  const cur = (currency ?? '').trim().toUpperCase();
  const probe = splitDigits(d, 0);
  const tpl = cur ? currencyTemplate(lang, cur, probe.neg) : null;
  const sep = separators(lang);
  if (!tpl) {
    const { neg, int, frac } = splitDigits(d, 2);
    const num = (neg ? sep.minus : '') + group(int, sep.group) + (frac ? sep.decimal + frac : '');
    return cur ? `${num} ${cur}` : num;
  }
  const { int, frac } = splitDigits(d, tpl.minFrac);
  let out = '';
  let numberDone = false;
  for (const p of tpl.parts) {
    switch (p.type) {
      case 'integer':
      case 'group':
      case 'decimal':
      case 'fraction':
        if (!numberDone) {
          out += group(int, sep.group) + (frac ? sep.decimal + frac : '');
          numberDone = true;
        }
        break;
      default:
        out += p.value;
    }
  }
  return out.replace(nbsp, ' ');
}

// Intl formatters are costly to build (ICU patterns; interpreted JavaScript here, the JIT is
// off) and a list re-render formats three dates per visible row: built once per language and
// options, not per call. (A time zone changed while the app runs applies after a restart.)
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(lang: Lang, opts?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${opts ? JSON.stringify(opts) : ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LOCALES[lang], opts)));
  return format;
}

function dateFormat(lang: Lang, withTime: boolean): Intl.DateTimeFormat {
  const key = `${lang}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    const opts: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' };
    dateFormats.set(key, (format = new Intl.DateTimeFormat(LOCALES[lang], opts)));
  }
  return format;
}

export function formatNumber(n: number | null | undefined, lang: Lang, opts?: Intl.NumberFormatOptions): string {
  if (n == null || !Number.isFinite(n)) return '—';
  return numberFormat(lang, opts).format(n).replace(nbsp, ' ');
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(iso: string): { date: Date; dateOnly: boolean } | null {
  const m = DATE_ONLY.exec(iso);
  if (m) return { date: new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), dateOnly: true };
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly: false };
}

/** Date and time (time omitted for date-only values). */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '—';
  const p = parseDate(iso);
  if (!p) return iso;
  return dateFormat(lang, !p.dateOnly).format(p.date).replace(nbsp, ' ');
}

/** The exact moment, to the second, with the time zone (an audit row's time): never the raw ISO text. */
export function formatExactTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '—';
  const p = parseDate(iso);
  if (!p) return iso;
  let format = dateFormats.get(`${lang}|exact`);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeStyle: 'long' });
    dateFormats.set(`${lang}|exact`, format);
  }
  return format.format(p.date).replace(nbsp, ' ');
}

export function formatDate(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '—';
  const p = parseDate(iso);
  if (!p) return iso;
  return dateFormat(lang, false).format(p.date).replace(nbsp, ' ');
}
