/**
 * As-you-type checks that mirror the client's validators in Rust (`escrow_api::validate`):
 * Danish bank accounts (14-digit BBAN or 18-character DK IBAN with mod-97 check digits),
 * FIK codes of card type +71, and uploaded files (not empty, at most 10 MiB, allowed type by
 * extension and by content). Rust checks again before anything is sent; these only give
 * the person a clear message while typing. Each check returns a message key (or null).
 */
import type { MessageKey } from './i18n/i18n.svelte';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export type Issue = { key: MessageKey; params?: Record<string, string | number> };

export type FileKind = 'pdf' | 'jpeg' | 'png' | 'gif' | 'bmp' | 'webp';
export const DEBT_FILE_KINDS: readonly FileKind[] = ['pdf', 'jpeg', 'png', 'gif', 'bmp', 'webp'];
export const BILL_OF_SALE_FILE_KINDS: readonly FileKind[] = ['pdf'];

const LABEL: Record<FileKind, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG', gif: 'GIF', bmp: 'BMP', webp: 'WEBP' };

/** What people type around account numbers: spaces (also non-breaking) and dashes. */
export function compact(input: string): string {
  return input.replace(/[\s\-\u2010\u2013]/g, '');
}

/** ISO 13616: first four characters moved to the end, letters as 10..35, the number mod 97 is 1. */
export function ibanChecksumOk(iban: string): boolean {
  if (iban.length < 5 || !/^[0-9A-Z]+$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const c of moved) {
    const v = c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 55 : c.charCodeAt(0) - 48;
    rem = v >= 10 ? (rem * 100 + v) % 97 : (rem * 10 + v) % 97;
  }
  return rem === 1;
}

/** A 14-digit BBAN or an 18-character Danish IBAN; null when valid or empty. */
export function bankAccountIssue(input: string): Issue | null {
  const value = compact(input).toUpperCase();
  if (value === '') return null;
  if (/^[A-Z]/.test(value)) {
    if (!value.startsWith('DK')) return { key: 'validate.iban.danish' };
    if (value.length !== 18 || !/^DK\d{16}$/.test(value)) return { key: 'validate.iban.length', params: { count: value.length } };
    if (!ibanChecksumOk(value)) return { key: 'validate.iban.checksum' };
    return null;
  }
  if (!/^\d+$/.test(value)) return { key: 'validate.bban.digits' };
  if (value.length !== 14) return { key: 'validate.bban.length', params: { count: value.length } };
  return null;
}

/** The account as sent: without spaces or dashes, IBAN upper-case. */
export function normalizeBankAccount(input: string): string {
  return compact(input).toUpperCase();
}

/** A FIK code of card type +71 (`+71<15 digits+8 digits<`, spaces and `<` optional); null when valid or empty. */
export function fikIssue(input: string): Issue | null {
  let value = input.replace(/\s/g, '');
  if (value === '') return null;
  if (value.endsWith('<')) value = value.slice(0, -1);
  if (!value.startsWith('+')) return { key: 'validate.fik.shape' };
  const card = value.slice(1, 3);
  if (card !== '71') return { key: 'validate.fik.card', params: { card: `+${card}` } };
  let rest = value.slice(3);
  if (rest.startsWith('<')) rest = rest.slice(1);
  const plus = rest.indexOf('+');
  if (plus < 0) return { key: 'validate.fik.shape' };
  const payment = rest.slice(0, plus);
  const creditor = rest.slice(plus + 1);
  if (!/^\d{15}$/.test(payment)) return { key: 'validate.fik.payment' };
  if (!/^\d{8}$/.test(creditor)) return { key: 'validate.fik.creditor' };
  return null;
}

/** The type a file name claims by its extension. */
export function kindFromName(name: string): FileKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  switch (name.slice(dot + 1).toLowerCase()) {
    case 'pdf': return 'pdf';
    case 'jpg':
    case 'jpeg': return 'jpeg';
    case 'png': return 'png';
    case 'gif': return 'gif';
    case 'bmp': return 'bmp';
    case 'webp': return 'webp';
    default: return null;
  }
}

function startsWith(bytes: Uint8Array, sig: number[] | string): boolean {
  const s = typeof sig === 'string' ? Array.from(sig, (c) => c.charCodeAt(0)) : sig;
  return bytes.length >= s.length && s.every((b, i) => bytes[i] === b);
}

/** The type the content really is, from its leading bytes (as the Rust client decides). */
export function sniff(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (bytes.length >= 14 && startsWith(bytes, 'BM')) return 'bmp';
  if (bytes.length >= 12 && startsWith(bytes, 'RIFF') && startsWith(bytes.subarray(8), 'WEBP')) return 'webp';
  return null;
}

/**
 * Checks a chosen file before it is read: not empty, at most 10 MiB and, when `allowed` is
 * given, an allowed extension.
 */
export function fileIssue(file: { name: string; size: number }, allowed?: readonly FileKind[]): Issue | null {
  if (file.size === 0) return { key: 'validate.file.empty', params: { name: file.name } };
  if (file.size > MAX_FILE_BYTES) return { key: 'validate.file.tooLarge', params: { name: file.name } };
  if (allowed) {
    const kind = kindFromName(file.name);
    if (!kind || !allowed.includes(kind)) {
      return { key: 'validate.file.type', params: { name: file.name, types: allowed.map((k) => LABEL[k]).join(', ') } };
    }
  }
  return null;
}

/** Checks the content once read: a file named as a known type must be that type. */
export function contentIssue(name: string, bytes: Uint8Array): Issue | null {
  const named = kindFromName(name);
  if (named && sniff(bytes) !== named) return { key: 'validate.file.content', params: { name, type: LABEL[named] } };
  return null;
}

/** Base64 of bytes, in chunks (String.fromCharCode has an argument limit). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Reads a File's bytes (File.arrayBuffer, with a FileReader fallback for older engines). */
export async function readBytes(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(file);
  });
}
