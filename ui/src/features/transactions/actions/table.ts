// One row per transaction action: which fields the dialog shows (with their checks), how the
// ActionRequest is built from them, what the confirmation asks for and whether money moves.
import { amountErrorKey, parseAmountInput, type AmountResult } from '../../../shared/amount';
import type { ActionRequest, SplitPayout, Transaction } from '../../../lib/bindings';
import { compare, parseDecimal } from '../../../shared/decimal';
import { isIsoDate } from '../../../shared/date-input';
import { formatMoney } from '../../../shared/format';
import type { Lang, MessageKey } from '../../../shared/i18n/i18n.svelte';
import type { ActionKind } from './rules';

/** What the person typed or chose, as the dialog holds it. */
export type ActionForm = {
  account: string;
  reason: string;
  amount: string;
  recipient: 'PAYEE' | 'PAYER' | 'TENANT';
  timing: '' | 'NEXT_PAYOUT' | 'ON_CLOSE';
  payeeFee: string;
  payerFee: string;
  expected: string;
  clearExpected: boolean;
  retail: string;
  clearRetail: boolean;
  partyAccount: string;
  partyReference: string;
  partyPhone: string;
};

/** What the action is about. `today` is a local date (YYYY-MM-DD); `remaining` what is left to pay. */
export type ActionContext = {
  tx: Transaction;
  splitPayout: SplitPayout | null;
  lang: Lang;
  today: string;
  remaining: string | null;
};

/** Groups of fields, shown in this order when an action lists them. */
export type FieldGroup = 'account' | 'reason' | 'amount' | 'recipientTiming' | 'fees' | 'update' | 'party';
export const FIELD_ORDER: readonly FieldGroup[] = ['account', 'reason', 'amount', 'recipientTiming', 'fees', 'update', 'party'];

export type Message = { key: MessageKey; params?: Record<string, string> };

export type ActionSpec = {
  title: MessageKey;
  intro: MessageKey;
  /** Red confirm button and a warning intro. */
  danger: boolean;
  /** The person types the amount (`confirmAmount`) before Confirm enables. */
  movesMoney: boolean;
  fields: readonly FieldGroup[];
  accountLabel?: MessageKey;
  amountLabel?: MessageKey;
  amountHint?: (c: ActionContext) => Message;
  /** The main amount's fault (a message key), regardless of whether the form was submitted. */
  amountError?: (f: ActionForm, c: ActionContext) => MessageKey | null;
  /** The request to send, or null while the form is incomplete or invalid. */
  request: (f: ActionForm, c: ActionContext) => ActionRequest | null;
  /** The amount to type to confirm (canonical decimal), or null while it is not known. */
  confirmAmount?: (f: ActionForm, c: ActionContext) => string | null;
  /** Shown while `request` is null. */
  incompleteHint?: MessageKey;
};

export function emptyForm(account = ''): ActionForm {
  return {
    account, reason: '', amount: '', recipient: 'PAYEE', timing: '', payeeFee: '', payerFee: '',
    expected: '', clearExpected: false, retail: '', clearRetail: false, partyAccount: '', partyReference: '', partyPhone: '',
  };
}

// ---- field checks -------------------------------------------------------------------------

export function mainAmount(f: ActionForm, c: ActionContext): AmountResult {
  return parseAmountInput(f.amount, c.lang);
}

/** An optional amount (fees, retail): null when blank; zero allowed. */
export function optionalAmount(text: string, c: ActionContext): AmountResult | null {
  return text.trim() === '' ? null : parseAmountInput(text, c.lang, { allowZero: true });
}

export function optionalError(r: AmountResult | null): MessageKey | null {
  return r && !r.ok ? amountErrorKey(r.error) : null;
}

function requiredAmountError(f: ActionForm, c: ActionContext): MessageKey | null {
  const a = mainAmount(f, c);
  return a.ok ? null : amountErrorKey(a.error);
}

/** A new amount must differ from the current one and, once paid, may only go up. */
function changeAmountError(f: ActionForm, c: ActionContext): MessageKey | null {
  const a = mainAmount(f, c);
  if (!a.ok) return amountErrorKey(a.error);
  const now = parseDecimal(c.tx.amount);
  const next = parseDecimal(a.value);
  if (now && next && compare(next, now) === 0) return 'action.error.sameAmount';
  if (c.tx.status === 'PAID' && now && next && compare(next, now) < 0) return 'action.error.mustRaise';
  return null;
}

/** A blank payment amount means "what is left to pay". */
function paymentAmountError(f: ActionForm, c: ActionContext): MessageKey | null {
  return f.amount.trim() === '' ? null : requiredAmountError(f, c);
}

export function expectedError(f: ActionForm, c: ActionContext): MessageKey | null {
  if (f.clearExpected || f.expected === '') return null;
  if (!isIsoDate(f.expected)) return 'date.error.invalid';
  return f.expected <= c.today ? 'action.error.future' : null;
}

const text = (s: string) => s.trim() || null;
const amountValue = (f: ActionForm, c: ActionContext) => {
  const a = mainAmount(f, c);
  return a.ok ? a.value : null;
};

function partyRequest(kind: 'addPayee' | 'addPayer') {
  return (f: ActionForm, c: ActionContext): ActionRequest | null => {
    const r = {
      kind, transactionId: c.tx.transactionId,
      serviceAccountId: text(f.partyAccount), referenceId: text(f.partyReference), phoneNumber: text(f.partyPhone),
    };
    return r.serviceAccountId || r.referenceId || r.phoneNumber ? r : null;
  };
}

const standardAmountHint = (): Message => ({ key: 'amount.hint' });

// ---- the table ----------------------------------------------------------------------------

export const ACTIONS: Record<ActionKind, ActionSpec> = {
  payout: {
    title: 'action.title.payout', intro: 'action.intro.payout', danger: false, movesMoney: true,
    fields: ['account'],
    accountLabel: 'action.field.account',
    request: (f, c) => (f.account ? { kind: 'payout', transactionId: c.tx.transactionId, serviceAccountId: f.account, amount: c.tx.amount } : null),
    confirmAmount: (_f, c) => c.tx.amount,
  },
  cancel: {
    title: 'action.title.cancel', intro: 'action.intro.cancel', danger: true, movesMoney: true,
    fields: ['account', 'reason'],
    accountLabel: 'action.field.account',
    request: (f, c) =>
      f.account
        ? { kind: 'cancel', transactionId: c.tx.transactionId, serviceAccountId: f.account, reason: text(f.reason), amount: c.tx.amount }
        : null,
    confirmAmount: (_f, c) => c.tx.amount,
  },
  reimburse: {
    title: 'action.title.reimburse', intro: 'action.intro.reimburse', danger: false, movesMoney: true,
    fields: ['amount'],
    amountLabel: 'action.field.amount',
    amountHint: standardAmountHint,
    amountError: requiredAmountError,
    request: (f, c) => {
      const amount = amountValue(f, c);
      return amount ? { kind: 'reimburse', transactionId: c.tx.transactionId, amount } : null;
    },
    confirmAmount: amountValue,
  },
  createSplitPayout: {
    title: 'action.title.createSplitPayout', intro: 'action.intro.createSplitPayout', danger: false, movesMoney: true,
    fields: ['amount', 'recipientTiming'],
    amountLabel: 'action.field.amount',
    amountHint: standardAmountHint,
    amountError: requiredAmountError,
    request: (f, c) => {
      const amount = amountValue(f, c);
      return amount
        ? { kind: 'createSplitPayout', transactionId: c.tx.transactionId, amount, recipient: f.recipient, timing: f.timing || null }
        : null;
    },
    confirmAmount: amountValue,
  },
  cancelSplitPayout: {
    title: 'action.title.cancelSplitPayout', intro: 'action.intro.cancelSplitPayout', danger: true, movesMoney: true,
    fields: [],
    request: (_f, c) =>
      c.splitPayout ? { kind: 'cancelSplitPayout', transactionId: c.tx.transactionId, splitPayoutId: c.splitPayout.splitPayoutId } : null,
    confirmAmount: (_f, c) => c.splitPayout?.amount ?? null,
  },
  createPayment: {
    title: 'action.title.createPayment', intro: 'action.intro.createPayment', danger: false, movesMoney: true,
    fields: ['account', 'amount'],
    accountLabel: 'action.field.payingAccount',
    amountLabel: 'action.field.paymentAmount',
    amountHint: (c) => ({ key: 'action.hint.paymentAmount', params: { amount: formatMoney(c.remaining, c.tx.currency, c.lang) } }),
    amountError: paymentAmountError,
    request: (f, c) => {
      if (!f.account || paymentAmountError(f, c)) return null;
      return { kind: 'createPayment', transactionId: c.tx.transactionId, serviceAccountId: f.account, amount: f.amount.trim() === '' ? null : amountValue(f, c) };
    },
    confirmAmount: (f, c) => (f.amount.trim() === '' ? c.remaining : amountValue(f, c)),
  },
  changeAmount: {
    title: 'action.title.changeAmount', intro: 'action.intro.changeAmount', danger: false, movesMoney: false,
    fields: ['amount', 'fees'],
    amountLabel: 'action.field.newAmount',
    amountHint: (c) => (c.tx.status === 'PAID' ? { key: 'action.hint.raise' } : { key: 'amount.hint' }),
    amountError: changeAmountError,
    request: (f, c) => {
      const amount = amountValue(f, c);
      const payeeFee = optionalAmount(f.payeeFee, c);
      const payerFee = optionalAmount(f.payerFee, c);
      if (!amount || changeAmountError(f, c) || optionalError(payeeFee) || optionalError(payerFee)) return null;
      return {
        kind: 'changeAmount', transactionId: c.tx.transactionId, amount,
        payeeFixedFee: payeeFee?.ok ? payeeFee.value : null,
        payerFixedFee: payerFee?.ok ? payerFee.value : null,
      };
    },
  },
  update: {
    title: 'action.title.update', intro: 'action.intro.update', danger: false, movesMoney: false,
    fields: ['update'],
    incompleteHint: 'action.hint.update',
    request: (f, c) => {
      const retail = optionalAmount(f.retail, c);
      if (expectedError(f, c) || optionalError(retail)) return null;
      const expectedCompletion = f.clearExpected ? '' : f.expected ? new Date(`${f.expected}T12:00:00`).toISOString() : null;
      const retailAmount = f.clearRetail ? '' : retail?.ok ? retail.value : null;
      if (expectedCompletion === null && retailAmount === null) return null;
      return { kind: 'update', transactionId: c.tx.transactionId, expectedCompletion, retailAmount };
    },
  },
  delete: {
    title: 'action.title.delete', intro: 'action.intro.delete', danger: true, movesMoney: false,
    fields: [],
    request: (_f, c) => ({ kind: 'delete', transactionId: c.tx.transactionId }),
  },
  addPayee: {
    title: 'action.title.addPayee', intro: 'action.intro.addPayee', danger: false, movesMoney: false,
    fields: ['party'],
    incompleteHint: 'action.hint.party',
    request: partyRequest('addPayee'),
  },
  addPayer: {
    title: 'action.title.addPayer', intro: 'action.intro.addPayer', danger: false, movesMoney: false,
    fields: ['party'],
    incompleteHint: 'action.hint.party',
    request: partyRequest('addPayer'),
  },
};
