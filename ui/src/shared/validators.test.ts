import { describe, expect, it } from 'vitest';
import { en, translate } from './i18n/i18n.svelte';
import {
  bankAccountIssue, contentIssue, fikIssue, fileIssue, ibanChecksumOk, MAX_FILE_BYTES, normalizeBankAccount, sniff, toBase64,
  BILL_OF_SALE_FILE_KINDS, DEBT_FILE_KINDS,
} from './validators';

const bytes = (s: string | number[]) => (typeof s === 'string' ? new TextEncoder().encode(s) : new Uint8Array(s));

describe('bank account (as the Rust client checks it)', () => {
  it('accepts a 14-digit BBAN and an 18-character Danish IBAN, with spaces and dashes', () => {
    for (const ok of ['00400440116243', '0040 0440116243', '0040-0440-1162-43', 'DK5000400440116243', 'dk50 0040 0440 1162 43', '']) {
      expect(bankAccountIssue(ok), ok).toBeNull();
    }
    expect(normalizeBankAccount('dk50 0040-0440 1162 43')).toBe('DK5000400440116243');
  });

  it('says what is wrong while typing', () => {
    expect(bankAccountIssue('0040044')).toEqual({ key: 'validate.bban.length', params: { count: 7 } });
    expect(bankAccountIssue('004004401162430')?.key).toBe('validate.bban.length');
    expect(bankAccountIssue('0040x')?.key).toBe('validate.bban.digits');
    expect(bankAccountIssue('DE89370400440532013000')?.key).toBe('validate.iban.danish');
    expect(bankAccountIssue('DK500040044011624')).toEqual({ key: 'validate.iban.length', params: { count: 17 } });
    expect(bankAccountIssue('DK5100400440116243')?.key).toBe('validate.iban.checksum');
    expect(bankAccountIssue('DK5000400440116234')?.key, 'swapped digits').toBe('validate.iban.checksum');
  });

  it('computes ISO 13616 mod-97 like the client', () => {
    expect(ibanChecksumOk('DK5000400440116243')).toBe(true);
    expect(ibanChecksumOk('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumOk('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumOk('GB82WEST12345698765433')).toBe(false);
    expect(ibanChecksumOk('DK5')).toBe(false);
  });
});

describe('FIK +71', () => {
  it('accepts the printed and typed forms', () => {
    for (const ok of ['+71<123456789012345+12345678<', '+71 123456789012345 +12345678', '+71123456789012345+12345678', ' +71< 123456789012345 +12345678< ', '']) {
      expect(fikIssue(ok), ok).toBeNull();
    }
  });

  it('refuses other card types and wrong lengths with a clear message', () => {
    expect(fikIssue('+73<123456789012345+12345678<')).toEqual({ key: 'validate.fik.card', params: { card: '+73' } });
    expect(fikIssue('71<123456789012345+12345678<')?.key).toBe('validate.fik.shape');
    expect(fikIssue('+71<12345678901234+12345678<')?.key).toBe('validate.fik.payment');
    expect(fikIssue('+71<123456789012345+1234567<')?.key).toBe('validate.fik.creditor');
    expect(fikIssue('+71<123456789012345')?.key).toBe('validate.fik.shape');
    expect(translate('en', 'validate.fik.card', { card: '+73' })).toContain('+73');
  });
});

describe('files', () => {
  it('refuses empty, too large and wrong types', () => {
    expect(fileIssue({ name: 'a.pdf', size: 0 })?.key).toBe('validate.file.empty');
    expect(fileIssue({ name: 'a.pdf', size: MAX_FILE_BYTES })).toBeNull();
    expect(fileIssue({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 })?.key).toBe('validate.file.tooLarge');
    expect(fileIssue({ name: 'a.png', size: 10 }, BILL_OF_SALE_FILE_KINDS)?.key).toBe('validate.file.type');
    expect(fileIssue({ name: 'a.webp', size: 10 }, DEBT_FILE_KINDS)).toBeNull();
    expect(fileIssue({ name: 'notes.txt', size: 10 }, DEBT_FILE_KINDS)?.params?.types).toBe('PDF, JPEG, PNG, GIF, BMP, WEBP');
    expect(fileIssue({ name: 'notes.txt', size: 10 })).toBeNull();
  });

  it('decides the type by content and refuses a .pdf that is not a PDF', () => {
    expect(sniff(bytes('%PDF-1.7'))).toBe('pdf');
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniff(bytes('GIF89a..'))).toBe('gif');
    expect(sniff(bytes('RIFF\x1a\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniff(bytes('hello'))).toBeNull();
    expect(contentIssue('fake.pdf', bytes('hello'))).toEqual({ key: 'validate.file.content', params: { name: 'fake.pdf', type: 'PDF' } });
    expect(contentIssue('real.pdf', bytes('%PDF-1.4'))).toBeNull();
    expect(contentIssue('notes.txt', bytes('hello'))).toBeNull();
  });

  it('encodes base64 in chunks', () => {
    expect(toBase64(bytes('%PDF-1.4'))).toBe('JVBERi0xLjQ=');
    const big = new Uint8Array(100_000).fill(65);
    expect(atob(toBase64(big)).length).toBe(100_000);
  });

  it('has a message in both languages for every check', () => {
    for (const key of Object.keys(en).filter((k) => k.startsWith('validate.'))) {
      expect(translate('da', key as keyof typeof en)).not.toBe(key);
    }
  });
});
