import type { AuditEntry } from '../../lib/bindings';
import { toCsv } from '../../shared/csv';

/** Column names of the audit CSV (stable, for tools; not translated): the same as the file
 *  Rust exports (`crates/desk-audit/src/csv_rows.rs`), hashes and MACs included. */
export const AUDIT_CSV_HEADER = [
  'seq', 'time', 'environment_id', 'environment', 'action_id', 'action', 'target', 'amount',
  'idempotency_key', 'correlation_id', 'phase', 'outcome', 'detail',
  'environment_kind', 'app_version', 'actor_user', 'actor_host', 'staff_name', 'format', 'key_id', 'prev_hash', 'hash', 'mac',
];

/** A value starting with an apostrophe gets one more, so the defusing apostrophe `toCsv` adds
 *  to formula-like cells can always be told apart (the verifier strips exactly one). */
function keep(value: string | null): string | null {
  return value != null && value.startsWith("'") ? "'" + value : value;
}

/** The audit rows as CSV, exactly as stored (amounts as decimal strings, times as RFC 3339). */
export function auditCsv(rows: AuditEntry[], envName: (id: string) => string = (id) => id): string {
  return toCsv(
    AUDIT_CSV_HEADER,
    rows.map((r) => [
      r.seq, r.at, r.environmentId, envName(r.environmentId), r.actionId, r.kind, r.target, r.amount,
      r.idempotencyKey, r.correlationId, r.phase, r.outcome, r.detail,
      r.environmentKind, r.appVersion, r.actorUser, r.actorHost, r.staffName, r.format, r.keyId, r.prevHash, r.hash, r.mac,
    ].map((v) => (typeof v === 'string' ? keep(v) : v))),
  );
}
