// The mirror's names for a page's transaction ids (one call; ids it has not seen get none).
import type { TransactionLabel } from '../../lib/bindings';
import { ipc } from '../ipc';
import { labelsById } from './deal-name';

/** At most this many ids per call (the command's own limit). */
const MAX_IDS = 500;

export async function loadDealLabels(ids: readonly (string | null | undefined)[], environmentId: string | null): Promise<Map<string, TransactionLabel>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))].slice(0, MAX_IDS);
  if (wanted.length === 0) return new Map();
  try {
    return labelsById(await ipc.transactionLabels(wanted), environmentId);
  } catch {
    return new Map(); // the link still opens the deal; only its name is missing
  }
}
