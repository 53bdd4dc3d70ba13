// The bill of sale and the debt a deal records (`autoInformation.billOfSale` / `.debt`) as
// labelled fields in the user's language, never as JSON. The spec shows none of their fields:
// the ones the sandbox records are named here; any other field is still shown, labelled from
// its key and its value formatted (money, dates, yes/no, lists), and nulls are left out.

import { formatDateTime, formatMoney, formatNumber } from '../../shared/format';
import { t, type Lang, type MessageKey } from '../../shared/i18n/i18n.svelte';

export interface RecordField {
  /** The record's key (for tests and `data-field`). */
  key: string;
  label: string;
  value: string;
  /** Codes and file names, shown in the monospace font. */
  mono: boolean;
}

type Kind = 'money' | 'date' | 'yesNo' | 'signers' | 'bytes' | 'fileType' | 'mono' | 'text';
/** A known field: its label and how its value reads; `null`: not shown (said elsewhere, or of no use to a person). */
type Known = Record<string, { label: MessageKey; kind: Kind } | null>;

const BILL_OF_SALE: Known = {
  enabled: { label: 'rec.enabled', kind: 'yesNo' },
  generated: { label: 'rec.generated', kind: 'yesNo' },
  amount: { label: 'detail.amount', kind: 'money' },
  requiredSigners: { label: 'bos.signers', kind: 'signers' },
  signed: { label: 'docs.signed', kind: 'yesNo' },
  additionalTerms: { label: 'bos.terms', kind: 'text' },
  fileName: { label: 'docs.file', kind: 'mono' },
  size: { label: 'rec.size', kind: 'bytes' },
  created: { label: 'detail.pay.created', kind: 'date' },
  // Shown with the amount.
  currency: null,
  // The service's own id of the stored file: the deal's panel gets the document.
  fileId: null,
};

const DEBT: Known = {
  amount: { label: 'detail.amount', kind: 'money' },
  fikCode: { label: 'debt.fik', kind: 'mono' },
  bankAccount: { label: 'debt.bankAccount', kind: 'mono' },
  bankAccountText: { label: 'debt.transferText', kind: 'text' },
  fileName: { label: 'docs.file', kind: 'mono' },
  contentType: { label: 'rec.fileType', kind: 'fileType' },
  size: { label: 'rec.size', kind: 'bytes' },
  created: { label: 'detail.pay.created', kind: 'date' },
  currency: null,
  fileId: null,
  // The split payouts table marks the settlement.
  splitPayoutId: null,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** `signingDeadline` → "Signing deadline", `vin_code` → "Vin code". */
export function labelFromKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A file size in bytes, kB or MB in the locale. */
export function formatBytes(n: number, lang: Lang): string {
  if (n < 1024) return t('rec.bytes', { n: formatNumber(n, lang) });
  if (n < 1024 * 1024) return t('rec.kb', { n: formatNumber(n / 1024, lang, { maximumFractionDigits: 1 }) });
  return t('rec.mb', { n: formatNumber(n / (1024 * 1024), lang, { maximumFractionDigits: 1 }) });
}

const signerLabel = (role: unknown): string => {
  const r = String(role).toLowerCase();
  return r === 'payer' ? t('detail.payer') : r === 'payee' ? t('detail.payee') : String(role);
};
/** Payer first, then payee, then any other role in the record's order. */
const signerRank = (role: unknown): number => ({ payer: 0, payee: 1 })[String(role).toLowerCase()] ?? 2;
const signers = (list: unknown[]): string =>
  list.length === 0 ? t('bos.nobody') : [...list].sort((a, b) => signerRank(a) - signerRank(b)).map(signerLabel).join(', ');

/** Any value readably: yes/no, numbers and dates in the locale, money for amounts, lists joined, objects as "label: value" pairs. */
export function formatAny(key: string, v: unknown, currency: string, lang: Lang): string {
  if (empty(v)) return '—';
  if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
  if (typeof v === 'number') return /amount$/i.test(key) ? formatMoney(String(v), currency, lang) : formatNumber(v, lang);
  if (typeof v === 'string') {
    if (ISO_DATE.test(v)) return formatDateTime(v, lang);
    if (/amount$/i.test(key) && DECIMAL.test(v)) return formatMoney(v, currency, lang);
    return v;
  }
  if (Array.isArray(v)) return v.filter((x) => !empty(x)).map((x) => formatAny(key, x, currency, lang)).join(', ');
  if (isObject(v)) {
    return Object.entries(v)
      .filter(([, x]) => !empty(x))
      .map(([k, x]) => `${labelFromKey(k)}: ${formatAny(k, x, currency, lang)}`)
      .join('; ');
  }
  return String(v);
}

function known(kind: Kind, v: unknown, currency: string, lang: Lang): string {
  switch (kind) {
    case 'money':
      return typeof v === 'string' || typeof v === 'number' ? formatMoney(String(v), currency, lang) : formatAny('', v, currency, lang);
    case 'date':
      return typeof v === 'string' ? formatDateTime(v, lang) : formatAny('', v, currency, lang);
    case 'yesNo':
      return v === true ? t('common.yes') : v === false ? t('common.no') : formatAny('', v, currency, lang);
    case 'signers':
      return Array.isArray(v) ? signers(v) : formatAny('', v, currency, lang);
    case 'bytes':
      return typeof v === 'number' && Number.isFinite(v) ? formatBytes(v, lang) : formatAny('', v, currency, lang);
    case 'fileType':
      return typeof v === 'string' ? (v.split('/').pop() ?? v).toUpperCase() : formatAny('', v, currency, lang);
    default:
      return formatAny('', v, currency, lang);
  }
}

/**
 * The fields of a recorded Auto module, known ones first in their order, then any other in the
 * record's order. Nulls and empty values are left out (an empty signer list reads "Nobody");
 * `omit` leaves out fields the caller says otherwise. Not an object: no fields.
 */
function fieldsOf(record: unknown, table: Known, fallbackCurrency: string, lang: Lang, omit: readonly string[]): RecordField[] {
  if (!isObject(record)) return [];
  const currency = typeof record.currency === 'string' && record.currency !== '' ? record.currency : fallbackCurrency;
  const out: RecordField[] = [];
  for (const [key, spec] of Object.entries(table)) {
    const v = record[key];
    if (!spec || omit.includes(key) || v === undefined || v === null || (empty(v) && spec.kind !== 'signers')) continue;
    out.push({ key, label: t(spec.label), value: known(spec.kind, v, currency, lang), mono: spec.kind === 'mono' });
  }
  for (const [key, v] of Object.entries(record)) {
    if (key in table || omit.includes(key) || empty(v)) continue;
    out.push({ key, label: labelFromKey(key), value: formatAny(key, v, currency, lang), mono: false });
  }
  return out;
}

export const billOfSaleFields = (record: unknown, currency: string, lang: Lang, omit: readonly string[] = []) =>
  fieldsOf(record, BILL_OF_SALE, currency, lang, omit);

export const debtFields = (record: unknown, currency: string, lang: Lang, omit: readonly string[] = []) =>
  fieldsOf(record, DEBT, currency, lang, omit);
