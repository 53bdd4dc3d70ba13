import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldText } from './field-catalogue';
import { i18n } from './i18n/i18n.svelte';

/** The messages a Rust source puts on a field (`fail(field, "…")`, `validation(field, "…")`), placeholders filled. */
function rustFieldMessages(path: string): string[] {
  const source = readFileSync(new URL(path, import.meta.url), 'utf8');
  const found = [...source.matchAll(/(?:fail|validation)\([^,()]+,\s*(?:format!\()?"((?:[^"\\]|\\.)+)"/g)].map((m) => m[1]);
  return found.map((m) => m.replace(/\{\w*\}/g, '9').replace(/\\'/g, "'"));
}

describe('field catalogue', () => {
  it('words every field check of the new-deal form in Danish and English', () => {
    const messages = [
      ...rustFieldMessages('../../../src-tauri/src/transactions/create.rs'),
      ...rustFieldMessages('../../../crates/escrow-api/src/v2/transactions/create.rs'),
    ];
    expect(messages.length).toBeGreaterThan(15);
    for (const lang of ['da', 'en'] as const) {
      i18n.set(lang);
      for (const m of messages) expect(fieldText(m), `${lang}: ${m}`).not.toBe(m);
    }
  });

  it('words every field check of the trade forms in Danish and English', () => {
    const messages = [
      ...rustFieldMessages('../../../crates/escrow-api/src/trade/validate.rs'),
      ...rustFieldMessages('../../../crates/escrow-api/src/trade/trades.rs'),
    ];
    expect(messages.length).toBeGreaterThan(8);
    for (const lang of ['da', 'en'] as const) {
      i18n.set(lang);
      for (const m of messages) expect(fieldText(m), `${lang}: ${m}`).not.toBe(m);
    }
    i18n.set('da');
    expect(fieldText('must be 2 to 200 characters (is 1)')).toBe('Skal være 2 til 200 tegn (nu 1).');
    expect(fieldText('must be 0.01 to 1000000 (is 0)')).toBe('Skal være fra 0,01 til 1.000.000 (nu 0).');
  });

  it('says a known check in the language chosen, numbers in its format, and keeps an unknown one', () => {
    i18n.set('da');
    expect(fieldText('is required for a Marketplace transaction')).toBe('Påkrævet for en markedspladshandel.');
    expect(fieldText('must be a whole number from 0 to 9999999')).toBe('Skal være et helt tal fra 0 til 9.999.999.');
    expect(fieldText('something new')).toBe('something new');
    i18n.set('en');
    expect(fieldText('must be at most 200 characters')).toBe('At most 200 characters.');
  });
});
