const QUOTE = '"';

/** A field must be quoted when it holds a quote, comma, semicolon or line break, or starts or ends with space. */
function needsQuotes(s: string): boolean {
  return [QUOTE, ',', ';', '\r', '\n'].some((c) => s.includes(c)) || /^\s|\s$/.test(s);
}

/** One CSV field (RFC 4180): quoted when it holds a quote, separator or line break; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value == null) return '';
  const s = String(value);
  // Cells starting with = + - @ would be run as formulas by spreadsheet programs; neutralise them
  // (a leading apostrophe), except plain numbers like "-12.50".
  const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s) ? "'" + s : s;
  return needsQuotes(safe) ? QUOTE + safe.split(QUOTE).join(QUOTE + QUOTE) + QUOTE : safe;
}

/** A CSV document: header row, then one line per row, CRLF line ends. */
export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
