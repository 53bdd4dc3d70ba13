import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { transaction } from '../../test/fixtures';
import { PAYER, installMock, openDetail } from '../../test/users-documents-mock';

const PAYEE = { ...PAYER, serviceAccountId: 'acc-payee', name: 'Bilhuset' };
const sp = (id: string, status: string) => ({ splitPayoutId: id, amount: '1000.00', currency: 'DKK', recipient: 'PAYEE', serviceAccountId: null, timing: 'ON_CLOSE', description: null, destination: null, status, created: null });

function deal(status: string, auto: { debt?: unknown; billOfSale?: unknown }, splitStatus = 'PENDING') {
  installMock({
    get_transaction: (a) => {
      const view = transaction(a.id as string, { payer: PAYER, payee: PAYEE, status });
      if (view.transaction.autoInformation) Object.assign(view.transaction.autoInformation, auto);
      return view;
    },
    list_split_payouts: () => ({ environmentId: 'sandbox', items: [sp('sp-debt', splitStatus)] }),
  });
}

const stateOf = (id: string) => screen.getByTestId(`auto-step-${id}`).getAttribute('data-state');

describe('Auto deal checklist strip', () => {
  it('shows every step complete up to "ready to pay out" for a paid deal with planned debt and a signed bill of sale', async () => {
    deal('PAID', { debt: { amount: '1000.00', splitPayoutId: 'sp-debt' }, billOfSale: { enabled: true, signed: true } });
    await openDetail();
    const strip = await screen.findByTestId('auto-checklist');
    await waitFor(() => expect(strip.getAttribute('data-done')).toBe('5'));
    expect(within(strip).getByTestId('auto-checklist-summary').textContent).toContain('5 of 5');
  });

  it('marks the debt step when its settlement split payout was cancelled, and the payout step stays open', async () => {
    deal('PAID', { debt: { amount: '1000.00', splitPayoutId: 'sp-debt' } }, 'CANCELLED');
    await openDetail();
    await screen.findByTestId('auto-checklist');
    await waitFor(() => expect(stateOf('debt')).toBe('problem'));
    expect(stateOf('payout')).toBe('open');
    expect(screen.getByTestId('auto-step-debt').textContent).toContain('needs attention');
  });

  it('an unsigned bill of sale keeps the deal from "ready to pay out"; the step leads to its panel', async () => {
    deal('PAID', { billOfSale: { enabled: true, signed: false, requiredSigners: ['Payee'] } });
    await openDetail();
    await screen.findByTestId('auto-checklist');
    expect(stateOf('billOfSale')).toBe('open');
    expect(stateOf('payout')).toBe('open');
    await fireEvent.click(screen.getByTestId('auto-step-billOfSale-go'));
    const panel = screen.getByTestId('bill-of-sale-panel');
    expect(panel.contains(document.activeElement)).toBe(true);
    await fireEvent.click(screen.getByTestId('auto-step-debt-go'));
    expect(screen.getByTestId('debt-panel').contains(document.activeElement)).toBe(true);
  });

  it('shows the vehicle photos from https addresses only', async () => {
    installMock({
      get_transaction: (a) => transaction(a.id as string, { payer: PAYER, imageUrls: ['https://cdn.example.dk/golf-1.jpg', 'http://cdn.example.dk/golf-2.jpg', 'https://cdn.example.dk/golf-3.jpg'] }),
      list_split_payouts: () => ({ environmentId: 'sandbox', items: [] }),
    });
    await openDetail();
    const photos = await screen.findAllByTestId('detail-photo');
    expect(photos.map((p) => p.getAttribute('src'))).toEqual(['https://cdn.example.dk/golf-1.jpg', 'https://cdn.example.dk/golf-3.jpg']);
    expect(photos[1].getAttribute('alt')).toBe('Photo 2 of the vehicle');
  });
  it('a cancelled paid deal: the payment went back to the payer, the payout no longer applies, nothing red', async () => {
    installMock({
      get_transaction: (a) => transaction(a.id as string, { payer: PAYER, payee: PAYEE, status: 'CANCELLED' }, {
        paidIn: '258000.00', returnedIn: '258000.00', toPayer: { total: '258000.00', paid: '0.00', scheduled: '258000.00', other: '0.00' },
      }),
      list_split_payouts: () => ({ environmentId: 'sandbox', items: [] }),
    });
    await openDetail();
    const strip = await screen.findByTestId('auto-checklist');
    expect(stateOf('payment')).toBe('done');
    expect(screen.getByTestId('auto-step-payment-detail').textContent).toBe('Returned to the payer: DKK 258,000.00, with the next payout run.');
    expect(stateOf('payout')).toBe('closed');
    expect(screen.getByTestId('auto-step-payout').textContent).toContain('not applicable');
    expect(strip.textContent).not.toContain('needs attention');
    expect(strip.querySelectorAll('[data-state="problem"], [data-state="open"]')).toHaveLength(0);
    expect(screen.getByTestId('detail-to-payer').textContent).toBe('DKK 258,000.00');
    expect(screen.queryByTestId('detail-remaining')).toBeNull();
  });
});
