// The language chosen in the window reaches Rust (its menu, notifications and dialog titles
// follow it): at start, on each change, and back to the system's when the system is chosen.
import { render, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from './App.svelte';
import { argsOf, installMock } from '../../test/users-documents-mock';
import { i18n } from '../../shared/i18n/i18n.svelte';

beforeEach(() => {
  i18n.set('en');
  installMock({ set_language: () => null });
});

describe("Rust's texts follow the chosen language", () => {
  it('tells Rust the choice at start and on every change', async () => {
    render(App);
    await waitFor(() => expect(argsOf('set_language').at(-1)).toEqual({ lang: 'en' }));
    i18n.set('da');
    await waitFor(() => expect(argsOf('set_language').at(-1)).toEqual({ lang: 'da' }));
    i18n.followSystem();
    await waitFor(() => expect(argsOf('set_language').at(-1)).toEqual({ lang: null }));
  });
});
