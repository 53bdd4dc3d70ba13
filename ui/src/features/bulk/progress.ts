// What the progress panel shows of a run: counts by state, what a retry would pick up, and the
// links a payment-link run answered, as text to copy.
import type { BatchStatus, BulkRow, RowState } from '../../lib/bindings';

export type Counts = Record<RowState, number>;

export function counts(rows: readonly BulkRow[]): Counts {
  const c: Counts = { queued: 0, running: 0, done: 0, failed: 0, unknown: 0, skipped: 0, awaiting_approval: 0, cancelled: 0 };
  for (const r of rows) c[r.state] += 1;
  return c;
}

/** Rows "retry the failed" sends again: refused, unclear (same key) or never sent. */
export function retryable(rows: readonly BulkRow[]): number {
  return rows.filter((r) => r.state === 'failed' || r.state === 'unknown' || r.state === 'cancelled').length;
}

/** Shown as failed: refused and unclear alike (the unclear ones say so). */
export function failedCount(c: Counts): number {
  return c.failed + c.unknown;
}

/** One line per link: transaction id, a tab, the link (pastes as two columns). */
export function linksText(rows: readonly BulkRow[]): string {
  return rows.filter((r) => r.link).map((r) => `${r.transactionId}\t${r.link}`).join('\n');
}

/** The typed total equals the expected one as a number (spaces and a decimal comma allowed). */
export function totalMatches(typed: string, expected: string): boolean {
  let t = typed.replace(/[\s\u00a0]/g, '');
  if (t.includes(',') && !t.includes('.')) t = t.replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return false;
  const cents = (s: string) => {
    const [whole, frac = ''] = s.split('.');
    return BigInt(whole + frac.padEnd(2, '0'));
  };
  return cents(t) === cents(expected);
}

export function running(status: BatchStatus | null): boolean {
  return status?.state === 'running';
}
