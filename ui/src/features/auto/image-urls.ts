// Vehicle photo addresses as the new-deal form reads them: one per line, https only (the
// window's CSP loads images from https: and nowhere else; Rust checks the same rule).

export const MAX_IMAGES = 20;

export type ImageUrlsResult = { ok: true; urls: string[] } | { ok: false; line: number; reason: 'https' | 'tooMany' };

/** One address: an absolute https URL with a host and no credentials, at most 2000 characters. */
export function isHttpsImageUrl(text: string): boolean {
  if (text.length > 2000) return false;
  try {
    const u = new URL(text);
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** The lines of the field: blank lines dropped; the first bad line (1-based) reported. */
export function parseImageUrls(text: string): ImageUrlsResult {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const urls: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue;
    if (!isHttpsImageUrl(lines[i])) return { ok: false, line: i + 1, reason: 'https' };
    urls.push(lines[i]);
  }
  if (urls.length > MAX_IMAGES) return { ok: false, line: 0, reason: 'tooMany' };
  return { ok: true, urls };
}

/** Addresses from a record, shown only when they are https (anything else is never loaded). */
export function shownImages(urls: ReadonlyArray<unknown> | null | undefined): string[] {
  return (urls ?? []).filter((u): u is string => typeof u === 'string' && isHttpsImageUrl(u));
}
