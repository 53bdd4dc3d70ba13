import { describe, expect, it } from 'vitest';
import { auditCsv, AUDIT_CSV_HEADER } from './audit';
import type { AuditEntry } from './bindings';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it('escapes quotes, commas and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField('semi;colon')).toBe('"semi;colon"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField('1250.50')).toBe('1250.50');
  });

  it('neutralises spreadsheet formulas but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.50')).toBe('-12.50');
  });

  it('builds a document with a header and CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y'], [null, 'q"r']])).toBe('a,b\r\n1,"x,y"\r\n,"q""r"\r\n');
  });

  it('exports audit rows with every field, in order', () => {
    const row: AuditEntry = {
      seq: 7, at: '2026-11-22T10:00:00.000Z', environmentId: 'sandbox', actionId: 'a-1', kind: 'cancel',
      target: 'tx-1', amount: null, idempotencyKey: 'key-1', correlationId: 'c-1', phase: 'outcome',
      outcome: 'failed', detail: 'Refused, "already paid"\nsee support',
    };
    const lines = auditCsv([row], () => 'Sandbox, local').split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines[1]).toBe(
      '7,2026-11-22T10:00:00.000Z,sandbox,"Sandbox, local",a-1,cancel,tx-1,,key-1,c-1,outcome,failed,"Refused, ""already paid""\nsee support"',
    );
  });
});
