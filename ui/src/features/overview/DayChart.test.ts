// The overview's day chart: a value axis with round counts, days named on the time axis in
// the language, and each day's figures on hover and on keyboard focus (one tab stop).
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPoint } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import DayChart from './DayChart.svelte';

const days: DayPoint[] = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`, created: i === 10 ? 7 : i % 3, paid: i === 29 ? 2 : 0, paidOut: 0,
}));

const texts = (id: string) => screen.getAllByTestId(id).map((e) => e.textContent?.trim());

beforeEach(() => i18n.set('en'));

describe('the day chart', () => {
  it('has a value axis of round counts and names every week on the time axis', () => {
    render(DayChart, { days, onday: () => {} });
    expect(texts('chart-y-label')).toEqual(['0', '2', '4', '6', '8']);
    expect(texts('chart-x-label')).toEqual(['2 Nov', '9 Nov', '16 Nov', '23 Nov', '30 Nov']);
  });

  it('names the days in Danish in the Danish window', async () => {
    i18n.set('da');
    render(DayChart, { days, onday: () => {} });
    expect(texts('chart-x-label')).toEqual(['2. nov.', '9. nov.', '16. nov.', '23. nov.', '30. nov.']);
  });

  it("shows a day's figures on hover and on focus, and moves along the days by keyboard", async () => {
    const onday = vi.fn();
    render(DayChart, { days, onday });
    const buttons = screen.getAllByTestId('chart-day');
    expect(buttons.filter((b) => b.tabIndex === 0).map((b) => b.dataset.day)).toEqual(['2026-11-30']);
    expect(buttons[10].getAttribute('aria-label')).toBe('11 Nov 2026: 7 created, 0 paid, 0 paid out');

    await fireEvent.mouseEnter(buttons[10]);
    expect(screen.getByTestId('chart-readout').textContent).toBe('11 Nov 2026: 7 created, 0 paid, 0 paid out');
    await fireEvent.mouseLeave(buttons[10]);

    buttons[29].focus();
    await tick();
    expect(screen.getByTestId('chart-readout').textContent).toBe('30 Nov 2026: 2 created, 2 paid, 0 paid out');
    await fireEvent.keyDown(buttons[29], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[28]);
    await tick();
    expect(buttons[28].tabIndex).toBe(0);
    expect(screen.getByTestId('chart-readout').textContent).toContain('29 Nov 2026');
    await fireEvent.keyDown(buttons[28], { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    await fireEvent.click(buttons[0]);
    expect(onday).toHaveBeenCalledWith('2026-11-01');
  });
});
