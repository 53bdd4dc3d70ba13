// The deal open on the transactions page: its live record and money, or, while the service
// cannot be reached, its mirrored copy. Answers are checked against a request counter and
// the active environment, as the list's are.
import type { AppError, DealMoney, Transaction } from '../../lib/bindings';
import { ipc } from '../../shared/ipc';
import type { DetailIntent } from '../../shared/navigation/navigation.svelte';
import type { Session } from '../../shared/session/session.svelte';
import type { TransactionList } from './list.svelte';
import { offlineDeal, type OfflineDeal } from './offline/offline';

export class OpenDeal {
  id = $state<string | null>(null);
  record = $state.raw<Transaction | null>(null);
  /** The open deal's money, from the same answer as `record` (every money figure the page shows). */
  money = $state.raw<DealMoney | null>(null);
  loading = $state(false);
  error = $state.raw<AppError | null>(null);
  /** The open deal's mirrored copy while the service cannot be reached (no live record: no actions). */
  offline = $state.raw<OfflineDeal | null>(null);
  /** Bumped on every successful (re)load; sections of the page reload with it. */
  version = $state(0);
  /** Consumed by the page once the deal has loaded. */
  intent = $state.raw<DetailIntent | null>(null);
  #req = 0;
  #session: Session;
  #list: TransactionList;

  constructor(session: Session, list: TransactionList) {
    this.#session = session;
    this.#list = list;
  }

  async open(id: string) {
    const req = ++this.#req;
    const envId = this.#session.activeId;
    this.#list.select(id);
    this.id = id;
    this.#empty();
    this.loading = true;
    try {
      const res = await ipc.getTransaction(id);
      if (req !== this.#req) return;
      if (res.environmentId !== envId || envId !== this.#session.activeId) {
        this.loading = false;
        return;
      }
      this.record = res.transaction;
      this.money = res.money ?? null;
      this.version++;
    } catch (e) {
      if (!(await this.#failed(req, id, envId, e as AppError))) return;
    }
    this.loading = false;
  }

  /** Reload the open transaction without clearing what is shown. */
  async reload() {
    const id = this.id;
    if (!id) return;
    const req = ++this.#req;
    const envId = this.#session.activeId;
    this.loading = true;
    try {
      const res = await ipc.getTransaction(id);
      if (req !== this.#req) return;
      if (res.environmentId === envId && envId === this.#session.activeId && id === this.id) {
        this.record = res.transaction;
        this.money = res.money ?? null;
        this.error = null;
        this.offline = null;
        this.version++;
      }
    } catch (e) {
      if (!(await this.#failed(req, id, envId, e as AppError))) return;
    }
    this.loading = false;
  }

  /** The live read of the open deal failed: its mirrored copy when the service cannot be
   * reached (the list behind it then reloads, marked offline), else the error. */
  async #failed(req: number, id: string, envId: string | null, error: AppError): Promise<boolean> {
    if (req !== this.#req) return false;
    const offline = await offlineDeal(id, error);
    if (req !== this.#req) return false;
    if (offline && offline.copy.environmentId === envId && envId === this.#session.activeId && id === this.id) {
      this.record = null;
      this.error = null;
      this.offline = offline;
      if (!this.#list.mirrored?.offline) void this.#list.load();
    } else {
      this.error = error;
    }
    return true;
  }

  close() {
    this.#req++;
    this.id = null;
    this.#empty();
    this.loading = false;
  }

  #empty() {
    this.record = null;
    this.money = null;
    this.error = null;
    this.offline = null;
  }

  dispose() {
    this.#req++;
  }
}
