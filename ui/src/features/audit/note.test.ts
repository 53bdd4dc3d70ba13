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

describe('an action told by its intent and outcome rows', () => {
  it("says a created deal's words without its id (the deal is linked beside them)", () => {
    i18n.set('en');
    const words = noteWords({ kind: 'created', id: '7f1c2d3e-0000-4000-8000-000000000001' }, 'en');
    expect(words?.text).toBe('Created the transaction');
    expect(words?.text).not.toContain('7f1c2d3e');
  });

  it('shows an intent row with how its action ended, not pending for ever', async () => {
    const { endings, shownOutcome } = await import('./note');
    const rows = [
      { actionId: 'a-2', phase: 'intent', outcome: 'pending' },
      { actionId: 'a-1', phase: 'outcome', outcome: 'succeeded' },
      { actionId: 'a-1', phase: 'outcome', outcome: 'unknown' },
      { actionId: 'a-1', phase: 'intent', outcome: 'pending' },
    ];
    const ended = endings(rows);
    expect(rows.map((r) => shownOutcome(r, ended))).toEqual(['pending', 'succeeded', 'unknown', 'succeeded']);
  });
});

describe('a payment row', () => {
  it('says a payment was made, never its id (#32)', () => {
    i18n.set('en');
    const shown = noteWords({ kind: 'payment', id: 'd0187a00-1111-2222-3333-444455556666' }, 'en');
    expect(shown?.text).toBe('Made a payment for the payer to pay');
    expect(shown?.text).not.toContain('d0187a00');
  });
});
