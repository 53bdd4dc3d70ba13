// A deal while the service cannot be reached: the page's mirrored copy (asked for only after
// the live read failed as unreachable), what it shows of the copy, and which actions wait.
// Pure but for the one IPC read; the copy is never used for money.
import type { AppError, OfflineTransaction, TransactionListItem } from '../../../lib/bindings';
import { parseDecimal } from '../../../shared/decimal';
import { unreachable } from '../../../shared/errors';
import { ipc } from '../../../shared/ipc';
import { actionsFor, type ActionKind } from '../actions/rules';

/** The open deal's mirrored copy and why the live record could not be read. */
export type OfflineDeal = { copy: OfflineTransaction; error: AppError };

/** After the live read of `id` failed: the mirror's copy when the failure is that the
 * service cannot be reached and the mirror has one; else null (the page says why it failed). */
export async function offlineDeal(
  id: string,
  error: AppError,
  source: { offlineTransaction: (id: string) => Promise<OfflineTransaction | null> } = ipc,
): Promise<OfflineDeal | null> {
  if (!unreachable(error)) return null;
  try {
    const copy = await source.offlineTransaction(id);
    return copy ? { copy, error } : null;
  } catch {
    // No copy to show: the page says why the live read failed instead.
    return null;
  }
}

/** The actions the deal's mirrored status would offer: shown disabled, waiting for the live record. */
export function waitingActions(item: TransactionListItem): ActionKind[] {
  const paidIn = parseDecimal(item.payments?.inbound?.amount ?? null)?.units ?? 0n;
  return actionsFor({
    status: item.status,
    payee: item.payee,
    payer: item.payer,
    // The list tells only what was paid in, not whether a payment was started.
    inboundPayments: paidIn > 0n ? 1 : 0,
  });
}

/** The bill of sale's state as the mirror reads it (leniently, as `mirror/row.rs` does). */
export function billOfSaleState(v: unknown): 'none' | 'enabled' | 'signed' | 'unsigned' {
  if (v === null || v === undefined || v === false) return 'none';
  if (typeof v !== 'object' || Array.isArray(v)) return 'enabled';
  const o = v as Record<string, unknown>;
  if (o.enabled === false) return 'none';
  if (o.signed === true) return 'signed';
  if (o.signed === false) return 'unsigned';
  return 'enabled';
}

/** Whether debt information is registered (anything but nothing or `false`). */
export function hasDebt(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}
