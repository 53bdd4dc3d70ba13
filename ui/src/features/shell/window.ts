// One window's state, wired: the session (shared/session), each feature's store, the
// navigation whose links the shell routes to those stores, and the back/forward history. Made
// and provided by App.svelte; features read their own store and shared/navigation, never this.
import { Audit, provideAudit } from '../audit/store.svelte';
import { provideTransactions, Transactions } from '../transactions/store.svelte';
import { provideUsers, Users } from '../users/store.svelte';
import { Navigation, provideNavigation } from '../../shared/navigation/navigation.svelte';
import { provideSession, Session } from '../../shared/session/session.svelte';
import { WindowHistory } from './window-history.svelte';

export class DeskWindow {
  readonly session = new Session();
  readonly transactions = new Transactions(this.session);
  readonly users = new Users(this.session);
  readonly audit = new Audit();
  readonly nav: Navigation;
  readonly history: WindowHistory;

  constructor() {
    const { transactions, users, audit } = this;
    this.nav = new Navigation({
      transaction: (id, intent) => transactions.openTransaction(id, intent),
      list: (filters, search) => transactions.showList(filters, search),
      search: (text) => transactions.searchList(text),
      user: (id) => (users.openId = id),
      audit: (seq, text) => (audit.focus = { seq, text }),
    });
    this.history = new WindowHistory(this.nav, transactions, users);
    this.nav.keepHistory(this.history);
  }

  /** Makes every store reachable by the pages (call while App initialises). */
  provide() {
    provideSession(this.session);
    provideTransactions(this.transactions);
    provideUsers(this.users);
    provideAudit(this.audit);
    provideNavigation(this.nav);
  }

  dispose() {
    this.transactions.dispose();
    this.session.dispose();
  }
}
