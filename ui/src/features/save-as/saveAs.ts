// "Save as…" for every export. The Save dialog is shown by Rust (the window has no dialog or
// file permission); the window only gets an opaque, single-use token for the chosen file and
// hands it to the export command. It never names a path itself.
import type { ExportKind } from '../../lib/bindings';
import { ipc } from '../../shared/ipc';

/** Shows the Save dialog for `kind`; the token for the export, or null when the user cancelled. */
export async function askWhereToSave(kind: ExportKind, suggestedName: string | null = null): Promise<string | null> {
  const choice = await ipc.chooseSavePath(kind, suggestedName);
  return choice.token ?? null;
}
