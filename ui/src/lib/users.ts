import type { ActionOutcome, AppError } from './bindings';

export const USERS_PAGE_SIZE = 50;

/** The error a journaled action failed with (the service's problem title first), or null when it succeeded. */
export function outcomeError(o: ActionOutcome): AppError | null {
  const r = o.record;
  if (r.state === 'succeeded') return null;
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
