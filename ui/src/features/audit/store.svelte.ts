// The Audit page's state for one window: the row another page asked to see (a timeline line's
// link, through shared/navigation's `openAudit`), taken once when the page opens.
import { getContext, setContext } from 'svelte';

export type AuditFocus = { seq: number; text: string };

export class Audit {
  /** The audit row a timeline link asked for: the page filters to `text` and marks `seq`. */
  focus = $state.raw<AuditFocus | null>(null);

  /** The row asked for, once (the next opening of the page shows it as it was left). */
  takeFocus(): AuditFocus | null {
    const f = this.focus;
    this.focus = null;
    return f;
  }
}

const KEY = Symbol('audit');
export function provideAudit(a: Audit) {
  setContext(KEY, a);
}
export function useAudit(): Audit {
  return getContext<Audit>(KEY);
}
