import { ERROR_CODES as CODES, type ActionOutcome, type AppError, type ErrorCode, type NotRecorded } from '../lib/bindings';
import { fieldText } from './field-catalogue';
import { formatMoney } from './format';
import type { Lang } from './i18n/i18n.svelte';

/** The codes Rust sends (generated with the bindings from `ErrorCode`). */
const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>(CODES);
/** What a journaled action could not record when the local database failed under it. */
const NOT_RECORDED: ReadonlySet<string> = new Set<NotRecorded>(['intent', 'outcome', 'dismissal']);

function str(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/** Turn anything thrown by `invoke` (or by our own code) into an AppError. */
export function toAppError(e: unknown): AppError {
  if (e && typeof e === 'object' && !(e instanceof Error)) {
    const o = e as Record<string, unknown>;
    const code = typeof o.code === 'string' && ERROR_CODES.has(o.code) ? (o.code as ErrorCode) : 'internal';
    const message = str(o.message) ?? str(o.title) ?? str(o.detail) ?? String(o.code ?? 'Unknown error');
    return {
      code,
      message,
      status: typeof o.status === 'number' ? o.status : null,
      title: str(o.title),
      detail: str(o.detail),
      correlationId: str(o.correlationId),
      ...(Array.isArray(o.fieldErrors) ? { fieldErrors: o.fieldErrors as AppError['fieldErrors'] } : {}),
      ...(str(o.cause) ? { cause: str(o.cause) as string } : {}),
      ...(NOT_RECORDED.has(o.notRecorded as string) ? { notRecorded: o.notRecorded as NotRecorded } : {}),
    };
  }
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error';
  return { code: 'internal', message: message || 'Unknown error', status: null, title: null, detail: null, correlationId: null };
}

/** Whether the environment could not be reached at all (offline work is the only way to use it). */
export function unreachable(e: AppError): boolean {
  return ['dns', 'refused', 'tls', 'timeout', 'unreachable'].includes(e.cause ?? '') || e.code === 'network' || e.code === 'timeout';
}

export function isAppError(v: unknown): v is AppError {
  return !!v && typeof v === 'object' && typeof (v as AppError).code === 'string' && typeof (v as AppError).message === 'string';
}

/** The error a journaled action failed with (the service's problem title first), or null when it succeeded. */
export function outcomeError(o: ActionOutcome): AppError | null {
  const r = o.record;
  if (r.state === 'succeeded' || r.state === 'awaiting_approval') return null;
  if (r.error) return r.error;
  return {
    code: r.state === 'failed' ? 'bad_request' : 'network',
    message: r.message ?? r.state,
    status: null,
    title: null,
    detail: null,
    correlationId: r.correlationId,
  };
}

/** One line for a toast: the service's title when it gave one, else the message. */
export function errorLine(e: AppError): string {
  return e.title && e.title !== e.message ? `${e.title}: ${e.detail ?? e.message}` : e.message;
}

/** A wire field name as the form knows it: `$.Address.City` → `address.city`. */
export function normalizeField(key: string): string {
  return key
    .replace(/^\$\.?/, '')
    .split('.')
    .filter((p) => p !== '')
    .map((p) => p.charAt(0).toLowerCase() + p.slice(1))
    .join('.');
}

/** Field faults of an error (the client's check or the service's 400), keyed by normalized field. */
export function fieldErrorsOf(e: AppError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of e?.fieldErrors ?? []) {
    const key = normalizeField(f.field);
    const said = fieldText(f.message);
    out[key] = out[key] ? `${out[key]}; ${said}` : said;
  }
  return out;
}

/** `286510.00 DKK` (how the service writes amounts in its messages) in the user's format. */
export function localizeAmounts(text: string, lang: Lang): string {
  return text.replace(/(-?\d+(?:\.\d+)?) (DKK|EUR)\b/g, (_m, amount: string, cur: string) => formatMoney(amount, cur, lang));
}

/**
 * What the service said, once: its plain-string or problem detail with amounts in the user's
 * format, when it gave one; else the message. The caller keeps the original behind Details.
 */
export function serviceSaid(e: AppError, lang: Lang): string | null {
  const said = e.detail ?? null;
  return said ? localizeAmounts(said, lang) : null;
}
