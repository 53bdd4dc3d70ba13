// One page's query that draws its last kept answer at once and asks again behind it
// (stale-while-revalidate, see `last-view`). The overview and the attention queue share it:
// a request counter so an older answer never replaces a newer one, `fresh` for the page's
// `data-fresh`/`aria-busy`, and the kept answer under the key of what was asked.
import type { AppError } from '../lib/bindings';
import { keepView, lastView } from './last-view';

export class KeptQuery<T> {
  /** The answer drawn: this visit's own, or the last one kept for the same key. */
  value = $state.raw<T | null>(null);
  error = $state.raw<AppError | null>(null);
  /** Whether `value` is this visit's own answer, not the last one kept. */
  fresh = $state(false);
  #req = 0;
  readonly #key: () => string;
  readonly #ask: () => Promise<T>;

  /** `key` names the page, the environment and the query; `ask` asks the backend. */
  constructor(key: () => string, ask: () => Promise<T>) {
    this.#key = key;
    this.#ask = ask;
  }

  /** A new visit (the page opened, its query or the data changed): draws the kept answer of
   * the new key at once when there is one, then asks again. */
  reload(): Promise<void> {
    this.fresh = false;
    return this.load();
  }

  /** Asks again while the current answer stays drawn (after an action on the page). */
  async load(): Promise<void> {
    const mine = ++this.#req;
    const key = this.#key();
    if (!this.fresh || this.value === null) this.value = lastView<T>(key) ?? this.value;
    try {
      const next = await this.#ask();
      if (mine !== this.#req) return;
      this.show(next, key);
    } catch (e) {
      if (mine === this.#req) this.error = e as AppError;
    }
  }

  /** An answer that came another way (a command that returns the page's new view). It also
   * wins over any request still under way. */
  show(next: T, key = this.#key()): void {
    ++this.#req;
    this.value = next;
    this.fresh = true;
    this.error = null;
    keepView(key, next);
  }
}
