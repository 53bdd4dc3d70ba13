/**
 * Exact decimal arithmetic for money strings like "289500.00".
 * Values are held as a BigInt of the smallest unit plus a scale (number of fraction digits),
 * so nothing ever passes through a JS float.
 */
export type Decimal = { readonly units: bigint; readonly scale: number };

const DECIMAL_RE = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/;

export function parseDecimal(input: string | null | undefined): Decimal | null {
  if (input == null) return null;
  const m = DECIMAL_RE.exec(input);
  if (!m) return null;
  const [, sign, int = '', frac = ''] = m;
  if (int === '' && frac === '') return null;
  const units = BigInt((int || '0') + frac);
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [rescale(a, scale), rescale(b, scale), scale];
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function maxZero(a: Decimal): Decimal {
  return a.units < 0n ? { units: 0n, scale: a.scale } : a;
}

/** Canonical string with at least `minScale` fraction digits, e.g. "289500.00". */
export function toDecimalString(d: Decimal, minScale = 2): string {
  const scale = Math.max(d.scale, minScale);
  const units = rescale(d, scale);
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return (neg ? '-' : '') + int + (scale > 0 ? '.' + frac : '');
}

/** Sum of decimal strings; null/invalid entries count as zero. */
export function sumDecimals(values: Array<string | null | undefined>): Decimal {
  return values.reduce<Decimal>((acc, v) => add(acc, parseDecimal(v) ?? ZERO), ZERO);
}
