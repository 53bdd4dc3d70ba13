import { describe, expect, it } from 'vitest';
import { da, dictionaries, en } from '../../shared/i18n/i18n.svelte';
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

describe('plural keys', () => {
  it('exist in both forms for every plural key', () => {
    for (const key of Object.keys(en)) {
      const m = /^(.*)\.(one|other)$/.exec(key);
      if (m) expect(Object.keys(en), key).toContain(`${m[1]}.${m[2] === 'one' ? 'other' : 'one'}`);
    }
  });
});
