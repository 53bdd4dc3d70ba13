// The update state the shell and the Updates section share: the last check's answer and
// the update offered in the dialog. Installing needs the version the user agreed to.
import type { AppError, UpdateCheck, UpdateView } from '../../lib/bindings';
import { toAppError } from '../../shared/errors';
import { ipc } from '../../shared/ipc';

class Updates {
  /** The update the dialog offers (null: no dialog). */
  offered = $state<UpdateView | null>(null);
  last = $state<UpdateCheck | null>(null);
  checking = $state(false);
  installing = $state(false);
  error = $state<AppError | null>(null);

  /** Asks the configured server; `quiet` (at start) keeps failures out of sight. */
  async check(quiet = false): Promise<void> {
    this.checking = true;
    if (!quiet) this.error = null;
    try {
      const found = await ipc.checkForUpdate();
      this.last = found;
      if (found.state === 'available') this.offered = found;
    } catch (e) {
      if (!quiet) this.error = toAppError(e);
    } finally {
      this.checking = false;
    }
  }

  later(): void {
    this.offered = null;
  }

  /** Downloads, verifies and installs the offered version; the app restarts on success. */
  async install(): Promise<void> {
    if (!this.offered) return;
    this.installing = true;
    this.error = null;
    try {
      await ipc.installUpdate(this.offered.version);
    } catch (e) {
      this.error = toAppError(e);
    } finally {
      this.installing = false;
    }
  }
}

export const updates = new Updates();
