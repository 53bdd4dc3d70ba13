import { render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Consequence, SplitEffect } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import ConsequencePanel from './ConsequencePanel.svelte';

const split = (id: string, effect: string, fromShare: boolean): SplitEffect => ({
  splitPayoutId: id, amount: '2495.00', recipient: 'TENANT', timing: 'ON_CLOSE', effect, debtSettlement: false, fromShare,
});

const consequence = (splits: SplitEffect[]): Consequence => ({
  kind: 'createSplitPayout', currency: 'DKK', amount: '212500.00', payeeFee: '495.00', payerFee: '0.00', paidIn: '212500.00',
  reimbursed: '0.00', payeeNet: '208510.00', toPayer: '0.00', payerOwes: '0.00', maxReimbursable: '208510.00', splits, blocked: null,
});

beforeEach(() => i18n.set('en'));

describe('the consequence breakdown', () => {
  it('lists the split payouts that already take from the payee, so the payee figure adds up (#32)', () => {
    const splits = [split('', 'planned', true), split('sp-tenant', 'unchanged', true), split('sp-gone', 'unchanged', false)];
    render(ConsequencePanel, { consequence: consequence(splits), loading: false, error: null, kind: 'createSplitPayout' });
    const shown = screen.getAllByTestId('consequence-split').map((li) => li.getAttribute('data-effect'));
    expect(shown).toEqual(['planned', 'unchanged']);
  });
});
