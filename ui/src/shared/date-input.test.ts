import { describe, expect, it } from 'vitest';
import { formatDateInput, isIsoDate, parseDateInput } from './date-input';

describe('dates as people type them', () => {
  it('reads day first in any separator, and ISO', () => {
    expect(parseDateInput('27.11.2026')).toBe('2026-11-27');
    expect(parseDateInput('27/11/2026')).toBe('2026-11-27');
    expect(parseDateInput('1-3-26')).toBe('2026-03-01');
    expect(parseDateInput(' 2026-11-27 ')).toBe('2026-11-27');
    expect(parseDateInput('')).toBe('');
  });

  it('keeps what is not a date as typed (the form says so)', () => {
    expect(parseDateInput('31.02.2026')).toBe('31.02.2026');
    expect(parseDateInput('11/27/2026')).toBe('11/27/2026');
    expect(parseDateInput('tomorrow')).toBe('tomorrow');
    expect(isIsoDate('2026-02-31')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  it('writes a date as the chosen language does, never month first', () => {
    expect(formatDateInput('2026-12-06', 'da')).toBe('06.12.2026');
    expect(formatDateInput('2026-12-06', 'en')).toBe('06/12/2026');
    expect(formatDateInput('half', 'en')).toBe('half');
    expect(formatDateInput(null, 'da')).toBe('');
  });
});
