import { describe, expect, it } from 'vitest';
import type { Document } from '../../lib/bindings';
import { filterDocuments, isSignedValue, signingState } from './signers';

function doc(id: string, title: string, tx: string | null, signed: unknown[], signersRequired: number | null = null): Document {
  return {
    documentId: id, title, signed: null, transactionId: tx, created: null, fileName: `${title}.pdf`, signersRequired,
    signers: signed.map((s, i) => ({ serviceAccountId: `acc-${i}`, referenceId: null, name: `Signer ${i}`, title: null, signed: s })),
  } as Document;
}

describe('documents page helpers', () => {
  it('counts signers who signed (a time or true), not null or false', () => {
    expect(signingState(doc('d', 'A', null, ['2026-01-01T00:00:00Z', null, false, true]))).toEqual({ done: 2, all: 4, signed: false });
    expect(isSignedValue('')).toBe(false);
  });

  it('counts against the signers required as stored, else every invited signer', () => {
    expect(signingState(doc('d', 'A', null, [], 2))).toEqual({ done: 0, all: 2, signed: false });
    expect(signingState(doc('d', 'A', null, ['2026-01-01T00:00:00Z'], 2))).toEqual({ done: 1, all: 2, signed: false });
    expect(signingState(doc('d', 'A', null, [null, null, null], null))).toEqual({ done: 0, all: 3, signed: false });
  });

  it('filters by title, file, ids and signer names', () => {
    const docs = [doc('d-1', 'Slutseddel', 't-1', [null]), doc('d-2', 'Fuldmagt', null, [null, null])];
    expect(filterDocuments(docs, 'slut').map((d) => d.documentId)).toEqual(['d-1']);
    expect(filterDocuments(docs, 'T-1').map((d) => d.documentId)).toEqual(['d-1']);
    expect(filterDocuments(docs, 'signer 1').map((d) => d.documentId)).toEqual(['d-2']);
    expect(filterDocuments(docs, ' ')).toHaveLength(2);
  });
});
