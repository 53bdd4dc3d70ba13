// The connected users a new deal's parties are picked from: read once per environment (at most
// a few pages) and matched on name, phone number and account id, accents and case ignored.
import type { UserListItem, UserPageView } from '../../lib/bindings';

/** A party as picked: the account the request names, and what the review shows. */
export type Picked = { serviceAccountId: string; name: string; email: string | null; referenceId: string | null };

const MAX_PAGES = 5;
let cached: { environmentId: string; users: UserListItem[] } | null = null;

/** The connected users of `environmentId` (cached until the environment changes). */
export async function loadDirectory(environmentId: string, page: (skip: number) => Promise<UserPageView>): Promise<UserListItem[]> {
  if (cached?.environmentId === environmentId) return cached.users;
  const users: UserListItem[] = [];
  for (let i = 0; i < MAX_PAGES; i++) {
    const p = await page(users.length);
    if (p.environmentId !== environmentId) return users;
    users.push(...p.items);
    if (!p.hasMore) break;
  }
  cached = { environmentId, users };
  return users;
}

/** Forgets the cached users (tests; an environment switch reloads by itself). */
export function forgetDirectory() {
  cached = null;
}

/** Lower case without accents, spaces or dashes: "Kjær" and "kjaer" meet as "kjaer". */
export function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/æ/g, 'ae').replace(/ø/g, 'oe').replace(/å/g, 'aa')
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s\-]/g, '');
}

/** Users whose name, phone number or account id contains every word of `query`. */
export function matchUsers(users: readonly UserListItem[], query: string): UserListItem[] {
  const words = query.trim().split(/\s+/).filter(Boolean).map(fold);
  if (words.length === 0) return [];
  return users.filter((u) => {
    const hay = fold(`${u.name} ${u.phoneNumber ?? ''} ${u.serviceAccountId}`);
    return words.every((w) => hay.includes(w));
  });
}
