import { describe, expect, it } from 'vitest';
import { amountMatches, formatAmountPlain, parseAmountInput, searchTerm } from './amount';

const ok = (value: string) => ({ ok: true, value });
const err = (error: string) => ({ ok: false, error });

describe('amount input normalization', () => {
  it('reads Danish notation', () => {
    expect(parseAmountInput('1.250,50', 'da')).toEqual(ok('1250.50'));
    expect(parseAmountInput('1250,5', 'da')).toEqual(ok('1250.50'));
    expect(parseAmountInput('1.250', 'da')).toEqual(ok('1250.00'));
    expect(parseAmountInput('1.234.567,89', 'da')).toEqual(ok('1234567.89'));
    expect(parseAmountInput(' 289 500,00 ', 'da')).toEqual(ok('289500.00'));
    expect(parseAmountInput('289\u00a0500,00', 'da')).toEqual(ok('289500.00'));
  });

  it('reads English notation', () => {
    expect(parseAmountInput('1,250.50', 'en')).toEqual(ok('1250.50'));
    expect(parseAmountInput('1,250', 'en')).toEqual(ok('1250.00'));
    expect(parseAmountInput('1250.5', 'en')).toEqual(ok('1250.50'));
    expect(parseAmountInput('1,234,567.89', 'en')).toEqual(ok('1234567.89'));
    expect(parseAmountInput('.5', 'en')).toEqual(ok('0.50'));
  });

  it('reads the other language notation when it is unambiguous', () => {
    expect(parseAmountInput('1.250,50', 'en')).toEqual(ok('1250.50'));
    expect(parseAmountInput('1,250.50', 'da')).toEqual(ok('1250.50'));
    expect(parseAmountInput('1250.50', 'da')).toEqual(ok('1250.50'));
    expect(parseAmountInput('99,5', 'en')).toEqual(ok('99.50'));
  });

  it('keeps precision beyond float range', () => {
    expect(parseAmountInput('9.007.199.254.740.993,01', 'da')).toEqual(ok('9007199254740993.01'));
    expect(parseAmountInput('0.1', 'en')).toEqual(ok('0.10'));
  });

  it('refuses more than 2 decimals instead of rounding', () => {
    expect(parseAmountInput('1250,505', 'da')).toEqual(err('decimals'));
    expect(parseAmountInput('1,250.505', 'en')).toEqual(err('decimals'));
    expect(parseAmountInput('0.125', 'da')).toEqual(err('decimals'));
    // "1,250" is 1,250 decimals in Danish: three decimals, refused
    expect(parseAmountInput('1,250', 'da')).toEqual(err('decimals'));
    expect(parseAmountInput('1.250', 'en')).toEqual(err('decimals'));
  });

  it('refuses negative, zero, empty and malformed input', () => {
    expect(parseAmountInput('-5', 'en')).toEqual(err('negative'));
    expect(parseAmountInput('-1.250,50', 'da')).toEqual(err('negative'));
    expect(parseAmountInput('−100', 'da')).toEqual(err('negative'));
    expect(parseAmountInput('100-', 'da')).toEqual(err('negative'));
    expect(parseAmountInput('0', 'en')).toEqual(err('zero'));
    expect(parseAmountInput('0,00', 'da')).toEqual(err('zero'));
    expect(parseAmountInput('0', 'en', { allowZero: true })).toEqual(ok('0.00'));
    expect(parseAmountInput('', 'en')).toEqual(err('empty'));
    expect(parseAmountInput('   ', 'da')).toEqual(err('empty'));
    expect(parseAmountInput('abc', 'en')).toEqual(err('invalid'));
    expect(parseAmountInput('1e5', 'en')).toEqual(err('invalid'));
    expect(parseAmountInput('12,34,56', 'en')).toEqual(err('invalid'));
    expect(parseAmountInput('1.2.3,4', 'da')).toEqual(err('invalid'));
    expect(parseAmountInput('0.125.000', 'da')).toEqual(err('invalid'));
    expect(parseAmountInput('1234.567', 'da')).toEqual(err('decimals'));
    expect(parseAmountInput('.', 'en')).toEqual(err('invalid'));
  });

  it('formats a plain amount per language', () => {
    expect(formatAmountPlain('289500.00', 'da')).toBe('289.500,00');
    expect(formatAmountPlain('289500', 'en')).toBe('289,500.00');
    expect(formatAmountPlain('-0.5', 'en')).toBe('-0.50');
  });

  it('matches the typed confirmation against the required amount exactly', () => {
    expect(amountMatches('289.500,00', '289500.00', 'da')).toBe(true);
    expect(amountMatches('289500', '289500.00', 'da')).toBe(true);
    expect(amountMatches('289,500.00', '289500.00', 'en')).toBe(true);
    expect(amountMatches('289.500,01', '289500.00', 'da')).toBe(false);
    expect(amountMatches('289.50', '289500.00', 'en')).toBe(false);
    expect(amountMatches('', '289500.00', 'en')).toBe(false);
    expect(amountMatches('-289500', '289500.00', 'en')).toBe(false);
  });
});

describe('search terms', () => {
  it('reads an amount as the language shows it', () => {
    expect(searchTerm('289.500,00', 'da')).toBe('289500');
    expect(searchTerm('289.500', 'da')).toBe('289500');
    expect(searchTerm('289,500', 'en')).toBe('289500');
    expect(searchTerm('289,500.50', 'en')).toBe('289500.5');
    expect(searchTerm('289.500,50', 'da')).toBe('289500.5');
    expect(searchTerm(' 1 250,00 ', 'da')).toBe('1250');
  });

  it('reads an amount with its currency as the app shows it, in either language', () => {
    expect(searchTerm('DKK 289,500.00', 'en')).toBe('289500');
    expect(searchTerm('289.500,00 kr.', 'da')).toBe('289500');
    expect(searchTerm('€1,250.00', 'en')).toBe('1250');
    expect(searchTerm('1.250,50 €', 'da')).toBe('1250.5');
    expect(searchTerm('dkk289,500', 'en')).toBe('289500');
    expect(searchTerm('kr. 289.500', 'da')).toBe('289500');
    expect(searchTerm('289\u00a0500,00\u00a0kr.', 'da')).toBe('289500');
    expect(searchTerm('289500 kr.', 'da')).toBe('289500');
    expect(searchTerm('US$1,250.00', 'en')).toBe('1250');
    expect(searchTerm('SEK 1,250.00', 'en')).toBe('1250');
  });

  it('leaves a currency without a figure, or text beside one, as typed', () => {
    expect(searchTerm('DKK', 'en')).toBe('DKK');
    expect(searchTerm('kr.', 'da')).toBe('kr.');
    expect(searchTerm('€', 'en')).toBe('€');
    expect(searchTerm('Tesla 289,500', 'en')).toBe('Tesla 289,500');
    expect(searchTerm('EUR 1.2.3', 'en')).toBe('EUR 1.2.3');
    expect(searchTerm('EV 48 213', 'en')).toBe('EV 48 213');
  });

  it('leaves text, plates and bare digits as typed', () => {
    expect(searchTerm('EV 48 213', 'da')).toBe('EV 48 213');
    expect(searchTerm('48 213', 'da')).toBe('48 213');
    expect(searchTerm('289500', 'en')).toBe('289500');
    expect(searchTerm('Tesla', 'en')).toBe('Tesla');
    expect(searchTerm('1.2.3', 'en')).toBe('1.2.3');
    expect(searchTerm('', 'en')).toBe('');
  });
});
