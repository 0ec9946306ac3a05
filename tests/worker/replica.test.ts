import { describe, expect, it } from 'vitest';
import { activeMember, post } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
const bookmarkOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('d1b='))
    ?.split(';')[0];
const profile = async (id: number, cookie: string) => {
  const res = await call(`${V}/api/member.php?id=${id}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { profile: { about_me: string | null } }).profile;
};

describe('reads near the member (D1 Sessions API)', () => {
  it('a write answers its bookmark in the d1b cookie; the next read in that browser, from the replica handle, sees the write', async () => {
    const me = await activeMember();
    const write = await post(`${V}/api/profile.php`, { about_me: 'Net verhuisd naar Utrecht' }, me.cookie, 'PUT');
    expect(write.status).toBe(200);
    const bookmark = bookmarkOf(write)!;
    expect(bookmark).toMatch(/^d1b=[0-9a-f]+(-[0-9a-f]+)+$/);
    expect(write.headers.getSetCookie().find((c) => c.startsWith('d1b='))).toMatch(/HttpOnly/i);
    expect((await profile(me.id, `sid=${me.cookie}; ${bookmark}`)).about_me).toBe('Net verhuisd naar Utrecht');

    // a later write moves the bookmark on (bookmarks sort by time); a read sets none
    const again = await post(`${V}/api/profile.php`, { about_me: 'En nu in Amsterdam' }, me.cookie, 'PUT');
    const later = bookmarkOf(again)!;
    expect(later > bookmark).toBe(true);
    const read = await call(`${V}/api/member.php?id=${me.id}`, { headers: { cookie: `sid=${me.cookie}; ${later}` } });
    expect(bookmarkOf(read)).toBeUndefined();
    expect(((await read.json()) as { profile: { about_me: string } }).profile.about_me).toBe('En nu in Amsterdam');
  });

  it('a cookie that is not a bookmark is ignored, never a 500', async () => {
    const me = await activeMember();
    for (const junk of ['x', 'first-primary', '00000000-zz', `${'0'.repeat(40)}-1`, '"><script>'])
      expect((await profile(me.id, `sid=${me.cookie}; d1b=${encodeURIComponent(junk)}`)).about_me).toBeDefined();
    const res = await call(`${V}/api/chats.php`, { headers: { cookie: `sid=${me.cookie}; d1b=first-unconstrained` } });
    expect(res.status).toBe(200);
  });
});
