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
