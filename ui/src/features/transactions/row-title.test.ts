import { describe, expect, it } from 'vitest';
import { rowTitle } from './row-title';

describe('rowTitle', () => {
  it('takes the plate off the end of the title so it can be shown on its own', () => {
    expect(rowTitle('Tesla Model Y Long Range — EV 48 213', 'EV 48 213')).toEqual({ title: 'Tesla Model Y Long Range', plate: 'EV 48 213' });
    expect(rowTitle('Tesla Model Y Long Range - EV48213', 'EV 48 213')).toEqual({ title: 'Tesla Model Y Long Range', plate: 'EV 48 213' });
  });

  it('keeps a title without the plate, and rows without a plate', () => {
    expect(rowTitle('Volvo XC60', 'AB 12 345')).toEqual({ title: 'Volvo XC60', plate: 'AB 12 345' });
    expect(rowTitle('Cykel', null)).toEqual({ title: 'Cykel', plate: null });
    expect(rowTitle('EV 48 213', 'EV 48 213')).toEqual({ title: 'EV 48 213', plate: 'EV 48 213' });
  });
});
