import { describe, expect, it, vi } from 'vitest';
import type { MirrorStatus } from '../../lib/bindings';
import { MirrorWatch } from './mirror.svelte';
import { ageFilter, barHeight, chartMax, dayFilter, escrowFilter } from './overview';

describe('overview click-throughs', () => {
  it('opens money in escrow as the open deals of that currency', () => {
    expect(escrowFilter('DKK', null)).toMatchObject({ currencies: ['DKK'], statuses: ['CREATED', 'INPROGRESS', 'PAID'], paidIn: 'some' });
    expect(escrowFilter('EUR', 'PAID')).toMatchObject({ currencies: ['EUR'], statuses: ['PAID'], paidIn: 'some' });
  });

  it('turns an age bucket into the range of creation dates it counts', () => {
    const today = new Date('2026-11-24T10:00:00Z');
    expect(ageFilter({ fromDays: 0, toDays: 7, count: 1, owed: [] }, today)).toMatchObject({
      statuses: ['CREATED', 'INPROGRESS'],
      createdFrom: '2026-11-17',
      createdTo: '2026-11-24',
    });
    expect(ageFilter({ fromDays: 61, toDays: null, count: 1, owed: [] }, today)).toMatchObject({
      createdFrom: null,
      createdTo: '2026-09-24',
    });
    expect(dayFilter('2026-11-02')).toMatchObject({ createdFrom: '2026-11-02', createdTo: '2026-11-02' });
  });

  it('scales bars so a single deal still shows', () => {
    const days = [{ day: '2026-11-01', created: 40, paid: 1, paidOut: 0 }];
    expect(chartMax(days)).toBe(40);
    expect(chartMax([])).toBe(1);
    expect(barHeight(40, 40, 100)).toBe(100);
    expect(barHeight(1, 400, 100)).toBe(1);
    expect(barHeight(0, 40, 100)).toBe(0);
  });
});

describe('the mirror watch', () => {
  const status = (over: Partial<MirrorStatus>): MirrorStatus => ({
    environmentId: 'sandbox',
    rows: 10,
    fullAt: '2026-11-24T10:00:00Z',
    refreshedAt: '2026-11-24T10:00:00Z',
    syncing: null,
    offline: false,
    error: null,
    ...over,
  });

  it('tells pages to reload when a sync ends, not on every poll', async () => {
    const answers = [
      status({ syncing: { kind: 'full', fetched: 5, total: 10 } }),
      status({}),
      status({}),
      status({ refreshedAt: '2026-11-24T10:01:00Z' }),
    ];
    const watch = new MirrorWatch({ mirrorStatus: async () => answers.shift()! });
    watch.stop();
    await watch.poll();
    expect(watch.version).toBe(1);
    expect(watch.syncing).toBe(true);
    await watch.poll();
    expect(watch.version).toBe(2);
    await watch.poll();
    expect(watch.version).toBe(2);
    await watch.poll();
    expect(watch.version).toBe(3);
    watch.stop();
  });
});

describe('the first screen', () => {
  it('is the overview', async () => {
    const actual = await vi.importActual<typeof import('../../shared/navigation/first-page')>('../../shared/navigation/first-page');
    expect(actual.FIRST_PAGE).toBe('overview');
  });
});
