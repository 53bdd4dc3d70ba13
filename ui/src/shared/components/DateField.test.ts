import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.svelte';
import DateField from './DateField.svelte';

describe('the date field', () => {
  it('shows and reads dates in the chosen language, never month first', async () => {
    i18n.set('da');
    const committed: string[] = [];
    render(DateField, { value: '2026-12-06', testid: 'd', onchange: (v: string) => committed.push(v) });
    const input = screen.getByTestId('d') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('06.12.2026');
    expect(input.placeholder).toBe('dd.mm.åååå');
    await fireEvent.input(input, { target: { value: '7.1.2027' } });
    await fireEvent.change(input);
    expect(committed).toEqual(['2027-01-07']);
    expect(input.value).toBe('07.01.2027');
    i18n.set('en');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(input.value).toBe('07/01/2027');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    await fireEvent.input(input, { target: { value: '12/31/2027' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
