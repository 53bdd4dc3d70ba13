// The team's side of the attention queue on a desk that has joined a team: who has each item,
// its snooze for the whole team and its notes, read from the team store and read again when a
// colleague changes something (teamPulse). The page lays it over the desk's own queue.
import type { AttentionItem, QueueMove, TeamItemView, TeamQueueView } from '../../lib/bindings';
import { ipc } from '../../shared/ipc';

const key = (transactionId: string, rule: string) => `${rule}:${transactionId}`;

export class TeamQueue {
  view = $state.raw<TeamQueueView | null>(null);
  #byKey = $derived(new Map((this.view?.items ?? []).map((i) => [key(i.transactionId, i.rule), i])));

  /** This staff member's login (`null` when not read yet). */
  get me(): string | null {
    return this.view?.me ?? null;
  }

  of(item: AttentionItem): TeamItemView | undefined {
    return this.#byKey.get(key(item.transactionId, item.rule));
  }

  /** Snoozed for the whole team, until a time still to come. */
  snoozed(item: AttentionItem, now: Date = new Date()): boolean {
    const until = this.of(item)?.snoozedUntil;
    return !!until && new Date(until) > now;
  }

  mine(item: AttentionItem): boolean {
    const by = this.of(item)?.takenBy;
    return !!by && by === this.me;
  }

  async load(environmentId: string) {
    this.view = await ipc.teamQueue(environmentId);
  }

  async move(environmentId: string, items: readonly AttentionItem[], what: QueueMove) {
    const refs = items.map((i) => ({ environmentId, transactionId: i.transactionId, rule: i.rule }));
    this.view = await ipc.queueMove(refs, what);
  }

  clear() {
    this.view = null;
  }
}
