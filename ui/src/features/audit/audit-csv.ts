import type { AuditEntry } from '../../lib/bindings';
import { toCsv } from '../../shared/csv';

/** Column names of the exported audit CSV (stable, for tools; not translated). */
export const AUDIT_CSV_HEADER = [
  'seq', 'time', 'environment_id', 'environment', 'action_id', 'action', 'target', 'amount',
  'idempotency_key', 'correlation_id', 'phase', 'outcome', 'detail',
];

/** The audit rows as CSV, exactly as stored (amounts as decimal strings, times as ISO 8601). */
export function auditCsv(rows: AuditEntry[], envName: (id: string) => string = (id) => id): string {
  return toCsv(
    AUDIT_CSV_HEADER,
    rows.map((r) => [
      r.seq, r.at, r.environmentId, envName(r.environmentId), r.actionId, r.kind, r.target, r.amount,
      r.idempotencyKey, r.correlationId, r.phase, r.outcome, r.detail,
    ]),
  );
}
