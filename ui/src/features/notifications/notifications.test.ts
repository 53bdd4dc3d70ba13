import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.svelte';
import ChangeNotifyToggle from './ChangeNotifyToggle.svelte';

afterEach(() => clearMocks());

describe('change notifications setting', () => {
  it('shows the stored setting (off by default) and saves a change through Rust', async () => {
    i18n.set('en');
    let stored = false;
    const saved: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === 'notification_settings') return { changes: stored };
      if (cmd === 'save_notification_settings') {
        saved.push(args);
        stored = (args as { settings: { changes: boolean } }).settings.changes;
        return { changes: stored };
      }
      throw { code: 'internal', message: cmd };
    });
    render(ChangeNotifyToggle);
    const box = (await screen.findByTestId('notify-changes')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await fireEvent.click(box);
    await waitFor(() => expect(saved).toEqual([{ settings: { changes: true } }]));
    expect(box.checked).toBe(true);
  });

  it('puts the box back and says why when saving fails', async () => {
    i18n.set('en');
    mockIPC((cmd) => {
      if (cmd === 'notification_settings') return { changes: false };
      throw { code: 'storage', message: 'disk full' };
    });
    render(ChangeNotifyToggle);
    const box = (await screen.findByTestId('notify-changes')) as HTMLInputElement;
    await fireEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toContain('disk full');
    expect(box.checked).toBe(false);
  });
});
