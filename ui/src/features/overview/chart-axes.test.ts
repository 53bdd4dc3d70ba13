import { describe, expect, it } from 'vitest';
import { dayTicks, shortDay, valueTicks } from './chart-axes';

describe('the day chart axes', () => {
  it('counts in round steps up to the first at or above the largest figure', () => {
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(10)).toEqual([0, 5, 10]);
    expect(valueTicks(36)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(180)).toEqual([0, 50, 100, 150, 200]);
    expect(valueTicks(0)).toEqual([0, 1]);
  });

  it('names today and every week before it', () => {
    expect(dayTicks(30)).toEqual([1, 8, 15, 22, 29]);
    expect(dayTicks(3)).toEqual([2]);
    expect(dayTicks(0)).toEqual([]);
  });

  it('writes a day short, in the language', () => {
    expect(shortDay('2026-11-24', 'en')).toBe('24 Nov');
    expect(shortDay('2026-11-24', 'da')).toBe('24. nov.');
    expect(shortDay('not a day', 'en')).toBe('not a day');
  });
});
