import { describe, expect, it } from 'vitest';
import { requestAuditFilter, takeAuditFilter } from './batch';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('a bulk run handed to the audit page', () => {
  it('a requested filter is taken once', () => {
    requestAuditFilter(id);
    expect(takeAuditFilter()).toBe(id);
    expect(takeAuditFilter()).toBeNull();
  });
});
