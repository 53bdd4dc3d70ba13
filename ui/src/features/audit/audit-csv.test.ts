import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../lib/bindings';
import { auditCsv, AUDIT_CSV_HEADER } from './audit-csv';

describe('audit CSV', () => {
  it('exports audit rows with every field, in order', () => {
    const row: AuditEntry = {
      seq: 7, at: '2026-11-22T10:00:00.000+01:00', environmentId: 'sandbox', actionId: 'a-1', kind: 'cancel',
      target: 'tx-1', amount: null, idempotencyKey: 'key-1', correlationId: 'c-1', phase: 'outcome',
      outcome: 'failed', detail: 'Refused, "already paid"\nsee support',
      environmentKind: 'sandbox', appVersion: '0.1.0', actorUser: 'mette', actorHost: 'desk-3', staffName: "'Mette",
      format: 'v2', keyId: '0123456789abcdef', prevHash: 'p'.repeat(4), hash: 'h'.repeat(4), mac: 'm'.repeat(4),
    };
    const lines = auditCsv([row], () => 'Sandbox, local').split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines[0]).toBe(
      'seq,time,environment_id,environment,action_id,action,target,amount,idempotency_key,correlation_id,phase,outcome,detail,' +
        'environment_kind,app_version,actor_user,actor_host,staff_name,format,key_id,prev_hash,hash,mac',
    );
    expect(lines[1]).toBe(
      '7,2026-11-22T10:00:00.000+01:00,sandbox,"Sandbox, local",a-1,cancel,tx-1,,key-1,c-1,outcome,failed,"Refused, ""already paid""\nsee support",' +
        "sandbox,0.1.0,mette,desk-3,''Mette,v2,0123456789abcdef,pppp,hhhh,mmmm",
    );
  });
});
