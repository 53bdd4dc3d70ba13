// A document's signers and their state in words (never colour alone), for the Documents page.
import type { Document, Signer } from '../../lib/bindings';

/** Whether a `signed` value means signed (a time, `true`, or any non-empty value). */
export function isSignedValue(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false && v !== '';
}

export function signerName(s: Signer): string {
  return s.name ?? s.referenceId ?? s.serviceAccountId;
}

/**
 * `done/all` signatures, and whether the document as a whole is signed: `all` is the number
 * of signers required as stored at upload (`signersRequired`), else every invited signer.
 */
export function signingState(d: Document): { done: number; all: number; signed: boolean } {
  const done = d.signers.filter((s) => isSignedValue(s.signed)).length;
  const required = typeof d.signersRequired === 'number' && d.signersRequired > 0 ? d.signersRequired : null;
  return { done, all: required ?? d.signers.length, signed: isSignedValue(d.signed) };
}

/** Documents whose title, file, id or attached transaction contains `text` (case-insensitive). */
export function filterDocuments(docs: readonly Document[], text: string): Document[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...docs];
  return docs.filter((d) =>
    [d.title, d.fileName, d.documentId, d.transactionId, ...d.signers.map(signerName)]
      .some((v) => (v ?? '').toLowerCase().includes(needle)),
  );
}
