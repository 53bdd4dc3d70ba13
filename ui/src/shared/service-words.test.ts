import { describe, expect, it } from 'vitest';
import { i18n } from './i18n/i18n.svelte';
import { statementText } from './service-words';

describe("the service's statement texts", () => {
  it('says a payout, a reimbursement and a cancelled deal\'s refund in the chosen language', () => {
    i18n.set('da');
    expect(statementText('Payout')).toBe('Udbetaling');
    expect(statementText('Reimbursement')).toBe('Tilbagebetaling til betaleren');
    expect(statementText('Refund to payer')).toBe('Refundering til betaleren (annulleret)');
    expect(statementText('Something of the service')).toBeNull();
    i18n.set('en');
    expect(statementText(' refund to payer ')).toBe('Refund to the payer (cancelled)');
  });
});
