import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { askWhereToSave } from './saveAs';

let calls: Array<{ cmd: string; args: unknown }> = [];

afterEach(() => {
  clearMocks();
  calls = [];
});

describe('askWhereToSave', () => {
  it('answers the token of the chosen file, never its path', async () => {
    mockIPC((cmd, args) => {
      calls.push({ cmd, args });
      return { token: 'a'.repeat(32), path: '/home/staff/Reports/list.csv' };
    });
    expect(await askWhereToSave('selection', 'mine.csv')).toBe('a'.repeat(32));
    expect(calls).toEqual([{ cmd: 'choose_save_path', args: { kind: 'selection', suggestedName: 'mine.csv' } }]);
  });

  it('answers null when the dialog was cancelled', async () => {
    mockIPC(() => ({ token: null, path: null }));
    expect(await askWhereToSave('audit')).toBeNull();
  });
});
