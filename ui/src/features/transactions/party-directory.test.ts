import { describe, expect, it } from 'vitest';
import type { UserListItem } from '../../lib/bindings';
import { forgetDirectory, loadDirectory, matchUsers } from './party-directory';

const user = (name: string, id: string, phone: string | null = null): UserListItem =>
  ({ serviceAccountId: id, name, phoneNumber: phone, phoneNumberVerified: false, created: null, type: 'Private' }) as UserListItem;

describe('party directory', () => {
  const users = [user('Mette Kjær Nielsen', 'acc-1', '+4512345678'), user('Bilhuset Vejle ApS', 'acc-2'), user('Jens Hansen', 'acc-3')];

  it('matches name words in any order, accents folded, and phone numbers and account ids', () => {
    expect(matchUsers(users, 'kjaer mette').map((u) => u.serviceAccountId)).toEqual(['acc-1']);
    expect(matchUsers(users, 'vejle').map((u) => u.serviceAccountId)).toEqual(['acc-2']);
    expect(matchUsers(users, '12345678').map((u) => u.serviceAccountId)).toEqual(['acc-1']);
    expect(matchUsers(users, 'acc-3').map((u) => u.name)).toEqual(['Jens Hansen']);
    expect(matchUsers(users, '   ')).toEqual([]);
  });

  it('reads pages until the last and keeps them per environment', async () => {
    forgetDirectory();
    let calls = 0;
    const page = async (skip: number) => {
      calls++;
      return { environmentId: 'sandbox', skip, items: skip === 0 ? users.slice(0, 2) : users.slice(2), hasMore: skip === 0 };
    };
    expect((await loadDirectory('sandbox', page)).length).toBe(3);
    expect((await loadDirectory('sandbox', page)).length).toBe(3);
    expect(calls).toBe(2);
  });
});
