import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { i18n, t } from './i18n.svelte';
import { savedChoice, systemLang } from './locale';

function osLanguages(languages: string[]) {
  Object.defineProperty(globalThis.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(globalThis.navigator, 'language', { value: languages[0] ?? '', configurable: true });
  globalThis.dispatchEvent(new Event('languagechange'));
  flushSync();
}

describe('the OS locale', () => {
  it('picks the first supported language among the preferred ones', () => {
    expect(systemLang(['da-DK', 'en-US'])).toBe('da');
    expect(systemLang(['nb-NO', 'da', 'en'])).toBe('da');
    expect(systemLang(['en_GB.UTF-8'])).toBe('en');
    expect(systemLang(['da_DK.UTF-8@euro'])).toBe('da');
    expect(systemLang(['de-DE', 'fr'])).toBe('en');
    expect(systemLang([])).toBe('en');
  });
});

describe('the window language', () => {
  beforeEach(() => {
    osLanguages(['en-US']);
    i18n.followSystem();
  });
  afterEach(() => osLanguages(['en-US']));

  it('follows the OS live until the user picks one', () => {
    expect(savedChoice()).toBe('system');
    osLanguages(['da-DK', 'en']);
    expect(i18n.lang).toBe('da');
    expect(document.documentElement.lang).toBe('da');
    expect(t('lang.en')).toBe('Engelsk');
    osLanguages(['en-GB']);
    expect(i18n.lang).toBe('en');
  });

  it('keeps the user\'s pick over a change of the OS, and follows again when asked', () => {
    i18n.set('en');
    expect(savedChoice()).toBe('en');
    osLanguages(['da-DK']);
    expect(i18n.lang).toBe('en');
    i18n.followSystem();
    expect(i18n.lang).toBe('da');
    expect(savedChoice()).toBe('system');
  });
});
