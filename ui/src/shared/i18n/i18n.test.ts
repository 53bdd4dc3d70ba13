// The translation runtime over the dictionaries the shell hands in (src/test/setup.ts loads
// them, as main.ts does): parameters, plural forms, service values in the chosen language.
import { describe, expect, it } from 'vitest';
import { i18n, tn, translate } from './i18n.svelte';
import { pluralForm } from './plural';

describe('translate', () => {
  it('interpolates parameters', () => {
    expect(translate('en', 'tx.range', { from: 1, to: 50, total: 200 })).toBe('1–50 of 200');
    expect(translate('da', 'tx.range', { from: 1, to: 50, total: 200 })).toBe('1–50 af 200');
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
});

describe('service values in the user language', () => {
  it('translates known statuses, methods and user types, and makes unknown ones readable', async () => {
    const { i18n, humanize, methodLabel, statusLabel, userTypeLabel } = await import('./i18n.svelte');
    i18n.set('da');
    expect(statusLabel('PAID')).toBe('Betalt');
    expect(methodLabel('BANK')).toBe('Bankoverførsel');
    expect(userTypeLabel('Business')).toBe('Virksomhed');
    expect(statusLabel('PARTLY_PAID')).toBe('Partly paid');
    expect(humanize('MOBILE-WALLET')).toBe('Mobile wallet');
    i18n.set('en');
  });
});
