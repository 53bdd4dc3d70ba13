// A document's sign link, download link and deletion, done and told the same way on the
// Documents page and a deal's documents panel: each journaled action reloads the open
// actions, a failure is a toast, and deletion waits for the person's confirmation
// (DeleteDocumentDialog.svelte).
import type { AppError, Document } from '../../lib/bindings';
import { errorLine, outcomeError } from '../../shared/errors';
import { t } from '../../shared/i18n/i18n.svelte';
import { ipc } from '../../shared/ipc';
import type { Session } from '../../shared/session/session.svelte';
import { toasts } from '../../shared/toasts.svelte';

export class DocumentActions {
  /** A journaled action (sign link, delete) is under way. */
  busy = $state(false);
  /** The document whose deletion waits for confirmation. */
  confirmDelete = $state.raw<Document | null>(null);
  #session: Session;

  constructor(session: Session) {
    this.#session = session;
  }

  /** A link for `account` to sign `d`: its URL, or null (already busy, or it failed and said so). */
  async signLink(d: Document, account: string): Promise<string | null> {
    if (this.busy) return null;
    this.busy = true;
    try {
      const out = await ipc.signDocument(d.documentId, account, null);
      const failed = outcomeError(out);
      if (failed) toasts.push(errorLine(failed), 'error');
      void this.#session.loadOpenActions();
      return failed ? null : (out.value ?? null);
    } catch (err) {
      toasts.push((err as AppError).message, 'error');
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** A link to download `d`: its URL, or null (another environment's answer, or it failed and said so). */
  async downloadLink(d: Document): Promise<string | null> {
    try {
      const res = await ipc.downloadDocument(d.documentId);
      return res.environmentId === this.#session.activeId ? res.url : null;
    } catch (err) {
      toasts.push((err as AppError).message, 'error');
      return null;
    }
  }

  /** Deletes the document awaiting confirmation; `deleted` runs once the service did, `reload`
   * once it answered either way. */
  async remove(reload: () => Promise<void>, deleted?: (d: Document) => void) {
    const d = this.confirmDelete;
    if (!d || this.busy) return;
    this.busy = true;
    try {
      const out = await ipc.deleteDocument(d.documentId);
      const failed = outcomeError(out);
      if (failed) toasts.push(errorLine(failed), 'error');
      else {
        toasts.push(t('docs.deleted'));
        deleted?.(d);
      }
      void this.#session.loadOpenActions();
      await reload();
    } catch (err) {
      toasts.push((err as AppError).message, 'error');
    } finally {
      this.busy = false;
      this.confirmDelete = null;
    }
  }
}
