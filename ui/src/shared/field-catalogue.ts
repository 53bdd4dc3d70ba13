/**
 * The words of a field's check in the user's language: the messages Rust's form checks and
 * the client's validators put on one field (`AppError.fieldErrors`), matched here. One the
 * catalogue does not know stays as it came.
 */
import { formatNumber } from './format';
import { i18n, t, type MessageKey } from './i18n/i18n.svelte';

type Rule = { match: RegExp; key: MessageKey; params?: (m: RegExpMatchArray) => Record<string, string> };

const num = (text: string) => formatNumber(Number(text), i18n.lang);
const max = (m: RegExpMatchArray) => ({ max: num(m[1]) });

/** Most specific first. */
const RULES: readonly Rule[] = [
  { match: /^is required for a Marketplace transaction$/i, key: 'fld.requiredMarketplace' },
  { match: /^is required$/i, key: 'fld.required' },
  { match: /^must be greater than zero$/i, key: 'fld.positive' },
  { match: /^must not be negative$/i, key: 'fld.notNegative' },
  { match: /^is not a number$/i, key: 'fld.notNumber' },
  { match: /^is too large$/i, key: 'fld.tooLarge' },
  { match: /^has more than 2 decimals$/i, key: 'fld.decimals' },
  { match: /^at most (\d+) pictures$/i, key: 'fld.pictures', params: max },
  { match: /^must not contain control characters$/i, key: 'fld.controlChars' },
  { match: /^must be at most (\d+) characters$/i, key: 'fld.tooLong', params: max },
  { match: /^must be a whole number from 0 to (\d+)$/i, key: 'fld.whole', params: max },
  { match: /^must be an https address/i, key: 'fld.https' },
  { match: /^must be MARKETPLACE or AUTO$/i, key: 'fld.type' },
  { match: /^must be DKK or EUR$/i, key: 'fld.currency' },
  { match: /^must be in the future$/i, key: 'fld.future' },
  { match: /^is not a valid date and time$/i, key: 'fld.dateTime' },
  { match: /^(give the payee's account id or reference id|payeeId or payeeReferenceId must identify the payee)$/i, key: 'fld.payee' },
  { match: /^must be 17 letters and digits/i, key: 'fld.vin' },
  { match: /^is for Auto transactions only$/i, key: 'fld.autoOnly' },
  { match: /^is for Marketplace transactions only$/i, key: 'fld.marketplaceOnly' },
  // The trade API's checks (escrow-api `trade/validate.rs`).
  { match: /^must be (\d+) to (\d+) characters \(is (\d+)\)$/i, key: 'fld.lengthRange', params: (m) => ({ min: num(m[1]), max: num(m[2]), n: num(m[3]) }) },
  { match: /^must be 1 to (\d+) minutes \(is (-?\d+)\)$/i, key: 'fld.minutes', params: (m) => ({ max: num(m[1]), n: num(m[2]) }) },
  { match: /^must be 1 or 2 \(is (-?\d+)\)$/i, key: 'fld.oneOrTwo' },
  { match: /^must be (-?[\d.]+) to (-?[\d.]+) \(is (-?[\d.]+)\)$/i, key: 'fld.range', params: (m) => ({ min: num(m[1]), max: num(m[2]), n: num(m[3]) }) },
  { match: /^must be 1 to (\d+)$/i, key: 'fld.upTo', params: max },
  { match: /^must be more than 0 grams$/i, key: 'fld.grams' },
  { match: /^must be more than 0$/i, key: 'fld.positive' },
  { match: /^must be a UUID/i, key: 'fld.uuid' },
];

/** A field check's message in the user's language, or the message itself when unknown. */
export function fieldText(message: string): string {
  const s = message.trim().replace(/\.$/, '');
  for (const r of RULES) {
    const m = s.match(r.match);
    if (m) return t(r.key, r.params?.(m));
  }
  return message;
}
