// A filter another page can hand to the audit page ("show this bulk run"). The batch id itself
// is read out of an audit row's detail by Rust (`audit::note`; the page shows it as a chip).

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
