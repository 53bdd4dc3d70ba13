import { beforeEach, describe, expect, it } from 'vitest';
import { forgetViews, keepView, lastView } from './last-view';

describe('last views', () => {
  beforeEach(forgetViews);

  it('gives back the last answer kept under a key, and nothing for another', () => {
    expect(lastView('attention:env-a:all')).toBeNull();
    keepView('attention:env-a:all', { total: 1 });
    keepView('attention:env-a:all', { total: 2 });
    expect(lastView('attention:env-a:all')).toEqual({ total: 2 });
    expect(lastView('attention:env-b:all')).toBeNull();
  });

  it('keeps a bounded number, dropping the least recently kept', () => {
    for (let i = 0; i < 30; i++) keepView(`k${i}`, i);
    expect(lastView('k0')).toBeNull();
    expect(lastView('k5')).toBeNull();
    expect(lastView('k6')).toBe(6);
    keepView('k6', 66);
    keepView('k30', 30);
    expect(lastView('k6')).toBe(66);
    expect(lastView('k7')).toBeNull();
  });
});
