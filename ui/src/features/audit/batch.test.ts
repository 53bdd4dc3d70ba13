import { describe, expect, it } from 'vitest';
import { requestAuditFilter, splitBatch, takeAuditFilter } from './batch';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('batch in audit details', () => {
  it('splits the batch id from the detail', () => {
    expect(splitBatch(`batch ${id}`)).toEqual({ batch: id, rest: '' });
    expect(splitBatch(`batch ${id}: Transaction not paid`)).toEqual({ batch: id, rest: 'Transaction not paid' });
    expect(splitBatch('created tx-1')).toEqual({ batch: null, rest: 'created tx-1' });
    expect(splitBatch(null)).toEqual({ batch: null, rest: '' });
    expect(splitBatch('batch not-an-id')).toEqual({ batch: null, rest: 'batch not-an-id' });
  });

  it('a requested filter is taken once', () => {
    requestAuditFilter(id);
    expect(takeAuditFilter()).toBe(id);
    expect(takeAuditFilter()).toBeNull();
  });
});
