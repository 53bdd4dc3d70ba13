import type { PaletteItem } from './palette';

/**
 * What each item of the native menu does (the menu itself is built in Rust,
 * `src-tauri/src/desktop/menu.rs`, which hands clicks over as a `desk-menu` DOM event).
 * Items that mirror a palette command run through the palette's own `run`.
 */
export type MenuAction =
  | { kind: 'item'; item: PaletteItem }
  | { kind: 'palette' }
  | { kind: 'search' }
  | { kind: 'about' };

const ACTIONS: Record<string, MenuAction> = {
  'new-transaction': { kind: 'item', item: { kind: 'new-transaction' } },
  'refresh': { kind: 'item', item: { kind: 'refresh' } },
  'go-overview': { kind: 'item', item: { kind: 'page', page: 'overview' } },
  'go-attention': { kind: 'item', item: { kind: 'page', page: 'attention' } },
  'go-transactions': { kind: 'item', item: { kind: 'page', page: 'transactions' } },
  'go-users': { kind: 'item', item: { kind: 'page', page: 'users' } },
  'go-business-users': { kind: 'item', item: { kind: 'page', page: 'business-users' } },
  'go-trades': { kind: 'item', item: { kind: 'page', page: 'trades' } },
  'go-documents': { kind: 'item', item: { kind: 'page', page: 'documents' } },
  'go-events': { kind: 'item', item: { kind: 'page', page: 'events' } },
  'go-audit': { kind: 'item', item: { kind: 'page', page: 'audit' } },
  'go-environments': { kind: 'item', item: { kind: 'page', page: 'environments' } },
  'palette': { kind: 'palette' },
  'search': { kind: 'search' },
  'copy-diagnostics': { kind: 'item', item: { kind: 'copy-diagnostics' } },
  'about': { kind: 'about' },
};

/** The action of a menu item, or null for an id this version does not know. */
export function menuAction(id: unknown): MenuAction | null {
  return typeof id === 'string' && Object.hasOwn(ACTIONS, id) ? ACTIONS[id] : null;
}

/** Calls `handle` for every known menu click until the returned function is called. */
export function listenToMenu(handle: (action: MenuAction) => void): () => void {
  const listener = (e: Event) => {
    const action = menuAction((e as CustomEvent).detail);
    if (action) handle(action);
  };
  window.addEventListener('desk-menu', listener);
  return () => window.removeEventListener('desk-menu', listener);
}
