import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.svelte';
import FileDrop from './FileDrop.svelte';

describe('the file field', () => {
  it('says "choose file" and the chosen name in the chosen language, not the web view’s own words', async () => {
    i18n.set('da');
    const got: (File | null)[] = [];
    render(FileDrop, { testid: 'f', label: 'Dokument', onfile: (file: File | null) => got.push(file) });
    expect(screen.getByTestId('f-drop').textContent).toContain('Vælg fil');
    expect(screen.getByTestId('f-name').textContent).toBe('Ingen fil valgt');
    const input = screen.getByTestId('f') as HTMLInputElement;
    expect(input.getAttribute('aria-label')).toBe('Dokument');
    expect(input.getAttribute('title')).toBe('Ingen fil valgt');

    const pdf = new File(['%PDF-1.4'], 'koebsaftale.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [pdf], configurable: true });
    await fireEvent.change(input);
    expect(got).toEqual([pdf]);
    expect(screen.getByTestId('f-name').textContent).toBe('koebsaftale.pdf');

    const photo = new File(['x'], 'gaeld.png', { type: 'image/png' });
    await fireEvent.drop(screen.getByTestId('f-drop'), { dataTransfer: { files: [photo] } });
    expect(got).toEqual([pdf, photo]);
    expect(screen.getByTestId('f-name').textContent).toBe('gaeld.png');
    i18n.set('en');
  });
});
