// The last answer of each page's query, kept for the window's life (memory only), so a page
// opened again draws what it showed before at once and asks again behind it: a click on
// "Attention" during a sync of 100,000 rows shows the queue in one frame rather than after
// the query (stale-while-revalidate). Pages mark the view as fresh when their own answer
// is in. Keys name the page, the environment and the query.

/** Kept answers at most: one per page and filter is all that is ever reused. */
const LIMIT = 24;
const views = new Map<string, unknown>();

export function lastView<T>(key: string): T | null {
  return (views.get(key) as T | undefined) ?? null;
}

export function keepView<T>(key: string, view: T): void {
  views.delete(key);
  views.set(key, view);
  while (views.size > LIMIT) {
    const oldest = views.keys().next().value;
    if (oldest === undefined) break;
    views.delete(oldest);
  }
}

/** Forgets every kept answer (an environment deleted, or tests starting over). */
export function forgetViews(): void {
  views.clear();
}
