// A list row's title and plate, apart: a long title is cut with an ellipsis, the plate that
// tells two "Tesla Model Y Long Range…" rows apart never is.

/** The title without a trailing " — <plate>" (the plate is shown on its own), and the plate. */
export function rowTitle(title: string | null | undefined, plate: string | null | undefined): { title: string; plate: string | null } {
  const text = (title ?? '').trim();
  const p = (plate ?? '').trim();
  if (!p) return { title: text, plate: null };
  const squash = (s: string) => s.replace(/\s+/g, '').toUpperCase();
  if (squash(text).endsWith(squash(p))) {
    // Drop the plate and the dash or comma before it, however it was spaced.
    let cut = text.length;
    let seen = 0;
    const want = squash(p).length;
    while (cut > 0 && seen < want) {
      cut--;
      if (!/\s/.test(text[cut])) seen++;
    }
    const rest = text.slice(0, cut).replace(/[\s—–\-,·|]+$/, '');
    return { title: rest || text, plate: p };
  }
  return { title: text, plate: p };
}
