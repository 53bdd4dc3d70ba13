// "Copy diagnostics" (Help menu and command palette): Rust writes the text to the system
// clipboard itself (`copy_diagnostics`), so it works from a native menu click, which gives the
// web view no user gesture, and the text never passes through the web view.
import { t } from '../../shared/i18n/i18n.svelte';
import { ipc } from '../../shared/ipc';
import { toasts } from '../../shared/toasts.svelte';

/** Copies the diagnostics and says whether it worked; true when it did. */
export async function copyDiagnostics(): Promise<boolean> {
  try {
    await ipc.copyDiagnostics();
    toasts.push(t('support.copied'), 'success');
    return true;
  } catch {
    toasts.push(t('support.copyFailed'), 'error');
    return false;
  }
}
