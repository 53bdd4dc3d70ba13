// Audit rows of a bulk run name their batch at the start of the detail ("batch <id>" or
// "batch <id>: <detail>", sealed by the row's MAC like every field). Split out for the page's
// batch chip, and a filter another page can hand to the audit page ("show this run").

const BATCH = /^batch ([0-9a-f-]{36})(?::\s*(.*))?$/s;

export function splitBatch(detail: string | null): { batch: string | null; rest: string } {
  const m = detail ? BATCH.exec(detail) : null;
  return m ? { batch: m[1], rest: m[2] ?? '' } : { batch: null, rest: detail ?? '' };
}

let requested: string | null = null;

/** Asks the audit page to open filtered by `text` (read once, when it opens). */
export function requestAuditFilter(text: string) {
  requested = text;
}

export function takeAuditFilter(): string | null {
  const f = requested;
  requested = null;
  return f;
}
