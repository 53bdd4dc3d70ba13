// How a place that keeps a transaction id (a document, a webhook delivery, an audit row) names
// the deal: its title, else its reference, as the mirror last saw them; the id is never the
// main text (it stays in the tooltip and the copy button).
import type { TransactionLabel } from '../../lib/bindings';

export type DealName = {
  /** What a person reads: the title, else the reference, else `unnamed`. */
  main: string;
  /** The reference beside a title (null when the main text is already the reference). */
  secondary: string | null;
  /** The transaction id (tooltip, copy, opening the deal). */
  id: string;
};

export function dealName(id: string, label: Pick<TransactionLabel, 'title' | 'referenceId'> | null | undefined, unnamed: string): DealName {
  const title = label?.title?.trim() || null;
  const reference = label?.referenceId?.trim() || null;
  return { main: title ?? reference ?? unnamed, secondary: title && reference ? reference : null, id };
}

/**
 * The labels by transaction id, the active environment's first (an id seen in another
 * environment's mirror names a deal there too, but the active one is what the page shows).
 */
export function labelsById(found: readonly TransactionLabel[], environmentId: string | null): Map<string, TransactionLabel> {
  const out = new Map<string, TransactionLabel>();
  for (const l of found) {
    const kept = out.get(l.transactionId);
    if (!kept || (kept.environmentId !== environmentId && l.environmentId === environmentId)) out.set(l.transactionId, l);
  }
  return out;
}
