// The Users page's state for one window: the user shown (null: the list). The shell makes one
// and provides it; another page opens a user through shared/navigation (`openUser`).
import { getContext, setContext } from 'svelte';
import type { Session } from '../../shared/session/session.svelte';

export class Users {
  /** The user shown on the Users page (null: the list). */
  openId = $state<string | null>(null);

  constructor(session: Session) {
    session.follow({ clear: () => (this.openId = null) });
  }
}

const KEY = Symbol('users');
export function provideUsers(u: Users) {
  setContext(KEY, u);
}
export function useUsers(): Users {
  return getContext<Users>(KEY);
}
