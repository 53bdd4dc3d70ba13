import type { EnvironmentView, TransactionListItem } from '../../lib/bindings';
import { statusLabel } from '../../shared/i18n/i18n.svelte';
import type { Page } from '../../shared/navigation/navigation.svelte';

/** One entry of the command palette. */
export type PaletteItem =
  | { kind: 'transaction'; id: string; title: string; detail: string }
  | { kind: 'open-id'; id: string }
  | { kind: 'page'; page: Page }
  | { kind: 'environment'; env: EnvironmentView }
  | { kind: 'theme'; choice: 'light' | 'dark' | 'system' }
  | { kind: 'language'; lang: 'da' | 'en' }
  | { kind: 'refresh' }
  | { kind: 'new-transaction' }
  | { kind: 'copy-diagnostics' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the typed text is a transaction id to open directly. */
export function looksLikeId(text: string): boolean {
  return UUID.test(text.trim());
}

/** Static commands whose label matches `text` (case-insensitive, every word). */
export function matchCommands<T extends { label: string }>(items: T[], text: string): T[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((i) => words.every((w) => i.label.toLowerCase().includes(w)));
}

export function transactionItems(items: TransactionListItem[]): PaletteItem[] {
  return items.slice(0, 8).map((t) => ({
    kind: 'transaction',
    id: t.transactionId,
    title: t.title ?? t.transactionId,
    detail: [t.referenceId, statusLabel(t.status)].filter(Boolean).join(' · '),
  }));
}
