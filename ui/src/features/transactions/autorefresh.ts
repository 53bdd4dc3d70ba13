/** How often the list reloads itself when auto-refresh is on. */
export const AUTO_REFRESH_MS = 30_000;

/** The fastest interval the override below may set. */
export const AUTO_REFRESH_MIN_MS = 100;

const KEY = 'escrow-desk.auto-refresh';
/**
 * Not in the UI: the soak bench (`make bench`) sets this to run hundreds of refresh cycles
 * in minutes instead of hours. Anything unreadable or below the minimum is ignored.
 */
const INTERVAL_KEY = 'escrow-desk.auto-refresh-ms';

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

/** The auto-refresh interval: 30 s, unless the bench's override names a valid one. */
export function autoRefreshMs(): number {
  try {
    const raw = globalThis.localStorage?.getItem(INTERVAL_KEY);
    const ms = raw ? Number(raw) : NaN;
    return Number.isInteger(ms) && ms >= AUTO_REFRESH_MIN_MS ? ms : AUTO_REFRESH_MS;
  } catch {
    return AUTO_REFRESH_MS;
  }
}
