// The consequence of a dialog's request, asked of Rust on the live record as the form changes
// (a short pause after the last change), each answer tagged with the request it is for.
import type { AppError } from '../../../lib/bindings';
import { ipc } from '../../../shared/ipc';
import { confirmGate, type Computed, type Gate } from '../../consequence/gate';
import type { ConsequenceProbe } from './consequence';

/** Rust's answer for `p`: a new payment's from the payment commands, the rest from the transaction's. */
function ask(p: ConsequenceProbe) {
  return p.kind === 'createPayment' ? ipc.paymentConsequence(p) : ipc.transactionConsequence(p);
}

export class LiveConsequence {
  /** The last answer, for whichever request it was asked (see `current`). */
  computed = $state.raw<Computed | null>(null);
  #probe: () => ConsequenceProbe | null;
  key = $derived.by(() => {
    const p = this.#probe();
    return p ? JSON.stringify(p) : null;
  });
  /** Whether the answer held is for the request as it stands. */
  current = $derived(this.key !== null && this.computed?.key === this.key);
  /** Still computing the consequence of the request as it stands. */
  loading = $derived(this.key !== null && !this.current);
  gate = $derived<Gate>(confirmGate(this.key, this.computed));

  /** Must be made while a component initialises (it runs an effect). */
  constructor(probe: () => ConsequenceProbe | null, pauseMs = 150) {
    this.#probe = probe;
    let asked = 0;
    $effect(() => {
      const key = this.key;
      const p = this.#probe();
      if (!key || !p) return;
      const mine = ++asked;
      const timer = setTimeout(async () => {
        let answer: Computed;
        try {
          const view = await ask(p);
          answer = { key, consequence: view.consequence, error: null, readAt: view.readAt };
        } catch (e) {
          answer = { key, consequence: null, error: e as AppError };
        }
        if (mine === asked) this.computed = answer;
      }, pauseMs);
      return () => clearTimeout(timer);
    });
  }
}
