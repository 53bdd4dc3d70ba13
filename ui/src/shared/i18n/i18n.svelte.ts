// The translation runtime: the window's language, t() over the assembled dictionaries, plurals.
import { da, en, type Dictionary, type MessageKey } from './messages';
import { pluralForm } from './plural';

export { da, en, type Dictionary, type MessageKey };

export type Lang = 'en' | 'da';
export const LANGS: readonly Lang[] = ['en', 'da'];
const STORAGE_KEY = 'escrow-desk.lang';

/** Bases of keys that come in both plural forms (`<base>.one` and `<base>.other`). */
export type PluralBase = {
  [K in MessageKey]: K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;
}[MessageKey];

export const dictionaries: Record<Lang, Dictionary> = { en, da };

function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'da' || saved === 'en') return saved;
  } catch {
    /* storage unavailable */
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('da') ? 'da' : 'en';
}

class I18n {
  lang = $state<Lang>(initialLang());

  set(lang: Lang) {
    this.lang = lang;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
      /* ignore */
    }
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  }
}

export const i18n = new I18n();
if (typeof document !== 'undefined') document.documentElement.lang = i18n.lang;

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  let s: string = dictionaries[lang][key] ?? en[key] ?? key;
  if (params) {
    // A value that ends a sentence itself ("289.500,00 kr.") takes the template's full stop.
    s = s.replace(/\{(\w+)\}(\.?)/g, (m, name: string, dot: string) => {
      if (!(name in params)) return m;
      const value = String(params[name]);
      return value + (dot && value.endsWith('.') ? '' : dot);
    });
  }
  return s;
}

/** Reactive translate: reads the current language (re-renders when it changes). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(i18n.lang, key, params);
}

/** Plural helper for keys with `.one` / `.other` variants. */
export function tn(base: PluralBase, count: number, params?: Record<string, string | number>): string {
  const key = `${base}.${pluralForm(i18n.lang, count)}` as MessageKey;
  const formatted = new Intl.NumberFormat(i18n.lang === 'da' ? 'da-DK' : 'en-GB').format(count);
  return t(key, { count: formatted, ...params });
}

export function statusLabel(status: string): string {
  const key = `status.${status}` as MessageKey;
  return key in en ? t(key) : humanize(status);
}

/** An unknown service value made readable: `PARTLY_PAID` → "Partly paid". */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/** A payment method in the user's language (PSD2, bank transfer, mobile wallet); unknown ones made readable. */
export function methodLabel(method: string): string {
  const key = `method.${method}` as MessageKey;
  return key in en ? t(key) : humanize(method);
}

/** A user type in the user's language (Private, Business, Guest); unknown values as sent. */
export function userTypeLabel(type: string): string {
  const key = `userType.${type}` as MessageKey;
  return key in en ? t(key) : humanize(type);
}

/** Label for a value under a key prefix (e.g. `recipient.PAYEE`); unknown values are shown as sent. */
export function labelOf(prefix: 'action.kind' | 'recipient' | 'timing' | 'state' | 'phase', value: string): string {
  const key = `${prefix}.${value}` as MessageKey;
  return key in en ? t(key) : humanize(value);
}
