import { describe, expect, it } from 'vitest';
import { parseWholeInput } from './whole';

describe('parseWholeInput', () => {
  it('reads Danish grouping (45.000) as forty-five thousand', () => {
    expect(parseWholeInput('45.000', 'da', 9_999_999)).toEqual({ ok: true, value: '45000' });
    expect(parseWholeInput('1.234.567', 'da', 9_999_999)).toEqual({ ok: true, value: '1234567' });
    expect(parseWholeInput('45 000', 'da', 9_999_999)).toEqual({ ok: true, value: '45000' });
    expect(parseWholeInput('45\u00a0000', 'da', 9_999_999)).toEqual({ ok: true, value: '45000' });
  });

  it('reads English grouping (45,000) and plain digits', () => {
    expect(parseWholeInput('45,000', 'en', 9_999_999)).toEqual({ ok: true, value: '45000' });
    expect(parseWholeInput('45000', 'en', 9_999_999)).toEqual({ ok: true, value: '45000' });
    expect(parseWholeInput('0', 'da', 10)).toEqual({ ok: true, value: '0' });
  });

  it('refuses decimals in the locale, bad groups, signs and values over the maximum', () => {
    expect(parseWholeInput('45,5', 'da', 9_999_999)).toEqual({ ok: false, error: 'notWhole' });
    expect(parseWholeInput('45.000', 'en', 9_999_999)).toEqual({ ok: false, error: 'notWhole' });
    expect(parseWholeInput('4.5000', 'da', 9_999_999)).toEqual({ ok: false, error: 'invalid' });
    expect(parseWholeInput('-5', 'da', 9_999_999)).toEqual({ ok: false, error: 'negative' });
    expect(parseWholeInput('12 km', 'da', 9_999_999)).toEqual({ ok: false, error: 'invalid' });
    expect(parseWholeInput('10.000.000', 'da', 9_999_999)).toEqual({ ok: false, error: 'tooLarge' });
    expect(parseWholeInput('2101', 'en', 2100)).toEqual({ ok: false, error: 'tooLarge' });
  });
});
