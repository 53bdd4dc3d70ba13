// The app's pages in the order the sidebar lists them: the sidebar and the command palette
// both offer every page from this one list.
import type { Page } from '../../shared/navigation/navigation.svelte';

export type PageKey =
  | 'nav.overview' | 'nav.attention' | 'nav.transactions' | 'nav.environments' | 'nav.audit'
  | 'nav.users' | 'nav.businessUsers' | 'nav.trades' | 'nav.events' | 'nav.documents' | 'nav.approvals';

export const PAGES: ReadonlyArray<{ page: Page; key: PageKey; icon: string }> = [
  { page: 'overview', key: 'nav.overview', icon: 'M2.5 13.5h11M4 11V7.5M7 11V4.5M10 11V8.5M13 11V6' },
  { page: 'attention', key: 'nav.attention', icon: 'M8 2.5l6 10.5H2zM8 6.5v3M8 11.5h.01' },
  { page: 'transactions', key: 'nav.transactions', icon: 'M2.5 4.5h11M2.5 8h11M2.5 11.5h7' },
  { page: 'users', key: 'nav.users', icon: 'M8 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM3 13.5c.6-2.6 2.6-4 5-4s4.4 1.4 5 4' },
  { page: 'business-users', key: 'nav.businessUsers', icon: 'M2.5 13.5V4l4-1.5v11M6.5 13.5V6.5l7 2v5M2 13.5h12M8.5 9.5h1.5M8.5 11.5h1.5M11 10h1M11 12h1' },
  { page: 'trades', key: 'nav.trades', icon: 'M3 5.5h9l-2-2M13 10.5H4l2 2' },
  { page: 'documents', key: 'nav.documents', icon: 'M4 2.5h5.5L12 5v8.5H4zM9.5 2.5V5H12' },
  { page: 'events', key: 'nav.events', icon: 'M8 2.5v3M8 10.5v3M2.5 8h3M10.5 8h3M8 8h.01' },
  // Shown only on a desk that has joined a team (Sidebar).
  { page: 'approvals', key: 'nav.approvals', icon: 'M3 8.5l2.5 2.5L10 6.5M7.5 11l1 1L13 7.5' },
  { page: 'audit', key: 'nav.audit', icon: 'M4 2.5h6l2.5 2.5v8.5H4zM6 7h4.5M6 9.5h4.5M6 12h2.5' },
  { page: 'environments', key: 'nav.environments', icon: 'M3 3.5h10v3H3zM3 9.5h10v3H3zM5 5h.01M5 11h.01' },
];
