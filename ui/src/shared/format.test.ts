import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';

describe('formatMoney', () => {
  it('formats DKK in Danish and English', () => {
    expect(formatMoney('289500.00', 'DKK', 'da')).toBe('289.500,00 kr.');
    expect(formatMoney('289500.00', 'DKK', 'en')).toBe('DKK 289,500.00');
  });

  it('formats EUR in Danish and English', () => {
    expect(formatMoney('1234.50', 'EUR', 'da')).toBe('1.234,50 €');
    expect(formatMoney('1234.50', 'EUR', 'en')).toBe('€1,234.50');
  });

  it('formats negative amounts', () => {
    expect(formatMoney('-1234.50', 'DKK', 'da')).toBe('-1.234,50 kr.');
    expect(formatMoney('-1234.50', 'EUR', 'en')).toBe('-€1,234.50');
    expect(formatMoney('-0.00', 'DKK', 'en')).toBe('DKK 0.00');
  });

  it('formats large amounts without float loss', () => {
    expect(formatMoney('9007199254740993.01', 'DKK', 'da')).toBe('9.007.199.254.740.993,01 kr.');
    expect(formatMoney('9007199254740993.01', 'DKK', 'en')).toBe('DKK 9,007,199,254,740,993.01');
    expect(formatMoney('123456789012345678901234.99', 'EUR', 'en')).toBe('€123,456,789,012,345,678,901,234.99');
  });

  it('keeps every significant decimal given as a string and pads to two', () => {
    expect(formatMoney('0.123456789', 'DKK', 'da')).toBe('0,123456789 kr.');
    expect(formatMoney('12.3400', 'EUR', 'en')).toBe('€12.34');
    expect(formatMoney('5', 'DKK', 'da')).toBe('5,00 kr.');
    expect(formatMoney('0.1', 'EUR', 'da')).toBe('0,10 €');
  });

  it('handles odd input without throwing', () => {
    expect(formatMoney(null, 'DKK', 'da')).toBe('—');
    expect(formatMoney('n/a', 'DKK', 'en')).toBe('n/a DKK');
    expect(formatMoney('10.00', 'XX', 'en')).toBe('10.00 XX');
    expect(formatMoney('10.00', null, 'da')).toBe('10,00');
  });
});

describe('formatDate', () => {
  it('formats date-only values without a timezone shift', () => {
    expect(formatDate('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDate('2026-12-01', 'da')).toBe('1. dec. 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDate(null, 'en')).toBe('—');
  });
});

describe('cached formatters', () => {
  it('keep each language and option set apart', () => {
    const at = '2026-12-01T09:30:00';
    const en = formatDateTime(at, 'en');
    const da = formatDateTime(at, 'da');
    expect(en).not.toBe(da);
    expect(formatDateTime(at, 'en')).toBe(en);
    expect(formatDateTime('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDate(at, 'da')).toBe('1. dec. 2026');
    expect(formatNumber(1234.5, 'en', { maximumFractionDigits: 0 })).not.toBe(formatNumber(1234.5, 'en', { minimumFractionDigits: 2 }));
    expect(formatNumber(1234.5, 'da')).toBe(formatNumber(1234.5, 'da'));
  });
});

describe('service messages', () => {
  it('puts the amounts of a service message in the user format', async () => {
    const { localizeAmounts } = await import('./errors');
    expect(localizeAmounts('Amount exceeds the reimbursable 286510.00 DKK', 'da')).toBe('Amount exceeds the reimbursable 286.510,00 kr.');
    expect(localizeAmounts('at most 12.5 EUR left', 'en')).toContain('12.50');
  });
});
