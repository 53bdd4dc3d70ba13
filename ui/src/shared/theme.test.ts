import { describe, expect, it } from 'vitest';
import { resolve, theme } from './theme.svelte';

describe('theme', () => {
  it('resolves "system" to the OS theme and keeps explicit choices', () => {
    expect(resolve('system', true)).toBe('dark');
    expect(resolve('system', false)).toBe('light');
    expect(resolve('light', true)).toBe('light');
    expect(resolve('dark', false)).toBe('dark');
  });

  it('always sets data-theme, so one dark palette in the CSS serves both', () => {
    theme.set('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    theme.set('system');
    expect(['light', 'dark']).toContain(document.documentElement.dataset.theme);
    theme.set('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
