/** How often the list reloads itself when auto-refresh is on. */
export const AUTO_REFRESH_MS = 30_000;

const KEY = 'escrow-desk.auto-refresh';

export function loadAutoRefresh(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function storeAutoRefresh(on: boolean) {
  try {
    globalThis.localStorage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    /* a convenience only */
  }
}
