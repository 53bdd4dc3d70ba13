// Back and forward across pages: a pure stack of places (the glue to the window's session
// is navigation.svelte.ts). A place is whatever the session needs to show a page again;
// `key` tells two places apart (the scroll position is not part of it).

export interface Place<T> {
  key: string;
  state: T;
  /** The scroll offset last seen there. */
  scroll: number;
}

/** How many places back are kept. */
export const HISTORY_LIMIT = 50;

export class PlaceHistory<T> {
  #back: Place<T>[] = [];
  #forward: Place<T>[] = [];
  current: Place<T> | null = null;

  get canGoBack(): boolean {
    return this.#back.length > 0;
  }
  get canGoForward(): boolean {
    return this.#forward.length > 0;
  }

  /** The place going back would show (it stays where it is). */
  peekBack(): Place<T> | null {
    return this.#back.at(-1) ?? null;
  }

  /** The window now shows `next`: a new place goes on top (forward is dropped); the same place only updates. */
  visit(next: Place<T>) {
    if (this.current && this.current.key === next.key) {
      this.current = { ...next, scroll: this.current.scroll };
      return;
    }
    if (this.current) {
      this.#back.push(this.current);
      if (this.#back.length > HISTORY_LIMIT) this.#back.shift();
    }
    this.#forward = [];
    this.current = next;
  }

  /** Remembers the scroll offset of the place shown. */
  scrolled(top: number) {
    if (this.current) this.current = { ...this.current, scroll: top };
  }

  /** The place to show going back (it becomes current), or null. */
  back(): Place<T> | null {
    const to = this.#back.pop();
    if (!to) return null;
    if (this.current) this.#forward.push(this.current);
    this.current = to;
    return to;
  }

  forward(): Place<T> | null {
    const to = this.#forward.pop();
    if (!to) return null;
    if (this.current) this.#back.push(this.current);
    this.current = to;
    return to;
  }
}
