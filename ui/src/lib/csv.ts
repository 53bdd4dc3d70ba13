/** One CSV field (RFC 4180): quoted when it holds a quote, separator or line break; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value == null) return '';
  const s = String(value);
  // Cells starting with = + - @ would be run as formulas by spreadsheet programs; neutralise them
  // (a leading apostrophe), except plain numbers like "-12.50".
  const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\r\n;]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document: header row, then one line per row, CRLF line ends. */
export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Offer text as a file download: a Blob and a temporary `<a download>` link. Returns false when the
 * web view cannot do it (the caller then offers copy to clipboard).
 */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): boolean {
  try {
    // A byte-order mark lets spreadsheet programs read UTF-8 (æ, ø, å) correctly.
    const blob = new Blob(['\ufeff', text], { type });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}
