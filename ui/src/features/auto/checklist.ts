// The Auto deal checklist: which steps of a vehicle deal are done and which are still open,
// computed from the live record (detail or list item) and, when loaded, its split payouts.
// Pure, so the strip on the detail and the list's compact column tell the same story.
// `autoInformation.billOfSale` and `.debt` have no fields in the spec: they are read
// leniently (any other shape counts as "not set", never an error).

import type { AutoInformation, Party } from '../../lib/bindings';
import type { MessageKey } from '../../shared/i18n/messages';

export type StepId = 'parties' | 'payment' | 'debt' | 'billOfSale' | 'payout';

/** done: finished; open: still to do; problem: set up but not in a state that lets the deal pay out. */
export type StepState = 'done' | 'open' | 'problem';

export interface Step {
  id: StepId;
  state: StepState;
  /** A required step blocks "ready to pay out" until done; debt and bill of sale are optional until set up. */
  required: boolean;
  /** The message key of the step's current detail (what is missing, or what is done). */
  detail: MessageKey;
}

export interface ChecklistInput {
  status: string;
  payer: Party | null;
  payee: Party | null;
  autoInformation: AutoInformation | null;
  /** The transaction's split payouts when loaded (detail); null in the list. */
  splitPayouts?: ReadonlyArray<{ splitPayoutId: string; status?: string | null }> | null;
}

type Loose = Record<string, unknown>;

/** An object field read leniently: anything but a plain object is "absent". */
function objectOf(v: unknown): Loose | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : null;
}

function connected(p: Party | null): boolean {
  return typeof p?.serviceAccountId === 'string' && p.serviceAccountId.trim() !== '';
}

function partiesStep(input: ChecklistInput): Step {
  const payer = connected(input.payer);
  const payee = connected(input.payee);
  const detail: MessageKey = payer && payee ? 'auto.step.parties.done' : !payer && !payee ? 'auto.step.parties.none' : payer ? 'auto.step.parties.payee' : 'auto.step.parties.payer';
  return { id: 'parties', state: payer && payee ? 'done' : 'open', required: true, detail };
}

const PAID = new Set(['PAID', 'SUCCEEDED']);

function paymentStep(input: ChecklistInput): Step {
  const paid = PAID.has(input.status.toUpperCase());
  return { id: 'payment', state: paid ? 'done' : 'open', required: true, detail: paid ? 'auto.step.payment.done' : 'auto.step.payment.open' };
}

function debtStep(input: ChecklistInput): Step {
  const debt = objectOf(input.autoInformation?.debt);
  if (!debt) return { id: 'debt', state: 'open', required: false, detail: 'auto.step.debt.none' };
  const splitId = typeof debt.splitPayoutId === 'string' ? debt.splitPayoutId : null;
  if (!splitId) return { id: 'debt', state: 'problem', required: true, detail: 'auto.step.debt.noSplit' };
  const splits = input.splitPayouts;
  if (splits) {
    const split = splits.find((s) => s.splitPayoutId === splitId);
    if (!split || (split.status ?? '').toUpperCase() === 'CANCELLED') {
      return { id: 'debt', state: 'problem', required: true, detail: 'auto.step.debt.noSplit' };
    }
  }
  return { id: 'debt', state: 'done', required: true, detail: 'auto.step.debt.done' };
}

function billOfSaleStep(input: ChecklistInput): Step {
  const bill = objectOf(input.autoInformation?.billOfSale);
  if (!bill || bill.enabled !== true) {
    return { id: 'billOfSale', state: 'open', required: false, detail: bill ? 'auto.step.bos.off' : 'auto.step.bos.none' };
  }
  const signed = bill.signed === true || (typeof bill.signed === 'string' && bill.signed.trim() !== '');
  return signed
    ? { id: 'billOfSale', state: 'done', required: true, detail: 'auto.step.bos.done' }
    : { id: 'billOfSale', state: 'open', required: true, detail: 'auto.step.bos.unsigned' };
}

/** The five steps in order; the last is done when every required step before it is. */
export function autoChecklist(input: ChecklistInput): Step[] {
  const steps = [partiesStep(input), paymentStep(input), debtStep(input), billOfSaleStep(input)];
  const status = input.status.toUpperCase();
  let payout: Step;
  if (status === 'SUCCEEDED') payout = { id: 'payout', state: 'done', required: true, detail: 'auto.step.payout.paidOut' };
  else if (status === 'CANCELLED') payout = { id: 'payout', state: 'problem', required: true, detail: 'auto.step.payout.cancelled' };
  else {
    const ready = steps.every((s) => !s.required || s.state === 'done');
    payout = { id: 'payout', state: ready ? 'done' : 'open', required: true, detail: ready ? 'auto.step.payout.ready' : 'auto.step.payout.waiting' };
  }
  return [...steps, payout];
}

/** How many steps are done, for the compact column's label. */
export function doneCount(steps: ReadonlyArray<Step>): number {
  return steps.filter((s) => s.state === 'done').length;
}

/** Where each step is completed on the detail page (the panel's data-testid). */
export const STEP_PANEL: Record<StepId, string> = {
  parties: 'detail-parties',
  payment: 'inbound-payments',
  debt: 'debt-panel',
  billOfSale: 'bill-of-sale-panel',
  payout: 'actions-bar',
};
