import { describe, expect, it, vi } from 'vitest';
import { listenToMenu, menuAction } from './menu';

describe('native menu', () => {
  it('maps ids to actions and ignores unknown ones', () => {
    expect(menuAction('go-users')).toEqual({ kind: 'item', item: { kind: 'page', page: 'users' } });
    // The palette's own command: one path for the menu and the palette.
    expect(menuAction('copy-diagnostics')).toEqual({ kind: 'item', item: { kind: 'copy-diagnostics' } });
    expect(menuAction('toString')).toBeNull();
    expect(menuAction(42)).toBeNull();
  });

  it('hands menu events to the handler until stopped', () => {
    const handle = vi.fn();
    const stop = listenToMenu(handle);
    window.dispatchEvent(new CustomEvent('desk-menu', { detail: 'palette' }));
    window.dispatchEvent(new CustomEvent('desk-menu', { detail: 'nonsense' }));
    stop();
    window.dispatchEvent(new CustomEvent('desk-menu', { detail: 'search' }));
    expect(handle.mock.calls).toEqual([[{ kind: 'palette' }]]);
  });
});
