import { describe, expect, it } from 'vitest';
import type { AutoInformation, Party } from '../../lib/bindings';
import { autoChecklist, doneCount, type ChecklistInput } from './checklist';

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

  it('a paid-out deal is done; a cancelled one needs attention', () => {
    const done = autoChecklist(base({ status: 'SUCCEEDED' }));
    expect(done[4]).toMatchObject({ state: 'done', detail: 'auto.step.payout.paidOut' });
    expect(doneCount(done)).toBe(3);
    expect(autoChecklist(base({ status: 'CANCELLED' }))[4].state).toBe('problem');
  });
});
