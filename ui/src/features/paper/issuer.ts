// The company name printed on paper: a cosmetic, per-desk choice kept in the web view's
// storage (it is no secret and moves no money); Rust checks it again before printing it.
const KEY = 'escrowdesk.paper.issuer';

/** The saved name, or null for "the environment's name". */
export function loadIssuer(): string | null {
  try {
    const v = localStorage.getItem(KEY)?.trim();
    return v ? v : null;
  } catch {
    return null;
  }
}

/** Saves `name` (trimmed, at most 80 characters); empty forgets it. */
export function saveIssuer(name: string): void {
  const v = name.trim().slice(0, 80);
  try {
    if (v) localStorage.setItem(KEY, v);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the environment's name is printed */
  }
}
