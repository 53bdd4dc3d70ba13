// The audit log stores codes (`payout`, `intent`, `succeeded`) and shows words ("Udbetal",
// "Hensigt", "Udført"). A filter is matched by Rust against the stored text and against the
// codes whose shown words (in either language) match it, so a person finds rows by what they read.
import { dictionaries, LANGS } from '../../shared/i18n/i18n.svelte';

/** The coded columns and the prefix of their words. */
const PREFIXES = ['action.kind.', 'phase.', 'state.'] as const;

/** Lower case, letters and digits only ("Pay out" and "payout" are the same word). */
const plain = (s: string) => s.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The codes whose words match `filter`: a word containing it, or contained in it when the word is
 * long enough to mean something on its own ("Udbetaling" finds "Udbetal").
 */
export function shownAs(filter: string): string[] {
  const q = plain(filter);
  if (q.length < 2) return [];
  const out = new Set<string>();
  for (const lang of LANGS) {
    for (const [key, words] of Object.entries(dictionaries[lang])) {
      const prefix = PREFIXES.find((p) => key.startsWith(p));
      if (!prefix) continue;
      const w = plain(words);
      if (w.includes(q) || (w.length >= 5 && q.includes(w))) out.add(key.slice(prefix.length));
    }
  }
  return [...out].sort();
}
