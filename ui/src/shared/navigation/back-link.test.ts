import { describe, expect, it } from 'vitest';
import { backTo, placeLabel, type PlaceOf } from './back-link';

const list = (page: PlaceOf['page']): PlaceOf => ({ page, openId: null, userId: null });
const deal = (id: string): PlaceOf => ({ page: 'transactions', openId: id, userId: null });
const user = (id: string): PlaceOf => ({ page: 'users', openId: null, userId: id });

describe('the back link rule', () => {
  it('goes back to the deal a user was opened from, and says so', () => {
    expect(backTo(user('u-1'), deal('tx-1'))).toEqual({ kind: 'history', label: 'back.deal' });
  });

  it('goes back to the user a deal was opened from', () => {
    expect(backTo(deal('tx-2'), user('u-1'))).toEqual({ kind: 'history', label: 'back.user' });
  });

  it('goes back to another page a detail was opened from, named by that page', () => {
    expect(backTo(deal('tx-1'), list('attention'))).toEqual({ kind: 'history', label: 'back.page.attention' });
    expect(backTo(deal('tx-1'), list('documents'))).toEqual({ kind: 'history', label: 'back.page.documents' });
    expect(backTo(deal('tx-1'), deal('tx-9'))).toEqual({ kind: 'history', label: 'back.deal' });
  });

  it("shows the page's own list when the detail was opened from it, or nothing came before", () => {
    expect(backTo(deal('tx-1'), list('transactions'))).toEqual({ kind: 'list' });
    expect(backTo(user('u-1'), list('users'))).toEqual({ kind: 'list' });
    expect(backTo(user('u-1'), null)).toEqual({ kind: 'list' });
  });

  it('shows the list for a detail the history does not know (a trade inside the Trades page)', () => {
    expect(backTo(list('trades'), list('overview'))).toEqual({ kind: 'list' });
    expect(backTo(null, deal('tx-1'))).toEqual({ kind: 'list' });
  });

  it('names every place', () => {
    expect(placeLabel(list('overview'))).toBe('back.page.overview');
    expect(placeLabel(deal('x'))).toBe('back.deal');
    expect(placeLabel(user('x'))).toBe('back.user');
  });
});
