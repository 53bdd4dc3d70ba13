// The Auto set-up chosen in the new-deal form (bill of sale, debt information): checked with
// the form, then run after the create succeeds, each as its own journaled call on the new
// deal. A failed step is retried alone; the deal is never created again.

import type { AppError, BillOfSaleInput, DebtInput, FileUpload } from '../../lib/bindings';
import { amountErrorKey, parseAmountInput } from '../../shared/amount';
import { outcomeError } from '../../shared/errors';
import type { Lang } from '../../shared/i18n/i18n.svelte';
import { ipc } from '../../shared/ipc';
import { bankAccountIssue, fikIssue, normalizeBankAccount, type Issue } from '../../shared/validators';

export interface AutoSetup {
  billOfSale: { on: boolean; payer: boolean; payee: boolean; terms: string };
  debt: { on: boolean; amount: string; bankAccount: string; fik: string; transferText: string; file: FileUpload | null };
}

export const emptySetup = (): AutoSetup => ({
  billOfSale: { on: false, payer: true, payee: true, terms: '' },
  debt: { on: false, amount: '', bankAccount: '', fik: '', transferText: '', file: null },
});

export type SetupStep =
  | { kind: 'billOfSale'; input: Omit<BillOfSaleInput, 'transactionId'> }
  | { kind: 'debt'; input: Omit<DebtInput, 'transactionId'> };

/** The form's problems with the set-up, by field path (empty when it can be sent). */
export function setupIssues(s: AutoSetup, lang: Lang): Record<string, Issue> {
  const out: Record<string, Issue> = {};
  if (s.billOfSale.on && s.billOfSale.terms.length > 4000) out['setup.terms'] = { key: 'setup.error.terms' };
  if (!s.debt.on) return out;
  const amount = parseAmountInput(s.debt.amount, lang);
  if (!amount.ok) out['setup.debt.amount'] = { key: amountErrorKey(amount.error) };
  const account = s.debt.bankAccount.trim() === '' ? null : bankAccountIssue(s.debt.bankAccount);
  if (account) out['setup.debt.bankAccount'] = account;
  const fik = s.debt.fik.trim() === '' ? null : fikIssue(s.debt.fik);
  if (fik) out['setup.debt.fik'] = fik;
  const hasAccount = s.debt.bankAccount.trim() !== '';
  const hasFik = s.debt.fik.trim() !== '';
  if (hasAccount === hasFik) out['setup.debt.destination'] = { key: hasAccount ? 'debt.both' : 'debt.neither' };
  if (!s.debt.file) out['setup.debt.file'] = { key: 'setup.error.file' };
  return out;
}

/** Issues about what is not filled in yet (an empty amount, no destination, no file) wait for
 * the first review; what was typed wrong shows at once. */
const UNTIL_REVIEW = new Set(['amount.error.empty', 'debt.neither', 'setup.error.file']);

/** The issues to show before the person has asked for the review. */
export function typedIssues(issues: Record<string, Issue>): Record<string, Issue> {
  return Object.fromEntries(Object.entries(issues).filter(([, i]) => !UNTIL_REVIEW.has(i.key)));
}

/** The calls to make after the create, in order (bill of sale first: it is the cheaper one to redo). */
export function setupSteps(s: AutoSetup, lang: Lang): SetupStep[] {
  const steps: SetupStep[] = [];
  if (s.billOfSale.on) {
    const signers = [...(s.billOfSale.payer ? ['Payer'] : []), ...(s.billOfSale.payee ? ['Payee'] : [])];
    const terms = s.billOfSale.terms.trim();
    steps.push({ kind: 'billOfSale', input: { enable: true, file: null, amount: null, additionalTerms: terms === '' ? null : terms, requiredSigners: signers } });
  }
  const amount = parseAmountInput(s.debt.amount, lang);
  if (s.debt.on && s.debt.file && amount.ok) {
    const text = (v: string) => (v.trim() === '' ? null : v.trim());
    steps.push({
      kind: 'debt',
      input: {
        file: s.debt.file,
        amount: amount.value,
        fikCode: text(s.debt.fik),
        bankAccount: s.debt.bankAccount.trim() === '' ? null : normalizeBankAccount(s.debt.bankAccount),
        bankAccountText: text(s.debt.transferText),
      },
    });
  }
  return steps;
}

/** The debt the steps register on the new deal (its amount as sent), or null: the review's consequence settles it out of the payee's share. */
export function debtAmountOf(steps: readonly SetupStep[]): string | null {
  for (const step of steps) if (step.kind === 'debt') return step.input.amount;
  return null;
}

/** Runs one step on the created deal; its failure, or null. The service replaces a bill of sale or debt sent again, so a retry is safe. */
export async function runStep(step: SetupStep, transactionId: string): Promise<AppError | null> {
  try {
    const out =
      step.kind === 'billOfSale'
        ? await ipc.setBillOfSale({ ...step.input, transactionId })
        : await ipc.addDebtInformation({ ...step.input, transactionId });
    return outcomeError(out);
  } catch (e) {
    return e as AppError;
  }
}
