// What this desk hears from its team store, for every page: whether it is joined and within
// reach, the change heard last, and how many approvals wait for this staff member. One loop
// asks the desk for the next change (the desk answers as soon as there is one), so a change
// made on another desk shows here within a second, without the web view listening to events.
import type { ApprovalsInbox, TeamChange, TeamStanding } from '../../lib/bindings';
import { ipc } from '../ipc';

class TeamPulse {
  joined = $state(false);
  /** `false` while the team store is out of reach (the desk reconnects on its own). */
  reachable = $state(true);
  /** The change heard last (`null` before any). */
  last = $state.raw<TeamChange | null>(null);
  /** The inbox as last read; `null` when not joined or not read yet. */
  inbox = $state.raw<ApprovalsInbox | null>(null);
  standing = $state.raw<TeamStanding | null>(null);
  #seq = 0;
  #running = false;

  /** How many approvals wait for this staff member (approvers only). */
  get waiting(): number {
    return this.standing?.canApprove ? (this.inbox?.forMe.length ?? 0) : 0;
  }

  /** Starts listening (again, after a join); the loop ends by itself when not joined. */
  start() {
    if (this.#running) return;
    this.#running = true;
    void this.#loop();
  }

  /** Reads the inbox and standing again now (after this desk approved or rejected). */
  async refresh() {
    if (!this.joined) {
      this.inbox = null;
      this.standing = null;
      return;
    }
    const [inbox, standing] = await Promise.allSettled([ipc.approvalsInbox(), ipc.teamStanding()]);
    if (inbox.status === 'fulfilled') this.inbox = inbox.value;
    if (standing.status === 'fulfilled') this.standing = standing.value;
  }

  async #loop() {
    let first = true;
    try {
      while (this.#running) {
        try {
          // The first ask is answered at once (no pulse is ever numbered so).
          const pulse = await ipc.teamNextChange(first ? 0xffffffff : this.#seq);
          first = false;
          this.#seq = pulse.seq;
          this.joined = pulse.joined;
          this.reachable = !pulse.joined || pulse.reachable;
          if (pulse.last) this.last = pulse.last;
          await this.refresh();
          if (!pulse.joined) break;
        } catch {
          // The desk answers every ask (an unreachable store is a pulse, not a failure): a
          // failed ask is the window going away. A join starts listening again.
          break;
        }
      }
    } finally {
      this.#running = false;
    }
  }
}

export const teamPulse = new TeamPulse();

/** A team group's name in the chosen language (`–` when in none). */
export function groupKey(group: string | null | undefined): 'team.groupName.viewer' | 'team.groupName.operator' | 'team.groupName.approver' | 'team.groupName.admin' | null {
  return group === 'viewer' || group === 'operator' || group === 'approver' || group === 'admin' ? `team.groupName.${group}` : null;
}
