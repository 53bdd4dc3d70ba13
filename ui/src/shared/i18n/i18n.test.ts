import { describe, expect, it } from 'vitest';
import { da, dictionaries, en, translate } from './i18n.svelte';

describe('i18n dictionaries', () => {
  const enKeys = Object.keys(en).sort();
  const daKeys = Object.keys(da).sort();

  it('have exactly the same keys in both languages', () => {
    expect(daKeys).toEqual(enKeys);
  });

  it('have a non-empty string for every key', () => {
    for (const [lang, dict] of Object.entries(dictionaries)) {
      for (const [key, value] of Object.entries(dict)) {
        expect(typeof value, `${lang}:${key}`).toBe('string');
        expect(value.trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of enKeys as Array<keyof typeof en>) {
      expect(ph(da[key]), String(key)).toEqual(ph(en[key]));
    }
  });

  it('interpolates parameters', () => {
    expect(translate('en', 'tx.range', { from: 1, to: 50, total: 200 })).toBe('1–50 of 200');
    expect(translate('da', 'tx.range', { from: 1, to: 50, total: 200 })).toBe('1–50 af 200');
  });
});
