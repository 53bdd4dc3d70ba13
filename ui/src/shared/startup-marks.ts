// Start-up milestones as performance marks (`escrow-desk:<name>`), each set once: `make bench`
// prints them counted from the app process's start, which shows where a slow start goes
// (the script, the first command, its answer, the first page).
const seen = new Set<string>();

/** The mark set after the frame that shows the first page's data; `make bench` times a cold
 * start to it from the app process's start. */
export const FIRST_PAGE_MARK = 'escrow-desk:first-page';

export function markOnce(name: string): void {
  if (seen.has(name)) return;
  seen.add(name);
  performance.mark(`escrow-desk:${name}`);
}
