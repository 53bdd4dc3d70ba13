import { describe, expect, it } from 'vitest';
import type { AttentionItem } from '../../lib/bindings';
import { itemKey } from './attention';
import { allKeys, allState, pickedOf, snoozable, targets, toggled, until } from './pick';

const item = (id: string, rule: AttentionItem['rule'] = 'debt_missing', actionId: string | null = null): AttentionItem => ({
  rule, transactionId: id, title: id, referenceId: null, status: 'PAID', currency: 'DKK', amount: '1', since: null,
  excess: null, actionId, snoozedUntil: null, note: null,
});

describe('picking attention items to snooze', () => {
  const items = [item('a'), item('b'), item('c', 'unknown_outcome', 'act-1'), item('d', 'overfunded')];

  it('never picks an unknown outcome (checked, not snoozed)', () => {
    expect(snoozable(items[2])).toBe(false);
    expect(allKeys(items)).toEqual([itemKey(items[0]), itemKey(items[1]), itemKey(items[3])]);
  });

  it('says none, some or all for the "all" box', () => {
    expect(allState(items, new Set())).toBe('none');
    expect(allState(items, new Set([itemKey(items[0])]))).toBe('some');
    expect(allState(items, new Set(allKeys(items)))).toBe('all');
    expect(allState([], new Set())).toBe('none');
  });

  it('toggles one key and keeps the rest', () => {
    const one = toggled(new Set(), 'k1');
    expect([...one]).toEqual(['k1']);
    expect([...toggled(toggled(one, 'k2'), 'k1')]).toEqual(['k2']);
  });

  it('names only picked items still listed, in the list order, as snooze targets', () => {
    const picked = new Set([itemKey(items[3]), itemKey(items[0]), 'debt_missing:gone:']);
    const shown = pickedOf(items, picked);
    expect(shown.map((i) => i.transactionId)).toEqual(['a', 'd']);
    expect(targets(shown)).toEqual([{ transactionId: 'a', rule: 'debt_missing' }, { transactionId: 'd', rule: 'overfunded' }]);
  });

  it('ends a snooze whole days from now', () => {
    expect(until(new Date('2026-12-01T10:00:00Z'), 3).toISOString()).toBe('2026-12-04T10:00:00.000Z');
  });
});
