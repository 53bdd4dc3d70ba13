import type { FileUpload } from '../../lib/bindings';
import { contentIssue, fileIssue, readBytes, toBase64, type FileKind, type Issue } from '../../shared/validators';

export type Picked = { ok: true; upload: FileUpload; size: number } | { ok: false; issue: Issue };

/** Checks a chosen file (size, type by name, type by content) and reads it for IPC as base64. */
export async function pickFile(file: File, allowed?: readonly FileKind[]): Promise<Picked> {
  const early = fileIssue(file, allowed);
  if (early) return { ok: false, issue: early };
  const bytes = await readBytes(file);
  const late = fileIssue({ name: file.name, size: bytes.length }, allowed) ?? contentIssue(file.name, bytes);
  if (late) return { ok: false, issue: late };
  return { ok: true, upload: { fileName: file.name, data: toBase64(bytes) }, size: bytes.length };
}
