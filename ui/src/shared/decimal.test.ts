import { describe, expect, it } from 'vitest';
import { add, compare, parseDecimal, sub, sumDecimals, toDecimalString } from './decimal';

describe('decimal helper', () => {
  it('parses and prints decimal strings exactly', () => {
    expect(toDecimalString(parseDecimal('289500.00')!)).toBe('289500.00');
    expect(toDecimalString(parseDecimal('9007199254740993.01')!)).toBe('9007199254740993.01');
    expect(toDecimalString(parseDecimal('-0.5')!)).toBe('-0.50');
    expect(toDecimalString(parseDecimal('7')!)).toBe('7.00');
    expect(toDecimalString(parseDecimal('.25')!)).toBe('0.25');
    expect(toDecimalString(parseDecimal('1.23456')!)).toBe('1.23456');
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal(null)).toBeNull();
  });

  it('adds and subtracts without float loss', () => {
    const a = parseDecimal('0.1')!;
    const b = parseDecimal('0.2')!;
    expect(toDecimalString(add(a, b))).toBe('0.30');
    expect(toDecimalString(add(parseDecimal('9007199254740993.01')!, parseDecimal('0.01')!))).toBe('9007199254740993.02');
    expect(toDecimalString(sub(parseDecimal('10')!, parseDecimal('0.005')!))).toBe('9.995');
    expect(compare(parseDecimal('1.50')!, parseDecimal('1.5')!)).toBe(0);
    expect(compare(parseDecimal('-1')!, parseDecimal('0')!)).toBe(-1);
    expect(toDecimalString(sumDecimals(['1.10', null, '2.20', 'x']))).toBe('3.30');
  });
});
