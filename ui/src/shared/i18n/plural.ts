// The plural form of a count, by the language's CLDR rules (Intl.PluralRules), for keys that
// come as `<base>.one` / `<base>.other`.
export type PluralForm = 'one' | 'other';

const LOCALE = { en: 'en-GB', da: 'da-DK' } as const;
const rules = new Map<keyof typeof LOCALE, Intl.PluralRules>();

/** English and Danish have two cardinal forms: `one` and `other`. */
export function pluralForm(lang: keyof typeof LOCALE, count: number): PluralForm {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(LOCALE[lang]);
    rules.set(lang, r);
  }
  return r.select(count) === 'one' ? 'one' : 'other';
}
