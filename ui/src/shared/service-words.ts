/**
 * Words the service writes into records, said in the user's language when the app knows them:
 * the statement text of an outgoing payment (the service names a payout "Payout" and money
 * back to the payer "Reimbursement", and a cancelled deal's money back "Refund to payer"). Other text is the service's or a person's own and is
 * shown as written. (The service's error words: `error-catalogue.ts`.)
 */
import { t, type MessageKey } from './i18n/i18n.svelte';

const STATEMENT_TEXTS: Readonly<Record<string, MessageKey>> = {
  payout: 'svcText.payout',
  reimbursement: 'svcText.reimbursement',
  'refund to payer': 'svcText.refund',
};

/** The statement text in the user's language, or null when it is not one the app knows. */
export function statementText(text: string | null | undefined): string | null {
  const key = STATEMENT_TEXTS[(text ?? '').trim().toLowerCase()];
  return key ? t(key) : null;
}
