// Whether a payment can still be given a link: not once its deal is closed (a cancelled or
// released deal takes no more payments), nor once the payment itself is settled (authorized,
// failed or returned). The reason is worded, statuses included: never the service's raw value.
import type { Transaction } from '../../lib/bindings';
import { statusLabel, type MessageKey } from '../../shared/i18n/i18n.svelte';

export type LinkBlock = { key: MessageKey; params: Record<string, string> };

const CLOSED = ['SUCCEEDED', 'CANCELLED'];

/** Why no link can be made for `paymentId` on `tx`, or null when one can. */
export function linkUnavailable(tx: Transaction, paymentId: string): LinkBlock | null {
  if (CLOSED.includes(tx.status)) return { key: 'pay.link.closed', params: { status: statusLabel(tx.status).toLowerCase() } };
  const payment = tx.payments.inbound.payments.find((p) => p.paymentId === paymentId);
  if (payment && payment.status !== 'INPROGRESS') {
    return { key: 'pay.link.settled', params: { status: statusLabel(payment.status).toLowerCase() } };
  }
  return null;
}
