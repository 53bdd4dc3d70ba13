// Which request the consequence panel asks Rust about and which account an action names by
// default (the rule by which a consequence lets Confirm be pressed is features/consequence/gate.ts).
import type { ActionRequest, PaymentAction, SplitPayout, Transaction, TransactionAction } from '../../../lib/bindings';
import type { ActionKind } from './rules';

/** Kinds whose dialog shows a consequence panel. */
export const CONSEQUENCE_KINDS: readonly ActionKind[] = ['payout', 'cancel', 'reimburse', 'createSplitPayout', 'cancelSplitPayout', 'changeAmount', 'createPayment'];

/** A request whose consequence Rust computes: a transaction's money move, or a new payment. */
export type ConsequenceProbe = TransactionAction | Extract<PaymentAction, { kind: 'createPayment' }>;

/**
 * The request to compute the consequence of: the dialog's own once it is complete; before that,
 * for reimburse and split payout, the same move with a zero amount (so the maximum and the
 * payee's current net show up front).
 */
export function consequenceProbe(kind: ActionKind, request: ActionRequest | null, tx: Transaction, splitPayout: SplitPayout | null): ConsequenceProbe | null {
  if (!CONSEQUENCE_KINDS.includes(kind)) return null;
  if (request && request.kind === kind) return request as ConsequenceProbe;
  const transactionId = tx.transactionId;
  switch (kind) {
    case 'reimburse':
      return { kind, transactionId, amount: '0.00' };
    case 'createSplitPayout':
      return { kind, transactionId, amount: '0.00', recipient: 'PAYEE', timing: null };
    case 'payout':
      return { kind, transactionId, serviceAccountId: tx.payee?.serviceAccountId ?? '', amount: tx.amount };
    case 'cancel':
      return { kind, transactionId, serviceAccountId: tx.payer?.serviceAccountId ?? '', reason: null, amount: tx.amount };
    case 'cancelSplitPayout':
      return splitPayout ? { kind, transactionId, splitPayoutId: splitPayout.splitPayoutId } : null;
    default:
      return null;
  }
}

/** Payout goes to the payee, so it names the payee's account; the rest the payer's first. */
export function defaultAccount(kind: ActionKind, accounts: Array<{ role: 'payer' | 'payee'; id: string }>): string {
  const prefer = kind === 'payout' ? 'payee' : 'payer';
  return (accounts.find((a) => a.role === prefer) ?? accounts[0])?.id ?? '';
}
