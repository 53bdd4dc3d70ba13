// The Auto deal checklist: which steps of a vehicle deal are done and which are still open,
// computed from the live record (detail or list item) and, when loaded, its split payouts and
// its money (`DealMoney`, the one rule every money figure of a deal follows: on the detail).
// Pure, so the strip on the detail and the list's compact column tell the same story. Once a
// deal is closed nothing is left to do: a step not done is "not applicable", never open or red;
// the payment step says what went back to the payer, the payout step what the payee got.
// `autoInformation.billOfSale` and `.debt` have no fields in the spec: they are read
// leniently (any other shape counts as "not set", never an error).

import type { AutoInformation, DealMoney, Party, Stage } from '../../lib/bindings';
import { parseDecimal } from '../../shared/decimal';
import type { MessageKey } from '../../shared/i18n/messages';

export type StepId = 'parties' | 'payment' | 'debt' | 'billOfSale' | 'payout';

/**
 * done: finished; open: still to do; problem: set up but not in a state that lets the deal pay
 * out; closed: not applicable, the deal is closed (cancelled or paid out) without it.
 */
export type StepState = 'done' | 'open' | 'problem' | 'closed';

export interface Step {
  id: StepId;
  state: StepState;
  /** A required step blocks "ready to pay out" until done; debt and bill of sale are optional until set up. */
  required: boolean;
  /** The message key of the step's current detail (what is missing, or what is done). */
  detail: MessageKey;
  /** The figure the detail names as `{amount}` (a decimal string in the deal's currency). */
  amount?: string;
}

export interface ChecklistInput {
  status: string;
  payer: Party | null;
  payee: Party | null;
  autoInformation: AutoInformation | null;
  /** The transaction's split payouts when loaded (detail); null in the list. */
  splitPayouts?: ReadonlyArray<{ splitPayoutId: string; status?: string | null }> | null;
  /** The deal's money from its record (detail); null in the list, which has no ledger. */
  money?: DealMoney | null;
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

/** The deal's stage: from its money when known, else from the status as the money rule reads it. */
export function stageOf(input: ChecklistInput): Stage {
  if (input.money) return input.money.stage;
  const status = input.status.toUpperCase();
  if (status === 'SUCCEEDED') return 'succeeded';
  if (status === 'CANCELLED') return 'cancelled';
  return ['CREATED', 'INPROGRESS', 'PAID'].includes(status) ? 'open' : 'unknown';
}

const positive = (v: string | null | undefined) => (parseDecimal(v)?.units ?? 0n) > 0n;

function paymentStep(input: ChecklistInput, stage: Stage): Step {
  const base = { id: 'payment', required: true } as const;
  const m = input.money;
  if (stage === 'cancelled') {
    // Without the ledger (the list) it cannot say whether money came in: only that any goes back.
    if (!m) return { ...base, state: 'closed', detail: 'auto.step.payment.cancelled' };
    if (!positive(m.paidIn)) return { ...base, state: 'closed', detail: 'auto.step.payment.nonePaid' };
    if (!positive(m.toPayer.total)) return { ...base, state: 'done', detail: 'auto.step.payment.paidCancelled', amount: m.paidIn };
    const pending = positive(m.toPayer.scheduled) || positive(m.toPayer.other);
    return { ...base, state: 'done', detail: pending ? 'auto.step.payment.returning' : 'auto.step.payment.returned', amount: m.toPayer.total };
  }
  if (stage === 'succeeded') {
    return m ? { ...base, state: 'done', detail: 'auto.step.payment.released', amount: m.paidIn } : { ...base, state: 'done', detail: 'auto.step.payment.done' };
  }
  const paid = stage === 'open' ? PAID.has(input.status.toUpperCase()) : m != null && positive(m.paidIn) && m.remaining !== null && !positive(m.remaining);
  if (paid) return { ...base, state: 'done', detail: 'auto.step.payment.done' };
  if (m && positive(m.paidIn) && m.remaining !== null) return { ...base, state: 'open', detail: 'auto.step.payment.partly', amount: m.remaining };
  return { ...base, state: 'open', detail: 'auto.step.payment.open' };
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

function payoutStep(input: ChecklistInput, stage: Stage, before: Step[]): Step {
  const base = { id: 'payout', required: true } as const;
  if (stage === 'succeeded') {
    const m = input.money;
    return m ? { ...base, state: 'done', detail: 'auto.step.payout.paidOutTo', amount: m.toPayee.total } : { ...base, state: 'done', detail: 'auto.step.payout.paidOut' };
  }
  if (stage === 'cancelled') return { ...base, state: 'closed', detail: 'auto.step.payout.cancelled' };
  // A status this app does not know: no verdict either way.
  if (stage === 'unknown') return { ...base, state: 'open', detail: 'auto.step.payout.unknown' };
  const ready = before.every((s) => !s.required || s.state === 'done');
  return { ...base, state: ready ? 'done' : 'open', detail: ready ? 'auto.step.payout.ready' : 'auto.step.payout.waiting' };
}

/** On a closed deal a step not done is left behind, not to do: "not applicable". */
function settle(step: Step, stage: Stage, input: ChecklistInput): Step {
  // A cancel cancels the debt's settlement split payout (it is paid on release only): a
  // registered debt is not settled through the deal, whatever the list or detail last read.
  if (step.id === 'debt' && stage === 'cancelled' && objectOf(input.autoInformation?.debt)) {
    return { ...step, state: 'closed', detail: 'auto.step.debt.cancelled' };
  }
  if (step.state === 'done' || step.state === 'closed' || (stage !== 'succeeded' && stage !== 'cancelled')) return step;
  return { ...step, state: 'closed' };
}

/** The five steps in order; the last is done when every required step before it is. */
export function autoChecklist(input: ChecklistInput): Step[] {
  const stage = stageOf(input);
  const steps = [partiesStep(input), paymentStep(input, stage), debtStep(input), billOfSaleStep(input)];
  return [...steps, payoutStep(input, stage, steps)].map((s) => settle(s, stage, input));
}

/** The steps that still apply (all but the "not applicable" ones of a closed deal). */
export function applicableCount(steps: ReadonlyArray<Step>): number {
  return steps.filter((s) => s.state !== 'closed').length;
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
