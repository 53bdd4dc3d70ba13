// The local mirror's status for the whole window: polled (every second while a sync runs,
// else every 15 s) so the overview, the attention queue and the changes reload when a sync
// ends. No event permission is needed for this.
import type { AppError, MirrorStatus } from '../../lib/bindings';
import { ipc } from '../../shared/ipc';

const BUSY_MS = 1000;
const IDLE_MS = 15000;

export class MirrorWatch {
  status = $state.raw<MirrorStatus | null>(null);
  error = $state.raw<AppError | null>(null);
  /** Bumped whenever a sync ended (the mirror's data changed): pages reload on it. */
  version = $state(0);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(private readonly source: { mirrorStatus: () => Promise<MirrorStatus> } = ipc) {}

  get syncing(): boolean {
    return this.status?.syncing != null;
  }

  /** Reads the status now; bumps `version` when a sync ended or the mirror's time moved. */
  async poll(): Promise<void> {
    clearTimeout(this.#timer);
    try {
      const next = await this.source.mirrorStatus();
      const before = this.status;
      this.status = next;
      this.error = null;
      if (
        before === null ||
        before.environmentId !== next.environmentId ||
        before.refreshedAt !== next.refreshedAt ||
        before.fullAt !== next.fullAt ||
        (before.syncing !== null && next.syncing === null)
      ) {
        this.version++;
      }
    } catch (e) {
      this.error = e as AppError;
    }
    // Often while a sync runs or before the first one has ended (it starts within a second).
    const busy = this.syncing || (this.status !== null && this.status.fullAt === null && !this.status.offline);
    if (!this.#stopped) this.#timer = setTimeout(() => void this.poll(), busy ? BUSY_MS : IDLE_MS);
  }

  /** Starts a sync now (full pass when `full`) and follows it. */
  async syncNow(full: boolean): Promise<void> {
    try {
      this.status = await ipc.syncMirror(full);
      this.error = null;
    } catch (e) {
      this.error = e as AppError;
    }
    void this.poll();
  }

  start() {
    this.#stopped = false;
    void this.poll();
  }

  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }
}

export const mirror = new MirrorWatch();
