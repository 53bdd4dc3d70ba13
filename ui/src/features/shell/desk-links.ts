// escrow-desk:// links the desktop opened, taken from Rust (which read them strictly and found
// their environment): the window switches to that environment and opens the place; a link it
// cannot open says why and opens nothing else.
import type { LinkView } from '../../lib/bindings';
import type { MessageKey } from '../../shared/i18n/i18n.svelte';
import { ipc } from '../../shared/ipc';
import { emptyFilters } from '../../shared/list-filters';
import type { Navigation } from '../../shared/navigation/navigation.svelte';
import type { Session } from '../../shared/session/session.svelte';

export type Say = (key: MessageKey, params?: Record<string, string>) => void;

/** Opens one link; false when it opens nothing. */
export async function openLink(link: LinkView, session: Session, nav: Navigation, say: Say): Promise<boolean> {
  if (link.problem?.kind === 'unknownEnvironment') {
    say('link.unknownEnvironment', { environment: link.problem.environment });
    return false;
  }
  if (link.problem || !link.target || !link.environmentId) {
    say('link.unreadable');
    return false;
  }
  if (session.activeId !== link.environmentId) {
    const view = await session.selectEnvironment(link.environmentId);
    if (!view) return false;
  }
  const target = link.target;
  switch (target.kind) {
    case 'transaction':
      nav.openTransaction(target.id);
      break;
    case 'user':
      nav.openUser(target.id);
      break;
    case 'trade':
      nav.go('trades');
      break;
    case 'transactions':
      nav.showList({ ...emptyFilters(), statuses: target.statuses }, target.search ?? '');
      break;
    case 'attention':
      nav.go('attention');
      break;
  }
  return true;
}

/** Takes and opens every waiting link, in order. */
export async function openWaitingLinks(session: Session, nav: Navigation, say: Say): Promise<void> {
  let links: LinkView[];
  try {
    links = await ipc.takeLinks();
  } catch {
    return;
  }
  for (const link of links) await openLink(link, session, nav, say);
}

/** Opens links as the desktop hands them over (the `desk-link` DOM event Rust sends). */
export function listenToLinks(open: () => void): () => void {
  const listener = () => open();
  window.addEventListener('desk-link', listener);
  return () => window.removeEventListener('desk-link', listener);
}
