import { describe, expect, it } from 'vitest';
import { i18n, labelOf } from '../../shared/i18n/i18n.svelte';
import { noteWords } from './note';

describe("a desk's own audit rows", () => {
  it('says snoozing and waking an attention item in the chosen language, never as stored codes', () => {
    i18n.set('da');
    const snoozed = noteWords({ kind: 'text', text: 'debt_missing: snoozed 3 days: Forhandlerne har ingen gæld' }, 'da');
    expect(snoozed?.text).toBe('Udsat i 3 dage (Ingen gældsoplysninger): Forhandlerne har ingen gæld');
    expect(noteWords({ kind: 'text', text: 'debt_missing' }, 'da')?.text).toBe('Vækket (Ingen gældsoplysninger)');
    expect(labelOf('action.kind', 'snooze_attention')).toBe('Udsæt');
    expect(labelOf('phase', 'local')).toBe('På dette skrivebord');
    expect(labelOf('state', 'done')).toBe('Udført');
    // Any other text a row holds is shown as written.
    expect(noteWords({ kind: 'text', text: 'a note of its own' }, 'da')?.text).toBe('a note of its own');
    i18n.set('en');
    expect(noteWords({ kind: 'text', text: 'debt_missing: snoozed 7 days: waiting' }, 'en')?.text).toBe('Snoozed for 7 days (No debt information): waiting');
  });
});
