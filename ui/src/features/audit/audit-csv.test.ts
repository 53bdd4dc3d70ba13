import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/bindings';
import { auditCsv, AUDIT_CSV_HEADER } from './audit-csv';

describe('audit CSV', () => {
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
