// The translation runtime: the window's language, t() over the dictionaries the shell hands in
// (`addMessages`, from features/shell/strings.ts), plurals.
import type { Dictionary, MessageKey } from './messages';
import { LANGS, type Lang, type LangChoice, onSystemLanguageChange, preferredLanguages, saveChoice, savedChoice, systemLang } from './locale';
import { pluralForm } from './plural';

export type { Dictionary, MessageKey };

export { LANGS, type Lang, type LangChoice };

/** Bases of keys that come in both plural forms (`<base>.one` and `<base>.other`). */
export type PluralBase = {
  [K in MessageKey]: K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;
}[MessageKey];

/** The English and Danish dictionaries: empty until `addMessages` fills them. */
export const en = {} as Dictionary;
export const da = {} as Dictionary;
export const dictionaries: Record<Lang, Dictionary> = { en, da };

/** Hands in the assembled dictionaries (the shell does, before the first page shows). */
export function addMessages(english: Dictionary, danish: Dictionary) {
  Object.assign(en, english);
  Object.assign(da, danish);
}

/** The language in effect: the user's pick, else the OS's (see `locale.ts`). */
class I18n {
  choice = $state<LangChoice>(savedChoice());
  system = $state<Lang>(systemLang(preferredLanguages()));
  lang = $derived<Lang>(this.choice === 'system' ? this.system : this.choice);

  /** The user picks a language: kept, and no longer follows the OS. */
  set(lang: Lang) {
    this.choice = lang;
    saveChoice(lang);
    this.apply();
  }

  /** Back to following the OS locale. */
  followSystem() {
    this.choice = 'system';
    saveChoice('system');
    this.refreshSystem();
  }

  /** Reads the OS's preferred languages again (on `languagechange`). */
  refreshSystem() {
    this.system = systemLang(preferredLanguages());
    this.apply();
  }

  private apply() {
    if (typeof document !== 'undefined') document.documentElement.lang = this.lang;
  }
}

export const i18n = new I18n();
if (typeof document !== 'undefined') document.documentElement.lang = i18n.lang;
// Following the OS: a change of its preferred languages while running is picked up.
onSystemLanguageChange(() => i18n.refreshSystem());

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

/** A label (a status, an outcome) inside a sentence: lower case in both languages ("… er annulleret"). */
export function midSentence(label: string): string {
  return label.toLocaleLowerCase(i18n.lang === 'da' ? 'da-DK' : 'en-GB');
}

/** An unknown service value made readable: `PARTLY_PAID` → "Partly paid", `somethingNew` → "Something new". */
export function humanize(value: string): string {
  const words = value.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
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
