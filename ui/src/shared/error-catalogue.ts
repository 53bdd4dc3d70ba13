/**
 * The words for what went wrong, in the user's language: the service's known titles and
 * plain-string bodies (with their amounts in the user's format) and the client's own error
 * codes. What the service said verbatim stays behind the error panel's Details.
 */
import type { AppError, ErrorCode } from '../lib/bindings';
import { formatMoney } from './format';
import { midSentence, statusLabel, t, type Lang, type MessageKey } from './i18n/i18n.svelte';

type Rule = { match: RegExp; key: MessageKey; params?: (m: RegExpMatchArray, lang: Lang) => Record<string, string> };

const money = (m: RegExpMatchArray, lang: Lang) => ({ amount: formatMoney(m[1], m[2], lang) });

/** Plain-string bodies and problem titles the service sends, most specific first. */
const RULES: readonly Rule[] = [
  { match: /^Amount exceeds the reimbursable (-?\d+(?:\.\d+)?) (DKK|EUR)$/i, key: 'svc.overReimbursable', params: money },
  { match: /^Nothing has been paid in$/i, key: 'svc.nothingPaidIn' },
  { match: /^Transaction is (\w+)$/i, key: 'svc.transactionIs', params: (m) => ({ status: midSentence(statusLabel(m[1].toUpperCase())) }) },
  { match: /^the payment is not in progress$/i, key: 'svc.paymentNotInProgress' },
  { match: /^the payment is (\w+)$/i, key: 'svc.paymentIs', params: (m) => ({ status: statusLabel(m[1].toUpperCase()).toLowerCase() }) },
  { match: /^Amount must be greater than zero$/i, key: 'svc.amountPositive' },
  { match: /^Transaction closed$/i, key: 'svc.closed' },
  { match: /^Transaction not paid$/i, key: 'svc.notPaid' },
  { match: /^Overfunded transaction$/i, key: 'svc.overfunded' },
  { match: /^Split payout not cancellable$/i, key: 'svc.splitNotCancellable' },
  { match: /^Transaction has payments$/i, key: 'svc.hasPayments' },
  { match: /^Invalid amount$/i, key: 'svc.invalidAmount' },
  { match: /^Invalid payment$/i, key: 'svc.invalidPayment' },
  { match: /^Module not enabled$/i, key: 'svc.moduleNotEnabled' },
  { match: /^Invalid bank account$/i, key: 'svc.invalidBankAccount' },
  { match: /^Invalid FIK code$/i, key: 'svc.invalidFik' },
  { match: /^File too large$/i, key: 'svc.fileTooLarge' },
  // Bank onboarding's results, before the person is back or when there is nothing to add.
  { match: /^no onboarding was started$/i, key: 'svc.onboardingNone' },
  { match: /^the user has not returned from the bank yet$/i, key: 'svc.onboardingNotBack' },
  { match: /^the result expired/i, key: 'svc.onboardingExpired' },
  { match: /^the user cancelled$/i, key: 'svc.onboardingCancelled' },
  { match: /^the user selected no accounts$/i, key: 'svc.onboardingNoAccounts' },
];

/**
 * Escrow Desk's own messages that a person meets in an error panel (the update check and
 * install), matched on the app's English message; their specifics stay under Details.
 */
const OWN_RULES: readonly Rule[] = [
  // A team store's refusals of a second money move: who has it, and since or until when.
  { match: /^Being done by (\S+) since (\d\d:\d\d)\.$/, key: 'team.err.beingDone', params: (m) => ({ who: m[1], since: m[2] }) },
  { match: /^Just done by (\S+) \(asked at (\d\d:\d\d)\)/, key: 'team.err.justDone', params: (m) => ({ who: m[1], since: m[2] }) },
  { match: /^Being sent by (\S+)'s desk; .* after (\d\d:\d\d)\.$/, key: 'team.err.beingSent', params: (m) => ({ who: m[1], until: m[2] }) },
  { match: /^This copy of Escrow Desk was not installed from a package/, key: 'updates.err.notPackaged' },
  { match: /^The update was refused: its signature does not match/, key: 'updates.err.signature' },
  { match: /^The update server could not be reached/, key: 'updates.err.unreachable' },
  { match: /^The update URL is not a URL/, key: 'updates.err.notUrl' },
  { match: /^The update URL must start with https:\/\//, key: 'updates.err.scheme' },
  { match: /^Update failed/, key: 'updates.err.failed' },
  { match: /^The team store refused the login/, key: 'team.err.login' },
  { match: /^The team store's address is not a PostgreSQL URL/, key: 'team.err.url' },
  { match: /^The team store's schema is at step/, key: 'team.err.schema' },
];

function ownText(message: string | null | undefined, lang: Lang): string | null {
  for (const r of OWN_RULES) {
    const m = (message ?? '').match(r.match);
    if (m) return t(r.key, r.params?.(m, lang));
  }
  return null;
}

/** The service's words in the user's language, or null when the catalogue does not know them. */
export function serviceText(text: string | null | undefined, lang: Lang): string | null {
  const s = (text ?? '').trim().replace(/\.$/, '');
  for (const r of RULES) {
    const m = s.match(r.match);
    if (m) return t(r.key, r.params?.(m, lang));
  }
  return null;
}

/** One sentence for an error code (the client's own kinds). */
export function codeText(code: ErrorCode): string {
  return t(`errcode.${code}` as MessageKey);
}

/**
 * The headline of an error: the service's title or body from the catalogue when known (or one of
 * the app's own messages it knows), else the client's sentence for its code. `known` says whether the service's words were matched.
 */
export function explain(e: AppError, lang: Lang): { text: string; known: boolean } {
  const known = serviceText(e.detail, lang) ?? serviceText(e.title, lang) ?? ownText(e.message, lang);
  return known ? { text: known, known: true } : { text: codeText(e.code), known: false };
}

/**
 * One line for an error where the error panel does not fit (a toast, a form's line): the
 * service's words from the catalogue when known; in English, Escrow Desk's own message, which
 * names the specifics; in another language the sentence for its code (the English specifics
 * stay in the log files), never English on a screen in another language.
 */
export function errorText(e: AppError, lang: Lang): string {
  const { text, known } = explain(e, lang);
  return known || lang !== 'en' ? text : e.message;
}
