import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, PlaceHistory } from './history';

const place = (key: string, scroll = 0) => ({ key, state: { key }, scroll });

describe('PlaceHistory', () => {
  it('goes back and forward through visited places with their scroll offsets', () => {
    const h = new PlaceHistory<{ key: string }>();
    h.visit(place('list'));
    h.scrolled(480);
    h.visit(place('tx:1'));
    h.scrolled(900);
    h.visit(place('user:9'));
    expect(h.peekBack()?.key).toBe('tx:1');
    expect(h.current?.key).toBe('user:9'); // peeking moves nothing
    expect(h.back()?.key).toBe('tx:1');
    expect(h.current?.scroll).toBe(900);
    expect(h.back()).toMatchObject({ key: 'list', scroll: 480 });
    expect(h.back()).toBeNull();
    expect(h.canGoBack).toBe(false);
    expect(h.forward()?.key).toBe('tx:1');
    expect(h.forward()?.key).toBe('user:9');
    expect(h.forward()).toBeNull();
  });

  it('drops forward places on a new visit and ignores a repeat of the current place', () => {
    const h = new PlaceHistory<{ key: string }>();
    h.visit(place('a'));
    h.visit(place('b'));
    h.scrolled(50);
    h.visit(place('b'));
    expect(h.current?.scroll).toBe(50);
    h.back();
    h.visit(place('c'));
    expect(h.canGoForward).toBe(false);
    expect(h.back()?.key).toBe('a');
  });

  it('keeps at most HISTORY_LIMIT places back', () => {
    const h = new PlaceHistory<{ key: string }>();
    for (let i = 0; i <= HISTORY_LIMIT + 5; i++) h.visit(place(`p${i}`));
    let steps = 0;
    while (h.back()) steps++;
    expect(steps).toBe(HISTORY_LIMIT);
  });
});
