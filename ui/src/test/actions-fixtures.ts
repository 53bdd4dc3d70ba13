import type { ActionRecord, ActionRequest, AuditRow, SplitPayout } from '../lib/bindings';

export function record(request: ActionRequest, over: Partial<ActionRecord> = {}): ActionRecord {
  return {
    id: 'act-1',
    environmentId: 'sandbox',
    request,
    state: 'succeeded',
    idempotencyKey: 'idem-key-1',
    correlationId: 'corr-1',
    message: null,
    error: null,
    attempts: 1,
    created: '2026-11-22T09:00:00.000Z',
    updated: '2026-11-22T09:00:01.000Z',
    ...over,
  };
}

export function split(id: string, over: Partial<SplitPayout> = {}): SplitPayout {
  return {
    splitPayoutId: id,
    amount: '5000.00',
    currency: 'DKK',
    recipient: 'TENANT',
    serviceAccountId: null,
    timing: 'ON_CLOSE',
    description: 'Dealer commission',
    destination: null,
    status: 'PENDING',
    created: '2026-11-03T10:00:00Z',
    ...over,
  };
}

/** An audit row as `audit_log` lists it; a detail without parts given reads back as text (as Rust parses text it cannot take apart). */
export function audit(seq: number, over: Partial<AuditRow> = {}): AuditRow {
  const detail = over.detail ?? null;
  return {
    parsed: { batch: null, note: detail ? { kind: 'text', text: detail } : null },
    seq,
    at: '2026-11-22T09:00:00.000Z',
    environmentId: 'sandbox',
    actionId: `act-${seq}`,
    kind: 'reimburse',
    target: 'tx-1',
    amount: '1250.50',
    idempotencyKey: `key-${seq}`,
    correlationId: `corr-${seq}`,
    phase: seq % 2 ? 'intent' : 'outcome',
    outcome: seq % 2 ? 'pending' : 'succeeded',
    detail: null,
    environmentKind: 'sandbox',
    appVersion: '0.1.0',
    actorUser: 'mette',
    actorHost: 'desk-3',
    staffName: null,
    format: 'v2',
    keyId: '0123456789abcdef',
    prevHash: '0'.repeat(64),
    hash: 'a'.repeat(64),
    mac: 'b'.repeat(64),
    ...over,
  };
}
