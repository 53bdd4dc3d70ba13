// The window's session: which environment is current (the profiles, switching, the one that
// could not be reached) and the journal's actions without a clear end. Every page reads it;
// what a page shows of the environment (a list, an open record) lives in its feature's store,
// which follows the environment through `follow`.
import { getContext, setContext } from 'svelte';
import type { ActionRecord, AppError, EnvironmentView } from '../../lib/bindings';
import { unreachable } from '../errors';
import { ipc } from '../ipc';
import { markOnce } from '../startup-marks';

/** What a feature keeps of the current environment: dropped when another becomes current. */
export interface EnvironmentData {
  /** Forget everything of the environment and invalidate requests in flight. */
  clear(): void;
  /** An environment is current (first load, or after a switch): load what the page shows. */
  load?(): void;
}

function sortEnvironments(list: EnvironmentView[]): EnvironmentView[] {
  return [...list].sort((a, b) => Number(b.builtIn) - Number(a.builtIn));
}

/**
 * Every answer about an environment is checked against the active environment id (never show
 * data of two environments at once); the followers drop their data when it changes.
 */
export class Session {
  envs = $state.raw<EnvironmentView[]>([]);
  activeId = $state<string | null>(null);
  /** The organisation's policy sets the environments (users add, edit and delete none). */
  envsLocked = $state(false);
  envsLoaded = $state(false);
  envError = $state.raw<AppError | null>(null);
  switching = $state(false);
  /** An environment that could not be reached when chosen: it becomes current only by "work offline". */
  unreachable = $state.raw<{ env: EnvironmentView; error: AppError } | null>(null);
  active = $derived(this.envs.find((e) => e.id === this.activeId) ?? null);

  // actions without a clear end (journaled, no final answer)
  openActions = $state.raw<ActionRecord[]>([]);
  openActionsError = $state.raw<AppError | null>(null);
  #openReq = 0;

  #followers: EnvironmentData[] = [];

  /** `data` is cleared whenever the environment changes, and loads once one is current. */
  follow(data: EnvironmentData) {
    this.#followers.push(data);
  }

  #clear() {
    for (const f of this.#followers) f.clear();
  }

  #load() {
    if (!this.activeId) return;
    for (const f of this.#followers) f.load?.();
  }

  async init() {
    void this.loadOpenActions();
    await this.loadEnvironments();
    this.#load();
  }

  /** Ask the journal for actions that did not finish (on start and after every action). */
  async loadOpenActions() {
    const req = ++this.#openReq;
    try {
      const list = await ipc.openActions();
      if (req !== this.#openReq) return;
      this.openActions = list;
      this.openActionsError = null;
    } catch (e) {
      if (req !== this.#openReq) return;
      this.openActionsError = e as AppError;
    }
  }

  async loadEnvironments(): Promise<boolean> {
    try {
      const res = await ipc.listEnvironments();
      markOnce('environments');
      this.envs = sortEnvironments(res.environments);
      this.activeId = res.activeId;
      this.envsLocked = res.locked;
      this.envError = null;
      return true;
    } catch (e) {
      this.envError = e as AppError;
      return false;
    } finally {
      this.envsLoaded = true;
    }
  }

  /** Reload environments after a profile change; resets data when the active one changed. */
  async refreshEnvironments(changedId?: string) {
    const before = this.activeId;
    await this.loadEnvironments();
    if (this.activeId !== before || (changedId && changedId === this.activeId)) {
      this.#clear();
      this.#load();
    }
  }

  /**
   * Makes `id` current. A profile that cannot be reached is not switched to unless `offline`
   * (the person chose "work offline"); `unreachable` then says why and offers the choice.
   */
  async selectEnvironment(id: string, opts: { offline?: boolean } = {}): Promise<EnvironmentView | null> {
    if (id === this.activeId || this.switching) return this.active;
    const target = this.envs.find((e) => e.id === id);
    if (target && !target.builtIn && !opts.offline) {
      this.switching = true;
      try {
        await ipc.testConnection(id);
      } catch (e) {
        const error = e as AppError;
        if (unreachable(error)) {
          this.unreachable = { env: target, error };
          return null;
        }
      } finally {
        this.switching = false;
      }
    }
    this.unreachable = null;
    this.switching = true;
    this.#clear();
    try {
      const view = await ipc.selectEnvironment(id);
      this.envs = sortEnvironments(this.envs.map((e) => (e.id === view.id ? view : e)));
      this.activeId = view.id;
      return view;
    } finally {
      this.switching = false;
      this.#load();
    }
  }

  dispose() {
    this.#openReq++;
  }
}

const KEY = Symbol('session');
export function provideSession(s: Session) {
  setContext(KEY, s);
}
export function useSession(): Session {
  return getContext<Session>(KEY);
}
