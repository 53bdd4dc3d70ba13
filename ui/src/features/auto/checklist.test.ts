import { describe, expect, it } from 'vitest';
import type { AutoInformation, Party } from '../../lib/bindings';
import { dealMoney } from '../../test/fixtures';
import { applicableCount, autoChecklist, doneCount, type ChecklistInput } from './checklist';

const party = (id: string | null): Party => ({ serviceAccountId: id, referenceId: null, name: null, email: null, phoneNumber: null });
const vehicle = (extra: Partial<AutoInformation> = {}): AutoInformation => ({
  brand: 'VW', model: 'Golf', year: 2019, mileage: 1, registrationNumber: 'AB12345', vin: null,
  retailAmount: null, firstRegistration: null, billOfSale: null, debt: null, ...extra,
});
const base = (extra: Partial<ChecklistInput> = {}): ChecklistInput => ({
  status: 'CREATED', payer: party('acc-payer'), payee: party('acc-payee'), autoInformation: vehicle(), ...extra,
});
const states = (input: ChecklistInput) => autoChecklist(input).map((s) => `${s.id}:${s.state}`);

describe('Auto deal checklist', () => {
  it('a new deal: parties connected, payment open, optional steps open, not ready', () => {
    expect(states(base())).toEqual(['parties:done', 'payment:open', 'debt:open', 'billOfSale:open', 'payout:open']);
  });

  it('names the party that has not connected', () => {
    const steps = autoChecklist(base({ payer: party(null) }));
    expect(steps[0]).toMatchObject({ state: 'open', detail: 'auto.step.parties.payer' });
    expect(autoChecklist(base({ payer: null, payee: null }))[0].detail).toBe('auto.step.parties.none');
  });

  it('paid without debt or bill of sale is ready to pay out (both are optional until set up)', () => {
    expect(states(base({ status: 'PAID' })).at(-1)).toBe('payout:done');
  });

  it('an enabled bill of sale blocks the payout until it is signed', () => {
    const unsigned = vehicle({ billOfSale: { enabled: true, signed: false, requiredSigners: ['Payee', 'Payer'] } });
    const steps = autoChecklist(base({ status: 'PAID', autoInformation: unsigned }));
    expect(steps[3]).toMatchObject({ state: 'open', required: true, detail: 'auto.step.bos.unsigned' });
    expect(steps[4].state).toBe('open');
    const signed = vehicle({ billOfSale: { enabled: true, signed: true } });
    expect(states(base({ status: 'PAID', autoInformation: signed })).slice(3)).toEqual(['billOfSale:done', 'payout:done']);
  });

  it('a disabled bill of sale is optional', () => {
    const off = vehicle({ billOfSale: { enabled: false } });
    expect(autoChecklist(base({ autoInformation: off }))[3]).toMatchObject({ state: 'open', required: false, detail: 'auto.step.bos.off' });
  });

  it('debt is done only when its settlement split payout is planned and not cancelled', () => {
    const debt = vehicle({ debt: { amount: '1000.00', splitPayoutId: 'sp-1' } });
    // In the list (no split payouts loaded) the planned id is enough.
    expect(autoChecklist(base({ status: 'PAID', autoInformation: debt }))[2].state).toBe('done');
    const planned = base({ status: 'PAID', autoInformation: debt, splitPayouts: [{ splitPayoutId: 'sp-1', status: 'PENDING' }] });
    expect(states(planned).slice(2)).toEqual(['debt:done', 'billOfSale:open', 'payout:done']);
    const cancelled = base({ status: 'PAID', autoInformation: debt, splitPayouts: [{ splitPayoutId: 'sp-1', status: 'CANCELLED' }] });
    expect(states(cancelled).slice(2)).toEqual(['debt:problem', 'billOfSale:open', 'payout:open']);
    const missing = base({ status: 'PAID', autoInformation: debt, splitPayouts: [] });
    expect(autoChecklist(missing)[2].detail).toBe('auto.step.debt.noSplit');
    const noId = vehicle({ debt: { amount: '1000.00' } });
    expect(autoChecklist(base({ autoInformation: noId }))[2].state).toBe('problem');
  });

  it('reads unknown shapes leniently and never throws', () => {
    for (const odd of [42, 'yes', [1, 2], true, { enabled: 'true' }, { signed: 'maybe' }]) {
      const steps = autoChecklist(base({ autoInformation: vehicle({ billOfSale: odd, debt: odd }) }));
      expect(steps).toHaveLength(5);
    }
    expect(autoChecklist(base({ autoInformation: vehicle({ debt: [1] }) }))[2].detail).toBe('auto.step.debt.none');
    // A signing time instead of a flag counts as signed.
    const timed = vehicle({ billOfSale: { enabled: true, signed: '2026-11-25T10:00:00Z' } });
    expect(autoChecklist(base({ autoInformation: timed }))[3].state).toBe('done');
  });

  it('a paid-out deal is done; from the list, the steps it went without no longer apply', () => {
    const done = autoChecklist(base({ status: 'SUCCEEDED' }));
    expect(done[4]).toMatchObject({ state: 'done', detail: 'auto.step.payout.paidOut' });
    expect(states(base({ status: 'SUCCEEDED' }))).toEqual(['parties:done', 'payment:done', 'debt:closed', 'billOfSale:closed', 'payout:done']);
    expect([doneCount(done), applicableCount(done)]).toEqual([3, 3]);
  });

  it('a cancelled deal in the list: nothing open and nothing red, any payment goes back', () => {
    const steps = autoChecklist(base({ status: 'CANCELLED', autoInformation: vehicle({ debt: { splitPayoutId: 'sp-1' }, billOfSale: { enabled: true, signed: false } }) }));
    expect(steps.map((s) => `${s.id}:${s.state}`)).toEqual(['parties:done', 'payment:closed', 'debt:closed', 'billOfSale:closed', 'payout:closed']);
    expect(steps[1].detail).toBe('auto.step.payment.cancelled');
    expect(steps[2].detail).toBe('auto.step.debt.cancelled');
    expect(steps[4].detail).toBe('auto.step.payout.cancelled');
  });

  it('a cancelled deal on the detail says what went back to the payer, from its money', () => {
    const returning = dealMoney('CANCELLED', { paidIn: '258000.00', toPayer: { total: '258000.00', paid: '0.00', scheduled: '258000.00', other: '0.00' } });
    const steps = autoChecklist(base({ status: 'CANCELLED', money: returning }));
    expect(steps[1]).toMatchObject({ state: 'done', detail: 'auto.step.payment.returning', amount: '258000.00' });
    expect(steps[4]).toMatchObject({ state: 'closed', detail: 'auto.step.payout.cancelled' });
    expect(steps.some((s) => s.state === 'problem' || s.state === 'open')).toBe(false);
    const returned = dealMoney('CANCELLED', { paidIn: '258000.00', toPayer: { total: '258000.00', paid: '258000.00', scheduled: '0.00', other: '0.00' } });
    expect(autoChecklist(base({ status: 'CANCELLED', money: returned }))[1].detail).toBe('auto.step.payment.returned');
    const unpaid = autoChecklist(base({ status: 'CANCELLED', money: dealMoney('CANCELLED', { paidIn: '0.00' }) }));
    expect(unpaid[1]).toMatchObject({ state: 'closed', detail: 'auto.step.payment.nonePaid' });
  });

  it('a paid-out deal on the detail names what the payee got', () => {
    const m = dealMoney('SUCCEEDED', { paidIn: '289500.00', toPayee: { total: '286510.00', paid: '0.00', scheduled: '286510.00', other: '0.00' } });
    const steps = autoChecklist(base({ status: 'SUCCEEDED', money: m }));
    expect(steps[1]).toMatchObject({ state: 'done', detail: 'auto.step.payment.released', amount: '289500.00' });
    expect(steps[4]).toMatchObject({ state: 'done', detail: 'auto.step.payout.paidOutTo', amount: '286510.00' });
  });

  it('a partly paid deal says what is left; a status this app does not know gets no verdict', () => {
    const partly = autoChecklist(base({ money: dealMoney('CREATED') }));
    expect(partly[1]).toMatchObject({ state: 'open', detail: 'auto.step.payment.partly', amount: '190750.00' });
    const odd = autoChecklist(base({ status: 'ON_HOLD' }));
    expect(odd[1].state).toBe('open');
    expect(odd[4]).toMatchObject({ state: 'open', detail: 'auto.step.payout.unknown' });
    const oddPaid = autoChecklist(base({ status: 'ON_HOLD', money: dealMoney('ON_HOLD', { paidIn: '290750.00', remaining: '0.00' }) }));
    expect(oddPaid[1].state).toBe('done');
    expect(oddPaid.some((s) => s.state === 'problem')).toBe(false);
  });
});
