// Start-up milestones as performance marks (`escrow-desk:<name>`), each set once: `make bench`
// prints them counted from the app process's start, which shows where a slow start goes
// (the script, the first command, its answer, the first page). `first-page`, set after the
// frame that shows the first page's data, is what the bench times a cold start to.
const seen = new Set<string>();

export function markOnce(name: string): void {
  if (seen.has(name)) return;
  seen.add(name);
  performance.mark(`escrow-desk:${name}`);
}
