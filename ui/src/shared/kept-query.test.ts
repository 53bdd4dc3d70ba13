import { beforeEach, describe, expect, it } from 'vitest';
import { KeptQuery } from './kept-query.svelte';
import { forgetViews, keepView } from './last-view';

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('KeptQuery', () => {
  beforeEach(() => forgetViews());

  it('draws the kept answer at once, then its own answer as fresh', async () => {
    keepView('page:a', 'kept');
    const answer = later<string>();
    const q = new KeptQuery(() => 'page:a', () => answer.promise);
    const done = q.reload();
    expect(q.value).toBe('kept');
    expect(q.fresh).toBe(false);
    answer.resolve('new');
    await done;
    expect(q.value).toBe('new');
    expect(q.fresh).toBe(true);
  });

  it('never lets an older answer replace a newer one', async () => {
    const answers = [later<string>(), later<string>()];
    let n = 0;
    const q = new KeptQuery(() => 'page:b', () => answers[n++].promise);
    const first = q.reload();
    const second = q.reload();
    answers[1].resolve('second');
    await second;
    answers[0].resolve('first');
    await first;
    expect(q.value).toBe('second');
  });

  it('keeps each answer under the key it was asked with', async () => {
    let key = 'page:one';
    const q = new KeptQuery(() => key, async () => `answer for ${key}`);
    await q.reload();
    key = 'page:two';
    const shown = q.reload();
    // Nothing kept for the new key: the old answer stays drawn, marked as not fresh.
    expect(q.value).toBe('answer for page:one');
    expect(q.fresh).toBe(false);
    await shown;
    key = 'page:one';
    const back = q.reload();
    expect(q.value).toBe('answer for page:one');
    await back;
  });

  it('an answer shown by an action wins over a request still under way', async () => {
    const answer = later<string>();
    const q = new KeptQuery(() => 'page:c', () => answer.promise);
    const loading = q.reload();
    q.show('after the action');
    answer.resolve('stale');
    await loading;
    expect(q.value).toBe('after the action');
    expect(q.fresh).toBe(true);
  });

  it('keeps the figures drawn when asking fails, with the error', async () => {
    keepView('page:d', 'kept');
    const q = new KeptQuery<string>(() => 'page:d', () => Promise.reject({ code: 'network', message: 'down' }));
    await q.reload();
    expect(q.value).toBe('kept');
    expect(q.fresh).toBe(false);
    expect(q.error?.message).toBe('down');
  });
});
