import { describe, expect, it } from 'vitest';
import { looksLikeId, matchCommands } from './palette';

describe('command palette', () => {
  it('recognises a transaction id', () => {
    expect(looksLikeId(' 5b01f353-7fff-42c0-8764-b86e908456a0 ')).toBe(true);
    expect(looksLikeId('DEAL-2026-0042')).toBe(false);
  });
  it('matches every typed word', () => {
    const items = [{ label: 'Go to Audit log' }, { label: 'Switch to Sandbox' }, { label: 'Theme: dark' }];
    expect(matchCommands(items, 'aud')).toEqual([{ label: 'Go to Audit log' }]);
    expect(matchCommands(items, 'to sand')).toEqual([{ label: 'Switch to Sandbox' }]);
    expect(matchCommands(items, '')).toHaveLength(3);
  });
});
