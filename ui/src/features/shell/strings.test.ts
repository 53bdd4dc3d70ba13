import { describe, expect, it } from 'vitest';
import { da, dictionaries, en, i18n, tn, translate } from '../../shared/i18n/i18n.svelte';
import { pluralForm } from '../../shared/i18n/plural';
import { PARTS } from './strings';

const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();

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

describe('i18n parts per feature', () => {
  for (const [name, part] of Object.entries(PARTS)) {
    it(`${name}: the same keys and placeholders in English and Danish`, () => {
      const enPart = part.en as Record<string, string>;
      const daPart = part.da as Record<string, string>;
      expect(Object.keys(daPart).sort(), name).toEqual(Object.keys(enPart).sort());
      for (const key of Object.keys(enPart)) {
        expect(placeholders(daPart[key]), `${name}:${key}`).toEqual(placeholders(enPart[key]));
      }
    });
  }

  it('own every key once, and together make the dictionaries', () => {
    const owners = new Map<string, string>();
    for (const [name, part] of Object.entries(PARTS)) {
      for (const key of Object.keys(part.en)) {
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${name}`).toBeUndefined();
        owners.set(key, name);
      }
    }
    expect([...owners.keys()].sort()).toEqual(Object.keys(en).sort());
  });
});

describe('plurals', () => {
  it('choose the form by the language rules', () => {
    for (const lang of ['en', 'da'] as const) {
      expect(pluralForm(lang, 1)).toBe('one');
      expect(pluralForm(lang, 0)).toBe('other');
      expect(pluralForm(lang, 2)).toBe('other');
      expect(pluralForm(lang, 1000)).toBe('other');
    }
  });

  it('format the count and pick the key variant', () => {
    i18n.set('en');
    expect(tn('tx.count', 1)).toBe(translate('en', 'tx.count.one', { count: '1' }));
    expect(tn('tx.count', 1200)).toBe(translate('en', 'tx.count.other', { count: '1,200' }));
    i18n.set('da');
    expect(tn('tx.count', 1200)).toBe(translate('da', 'tx.count.other', { count: '1.200' }));
    i18n.set('en');
  });

  it('exist in both forms for every plural key', () => {
    for (const key of Object.keys(en)) {
      const m = /^(.*)\.(one|other)$/.exec(key);
      if (m) expect(Object.keys(en), key).toContain(`${m[1]}.${m[2] === 'one' ? 'other' : 'one'}`);
    }
  });
});

describe('service values in the user language', () => {
  it('translates known statuses, methods and user types, and makes unknown ones readable', async () => {
    const { i18n, humanize, methodLabel, statusLabel, userTypeLabel } = await import('../../shared/i18n/i18n.svelte');
    i18n.set('da');
    expect(statusLabel('PAID')).toBe('Betalt');
    expect(methodLabel('BANK')).toBe('Bankoverførsel');
    expect(userTypeLabel('Business')).toBe('Virksomhed');
    expect(statusLabel('PARTLY_PAID')).toBe('Partly paid');
    expect(humanize('MOBILE-WALLET')).toBe('Mobile wallet');
    i18n.set('en');
  });
});
