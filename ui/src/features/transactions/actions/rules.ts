import type { ActionRequest, Party, Transaction } from '../../../lib/bindings';

/** Transaction (v2) actions; the trade API's (`trade*`, `businessUser*`) have their own screens. */
export type ActionKind = Exclude<ActionRequest['kind'], `trade${string}` | `businessUser${string}` | UserOrDocumentKind>;

/** Users, documents, Auto and create actions: journaled from their own panels and forms. */
export type UserOrDocumentKind =
  | 'createGuest' | 'deleteConnection' | 'addBankAccount' | 'setDefaultBankAccount' | 'deleteBankAccount'
  | 'uploadDocument' | 'signDocument' | 'deleteDocument' | 'setBillOfSale' | 'addDebtInformation'
  | 'createTransaction' | 'initializePayment';

/** Actions offered in the actions bar, in display order. */
export const BAR_ORDER: readonly ActionKind[] = [
  'payout', 'createPayment', 'reimburse', 'createSplitPayout', 'changeAmount', 'update',
  'addPayee', 'addPayer', 'cancel', 'delete',
];

/** Test hook of each bar button. */
export const BAR_TESTID: Record<ActionKind, string> = {
  payout: 'action-payout',
  cancel: 'action-cancel',
  reimburse: 'action-reimburse',
  createSplitPayout: 'action-split-payout',
  cancelSplitPayout: 'action-cancel-split-payout',
  createPayment: 'action-create-payment',
  changeAmount: 'action-change-amount',
  update: 'action-update',
  delete: 'action-delete',
  addPayee: 'action-add-payee',
  addPayer: 'action-add-payer',
};

/** A party counts as missing when the service knows nothing that identifies it. */
export function partyMissing(p: Party | null): boolean {
  return !p || !(p.serviceAccountId || p.referenceId || p.phoneNumber || p.email || p.name);
}

/** What the transaction's status allows (SUCCEEDED, CANCELLED and unknown statuses: nothing; INPROGRESS as CREATED). */
export function availableActions(tx: Transaction): ActionKind[] {
  return actionsFor({ status: tx.status, payee: tx.payee, payer: tx.payer, inboundPayments: tx.payments.inbound.payments.length });
}

/** The facts the actions a deal allows depend on: the live record's, or a mirrored copy's
 * (to say which actions wait for the service while it cannot be reached). */
export type ActionFacts = Pick<Transaction, 'status' | 'payee' | 'payer'> & { inboundPayments: number };

/** See {@link availableActions}. */
export function actionsFor(tx: ActionFacts): ActionKind[] {
  const allowed = new Set<ActionKind>();
  // INPROGRESS (a payment under way, from the published API) allows what CREATED does.
  if (tx.status === 'CREATED' || tx.status === 'INPROGRESS') {
    allowed.add('cancel');
    if (tx.inboundPayments === 0) allowed.add('delete');
    allowed.add('createPayment');
    allowed.add('changeAmount');
    allowed.add('update');
    if (partyMissing(tx.payee)) allowed.add('addPayee');
    if (partyMissing(tx.payer)) allowed.add('addPayer');
    allowed.add('createSplitPayout');
  } else if (tx.status === 'PAID') {
    allowed.add('payout');
    allowed.add('cancel');
    allowed.add('reimburse');
    allowed.add('createSplitPayout');
    allowed.add('changeAmount');
    allowed.add('update');
  }
  return BAR_ORDER.filter((k) => allowed.has(k));
}

/** Accounts that payout/cancel/create payment can name: payer first (the default), then payee. */
export function partyAccounts(tx: Transaction): Array<{ role: 'payer' | 'payee'; id: string; name: string | null }> {
  const out: Array<{ role: 'payer' | 'payee'; id: string; name: string | null }> = [];
  if (tx.payer?.serviceAccountId) out.push({ role: 'payer', id: tx.payer.serviceAccountId, name: tx.payer.name });
  if (tx.payee?.serviceAccountId) out.push({ role: 'payee', id: tx.payee.serviceAccountId, name: tx.payee.name });
  return out;
}
