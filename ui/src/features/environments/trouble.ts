// The words for a connection failure's likely cause (`AppError.cause`, set by Rust) and what
// to check; null when the error is not about reaching the service (whether it could not be
// reached at all is `unreachable`, in shared/errors.ts).
import type { AppError } from '../../lib/bindings';
import type { MessageKey } from '../../shared/i18n/i18n.svelte';

export const CAUSES = ['dns', 'refused', 'tls', 'timeout', 'unreachable', 'wrongKey', 'wrongPath', 'server', 'notTheService'] as const;

export function troubleKeys(e: AppError): { cause: MessageKey; check: MessageKey } | null {
  const c = e.cause;
  if (!c || !(CAUSES as readonly string[]).includes(c)) return null;
  return { cause: `trouble.${c}.cause` as MessageKey, check: `trouble.${c}.check` as MessageKey };
}
