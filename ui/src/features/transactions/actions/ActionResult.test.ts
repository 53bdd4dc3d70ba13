import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ActionResult from './ActionResult.svelte';
import { record } from '../../../test/actions-fixtures';

const payout = { kind: 'payout', transactionId: 'tx-1', serviceAccountId: 'acc-payer', amount: null } as const;
const noop = () => {};

describe('ActionResult and a team approval', () => {
  it('says a move waiting for approval was not sent, as news rather than an error', () => {
    render(ActionResult, { record: record(payout, { state: 'awaiting_approval', attempts: 0 }), onretry: noop, ondismiss: noop, onclose: noop });
    const result = screen.getByTestId('action-result');
    expect(result.getAttribute('role')).toBe('status');
    expect(result.textContent).toContain('waiting for approval');
    expect(result.textContent).toContain('Nothing has been sent');
  });

  it('says a rejected or lapsed move was not sent, and why it lapsed', () => {
    const lapsed = record(payout, { state: 'lapsed', attempts: 0, message: 'The deal changed after bo approved it.' });
    const { unmount } = render(ActionResult, { record: lapsed, onretry: noop, ondismiss: noop, onclose: noop });
    expect(screen.getByTestId('action-result').textContent).toContain('the approval no longer holds');
    expect(screen.getByTestId('action-result').textContent).toContain('The deal changed after bo approved it.');
    unmount();
    render(ActionResult, { record: record(payout, { state: 'rejected', attempts: 0 }), onretry: noop, ondismiss: noop, onclose: noop });
    expect(screen.getByTestId('action-result').textContent).toContain('An approver said no');
  });
});
