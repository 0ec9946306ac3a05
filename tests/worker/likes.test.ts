import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { sendAutoLikes } from '../../worker/features/likes/auto-likes';
import { likesOf as likesPage } from '../../worker/features/likes/likes.queries';
import { clock } from '../../worker/lib/clock';
import { getDb } from '../../worker/lib/db';
import { activeMember, get, memberWithPhoto, pool, post } from './account-helpers';

const V = 'http://vonkje.localhost';
type Likes = {
  profiles: { id: number; name: string }[];
  liked_by: { id: number; like_new: boolean }[];
  liked: { id: number }[];
  liked_by_next: string | null;
  liked_next: string | null;
};
const likesOf = async (cookie: string, query = '') => (await (await get(`${V}/api/likes.php${query}`, cookie)).json()) as Likes;
const likeRows = async (a: number, b: number) =>
  (await env.DB.prepare('SELECT count(*) n FROM likes WHERE liker_id = ? AND liked_id = ? AND withdrawn_at IS NULL')
    .bind(a, b)
    .first<{ n: number }>())!.n;
afterEach(() => clock.setNow(null));

describe('likes and matches', () => {
  it('is idempotent, also under concurrent requests, and unlikes', async () => {
    const a = await activeMember();
    const b = await activeMember();
    const results = await Promise.all(Array.from({ length: 6 }, () => post(`${V}/api/like.php`, { id: b.id }, a.cookie)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await likeRows(a.id, b.id)).toBe(1);
    expect((await post(`${V}/api/like.php`, { id: b.id }, a.cookie, 'DELETE')).status).toBe(200);
    expect((await post(`${V}/api/like.php`, { id: b.id }, a.cookie, 'DELETE')).status).toBe(200);
    expect(await likeRows(a.id, b.id)).toBe(0);
  });

  it('detects a match when the like becomes mutual', async () => {
    const a = await activeMember();
    const b = await activeMember();
    expect(await (await post(`${V}/api/like.php`, { id: b.id }, a.cookie)).json()).toEqual({ liked: true, match: false });
    expect(await (await post(`${V}/api/like.php`, { id: a.id }, b.cookie)).json()).toEqual({ liked: true, match: true });
    const mine = await likesOf(a.cookie);
    expect(mine.liked.map((l) => l.id)).toContain(b.id);
    expect(mine.liked_by.map((l) => l.id)).toContain(b.id);
    expect(mine.profiles.filter((p) => p.id === b.id)).toHaveLength(1);
  });

  it('lists new likes first and clears the flag when the profile is opened, only for its owner', async () => {
    clock.setNow(new Date('2030-02-01T09:00:00Z')); // sessions made now stay valid at the times below
    const me = await activeMember();
    const first = await activeMember();
    const second = await activeMember();
    clock.setNow(new Date('2030-02-01T10:00:00Z'));
    await post(`${V}/api/like.php`, { id: me.id }, first.cookie);
    clock.setNow(new Date('2030-02-01T11:00:00Z'));
    await post(`${V}/api/like.php`, { id: me.id }, second.cookie);
    expect((await likesOf(me.cookie)).liked_by).toEqual([
      { id: second.id, like_new: true },
      { id: first.id, like_new: true },
    ]);
    // a third member opening first's profile clears nothing of mine
    const other = await activeMember();
    await get(`${V}/api/member.php?id=${first.id}`, other.cookie);
    expect((await likesOf(me.cookie)).liked_by.every((l) => l.like_new)).toBe(true);
    const profile = (await (await get(`${V}/api/member.php?id=${second.id}`, me.cookie)).json()) as {
      profile: { likes_me: boolean; liked: boolean };
    };
    expect(profile.profile).toMatchObject({ likes_me: true, liked: false });
    expect((await likesOf(me.cookie)).liked_by).toEqual([
      { id: first.id, like_new: true },
      { id: second.id, like_new: false },
    ]);
  });

  it('an unlike and a new like do not make a seen like new again', async () => {
    const a = await activeMember();
    const b = await activeMember();
    await post(`${V}/api/like.php`, { id: b.id }, a.cookie);
    await get(`${V}/api/member.php?id=${a.id}`, b.cookie); // b sees a's like
    expect((await likesOf(b.cookie)).liked_by.find((l) => l.id === a.id)).toEqual({ id: a.id, like_new: false });
    await post(`${V}/api/like.php`, { id: b.id }, a.cookie, 'DELETE');
    expect((await likesOf(b.cookie)).liked_by.map((l) => l.id)).not.toContain(a.id);
    await post(`${V}/api/like.php`, { id: b.id }, a.cookie);
    expect((await likesOf(b.cookie)).liked_by.find((l) => l.id === a.id)).toEqual({ id: a.id, like_new: false });
  });

  it('only the liked member clears the flag: the liker opening the profile does not', async () => {
    const me = await activeMember();
    const liker = await activeMember();
    await post(`${V}/api/like.php`, { id: me.id }, liker.cookie);
    await get(`${V}/api/member.php?id=${me.id}`, liker.cookie);
    expect((await likesOf(me.cookie)).liked_by).toEqual([{ id: liker.id, like_new: true }]);
  });

  it('shows no like flags between members who blocked, and clears nothing there', async () => {
    const a = await activeMember();
    const b = await activeMember();
    await post(`${V}/api/like.php`, { id: b.id }, a.cookie);
    await post(`${V}/api/like.php`, { id: a.id }, b.cookie);
    await post(`${V}/api/block.php`, { id: b.id }, a.cookie);
    const seen = (await (await get(`${V}/api/member.php?id=${b.id}`, a.cookie)).json()) as { profile: Record<string, unknown> };
    expect(seen.profile).toMatchObject({ blocked: true, liked: false, likes_me: false });
    const row = await env.DB.prepare('SELECT seen_at FROM likes WHERE liker_id = ? AND liked_id = ?')
      .bind(b.id, a.id)
      .first<{ seen_at: string | null }>();
    expect(row!.seen_at).toBeNull();
  });

  it('never shows blocked members, and refuses to like them', async () => {
    const a = await activeMember();
    const b = await activeMember();
    await post(`${V}/api/like.php`, { id: b.id }, a.cookie);
    await post(`${V}/api/like.php`, { id: a.id }, b.cookie);
    await post(`${V}/api/block.php`, { id: a.id }, b.cookie);
    const seenByA = await likesOf(a.cookie);
    const seenByB = await likesOf(b.cookie);
    expect(seenByA.profiles.map((p) => p.id)).not.toContain(b.id);
    expect([...seenByA.liked_by, ...seenByA.liked].map((l) => l.id)).not.toContain(b.id);
    expect([...seenByB.liked_by, ...seenByB.liked].map((l) => l.id)).not.toContain(a.id);
    expect((await post(`${V}/api/like.php`, { id: b.id }, a.cookie)).status).toBe(404);
    expect(await (await get(`${V}/api/auto-like.php`, a.cookie)).json()).toBeNull();
  });

  it('refuses bad input, oneself, unknown members and visitors', async () => {
    const a = await activeMember();
    for (const body of [{ id: 'x' }, {}, { id: -1 }, 'null', { id: true }, { id: [5] }, { id: ' 7 ' }])
      expect((await post(`${V}/api/like.php`, body, a.cookie)).status).toBe(400);
    expect((await post(`${V}/api/like.php`, { id: a.id }, a.cookie)).status).toBe(400);
    expect((await post(`${V}/api/like.php`, { id: 987654321 }, a.cookie)).status).toBe(404);
    expect((await post(`${V}/api/like.php`, { id: a.id })).status).toBe(403);
    expect((await get(`${V}/api/likes.php`)).status).toBe(403);
    const other = await activeMember('she-eng.localhost');
    expect((await post(`${V}/api/like.php`, { id: other.id }, a.cookie)).status).toBe(404);
  });
});

type Like = { liker: number; liked: number; at: string; seen: boolean };
const writeLikes = (rows: Like[]) =>
  env.DB.batch(
    rows.map((l) =>
      env.DB.prepare("INSERT INTO likes (liker_id, liked_id, source, created_at, seen_at) VALUES (?, ?, 'profile', ?, ?)").bind(
        l.liker,
        l.liked,
        l.at,
        l.seen ? l.at : null,
      ),
    ),
  );
/** Minute `m` of a day in 2029 (`m` up to 1439), so that times sort as their numbers. */
const minute = (m: number) => `2029-06-01T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00.000Z`;
/** The order of the received likes: new first, then newest first, the higher id first on equal times. */
const order = (a: Like, b: Like) => Number(a.seen) - Number(b.seen) || b.at.localeCompare(a.at) || b.liker - a.liker;

describe('likes.php pages (keyset)', () => {
  it('gives 250 likes each way over 3 pages: no duplicates or gaps, newest first, the old new likes on page 1', async () => {
    const me = await activeMember();
    const ids = await pool(me.id, 81_000_000, 250);
    // every 5th pair shares its minute (ties broken by id); the 6 oldest received likes are new
    const received: Like[] = ids.map((id, i) => ({
      liker: id,
      liked: me.id,
      at: minute(Math.floor(i / 5) * 4 + (i % 5 === 4 ? 0 : i % 5)),
      seen: i >= 6,
    }));
    const given: Like[] = ids.map((id, i) => ({ liker: me.id, liked: id, at: minute(1000 - Math.floor(i / 2)), seen: false }));
    // a blocked, a deleted and a withdrawn like never show and never take a place on a page
    const [blocked, deleted] = await pool(me.id, 81_001_000, 2);
    const [gone] = await pool(me.id, 81_001_010, 1, { status: 'deleted' });
    await writeLikes([
      ...received,
      ...given,
      { liker: blocked!, liked: me.id, at: minute(500), seen: false },
      { liker: gone!, liked: me.id, at: minute(501), seen: false },
      { liker: deleted!, liked: me.id, at: minute(502), seen: true },
    ]);
    await env.DB.prepare('UPDATE likes SET withdrawn_at = ? WHERE liker_id = ?').bind(minute(503), deleted).run();
    await env.DB.prepare('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(blocked, me.id, minute(1)).run();

    const pages: Likes[] = [await likesOf(me.cookie)];
    while (pages.at(-1)!.liked_by_next || pages.at(-1)!.liked_next) {
      const last = pages.at(-1)!;
      const q = new URLSearchParams();
      if (last.liked_by_next) q.set('liked_by_after', last.liked_by_next);
      if (last.liked_next) q.set('liked_after', last.liked_next);
      pages.push(await likesOf(me.cookie, `?${q}`));
    }
    expect(pages.map((p) => [p.liked_by.length, p.liked.length])).toEqual([
      [100, 100],
      [100, 100],
      [50, 50],
    ]);
    expect(pages[2]).toMatchObject({ liked_by_next: null, liked_next: null });
    // every page carries the profiles of its own likes, once
    for (const p of pages) expect(new Set(p.profiles.map((x) => x.id))).toEqual(new Set([...p.liked_by, ...p.liked].map((l) => l.id)));
    const expected = [...received].sort(order).map((l) => ({ id: l.liker, like_new: !l.seen }));
    expect(pages.flatMap((p) => p.liked_by)).toEqual(expected);
    expect(pages[0]!.liked_by.slice(0, 6).every((l) => l.like_new)).toBe(true);
    expect(pages.flatMap((p) => p.liked).map((l) => l.id)).toEqual(
      [...given].sort((a, b) => b.at.localeCompare(a.at) || b.liked - a.liked).map((l) => l.liked),
    );

    // one list at a time: the other is left out, and its cursor is null
    const onlyGiven = await likesOf(me.cookie, `?liked_after=${pages[0]!.liked_next}`);
    expect(onlyGiven.liked_by).toEqual([]);
    expect(onlyGiven.liked_by_next).toBeNull();
    expect(onlyGiven.liked).toEqual(pages[1]!.liked);
    expect(onlyGiven.liked_next).toBe(pages[1]!.liked_next);
  });

  it('runs the new likes first, however many and however old, a page at a time, before the seen ones', async () => {
    const me = await activeMember();
    const ids = await pool(me.id, 82_000_000, 160);
    // 130 new likes older than the 30 seen ones
    const received: Like[] = ids.map((id, i) => ({ liker: id, liked: me.id, at: minute(i), seen: i >= 130 }));
    await writeLikes(received);
    // page 1: a page of the new ones (enough for the badge: 99+ from 100), the newest first
    const first = await likesOf(me.cookie);
    expect(first.liked_by).toEqual(
      ids
        .slice(30, 130)
        .reverse()
        .map((id) => ({ id, like_new: true })),
    );
    // page 2: the other 30 new ones, then the seen ones, newest first
    const second = await likesOf(me.cookie, `?liked_by_after=${first.liked_by_next}`);
    expect(second.liked_by).toEqual([
      ...ids
        .slice(0, 30)
        .reverse()
        .map((id) => ({ id, like_new: true })),
      ...ids
        .slice(130)
        .reverse()
        .map((id) => ({ id, like_new: false })),
    ]);
    expect(second.liked_by_next).toBeNull();

    // the same order with a small page, by the queries themselves
    const db = getDb(env.DB);
    const site = (await env.DB.prepare('SELECT company_id AS companyId, niche FROM members WHERE id = ?')
      .bind(me.id)
      .first<{ companyId: number; niche: number }>())!;
    const seenIds: number[] = [];
    let cursor = null;
    let n = 0;
    do {
      const { received: page } = await likesPage(db, me.id, site, { received: cursor }, { page: 40 });
      expect(page!.rows.length).toBe(n < 4 ? 40 : 0);
      seenIds.push(...page!.rows.map((r) => r.id));
      cursor = page!.next;
      n++;
    } while (cursor);
    expect(seenIds).toEqual([...ids.slice(0, 130).reverse(), ...ids.slice(130).reverse()]);
  });

  it('fills page 1 with seen likes after a few new ones; a like seen meanwhile is not lost', async () => {
    const me = await activeMember();
    const ids = await pool(me.id, 83_000_000, 120);
    await writeLikes(ids.map((id, i) => ({ liker: id, liked: me.id, at: minute(i), seen: i % 40 !== 0 })));
    const first = await likesOf(me.cookie);
    expect(first.liked_by).toHaveLength(100);
    expect(first.liked_by.slice(0, 3)).toEqual([ids[80], ids[40], ids[0]].map((id) => ({ id, like_new: true })));
    expect(first.liked_by[3]).toEqual({ id: ids[119], like_new: false });
    // the oldest new like is seen before the next page: it comes again there, among the seen ones
    await env.DB.prepare('UPDATE likes SET seen_at = ? WHERE liker_id = ?').bind(minute(200), ids[0]).run();
    const rest = await likesOf(me.cookie, `?liked_by_after=${first.liked_by_next}`);
    expect(rest.liked_by.at(-1)).toEqual({ id: ids[0], like_new: false });
    expect(new Set([...first.liked_by, ...rest.liked_by].map((l) => l.id))).toEqual(new Set(ids));
  });

  it('refuses a cursor it did not make with 400 and a JSON error, never a 500', async () => {
    const me = await activeMember();
    const b64 = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const query of [
      '?liked_by_after=',
      '?liked_by_after=abc',
      '?liked_after=%25%25',
      `?liked_after=${b64('s|x|1')}`,
      `?liked_by_after=${b64('n|2029-01-01T00:00:00.000Z|0')}`,
      `?liked_by_after=${b64('n|2029-01-01T00:00:00.000Z|99999999999999999')}`,
      `?liked_by_after=${b64("s|2029-01-01T00:00:00.000Z' OR 1=1 --|5")}`,
      `?liked_by_after=${'A'.repeat(500)}`,
      `?liked_by_after=${b64('s|2029-01-01T00:00:00.000Z|5')}&liked_by_after=${b64('s|2029-01-01T00:00:00.000Z|6')}`,
      '?page=2',
    ]) {
      const res = await get(`${V}/api/likes.php${query}`, me.cookie);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
    }
    // a well-formed cursor past the end is simply an empty page
    const end = await likesOf(me.cookie, `?liked_by_after=${b64('s|2000-01-01T00:00:00.000Z|5')}`);
    expect(end).toEqual({ profiles: [], liked_by: [], liked: [], liked_by_next: null, liked_next: null });
  });
});

describe('swipe game', () => {
  it('offers the niche one by one, allows 4 likes a day in the site time zone, passes always', async () => {
    const host = 'http://gilf-nl.localhost';
    clock.setNow(new Date('2030-01-01T20:00:00Z'));
    const women: number[] = [];
    for (let i = 0; i < 7; i++) women.push((await activeMember('gilf-nl.localhost', { gender: 'female', date_of_birth: '1960-01-01' })).id);
    const me = await activeMember('gilf-nl.localhost', { gender: 'male' });
    // 23:30 in Amsterdam
    clock.setNow(new Date('2030-01-01T22:30:00Z'));
    let state = (await (await get(`${host}/api/swipe.php`, me.cookie)).json()) as { profile: { id: number }; likes_left: number };
    expect(state.likes_left).toBe(4);
    const seen = new Set<number>();
    for (let i = 0; i < 4; i++) {
      seen.add(state.profile.id);
      const res = await post(`${host}/api/swipe.php`, { id: state.profile.id, action: 'like' }, me.cookie);
      expect(res.status).toBe(200);
      const out = (await res.json()) as { next: { id: number }; likes_left: number };
      expect(out.likes_left).toBe(3 - i);
      state = { profile: out.next, likes_left: out.likes_left };
    }
    expect(women).toContain(state.profile.id);
    expect(seen.has(state.profile.id)).toBe(false);
    const fifth = await post(`${host}/api/swipe.php`, { id: state.profile.id, action: 'like' }, me.cookie);
    expect(fifth.status).toBe(429);
    expect(((await fifth.json()) as { message: string }).message).toBe('Je hebt vandaag al je 4 likes gegeven. Morgen kun je weer swipen.');
    expect(await likeRows(me.id, state.profile.id)).toBe(0);
    expect((await post(`${host}/api/swipe.php`, { id: state.profile.id, action: 'pass' }, me.cookie)).status).toBe(200);
    // 00:30 the next day in Amsterdam
    clock.setNow(new Date('2030-01-01T23:30:00Z'));
    const next = (await (await get(`${host}/api/swipe.php`, me.cookie)).json()) as { profile: { id: number }; likes_left: number };
    expect(next.likes_left).toBe(4);
    expect((await post(`${host}/api/swipe.php`, { id: next.profile.id, action: 'like' }, me.cookie)).status).toBe(200);
  });

  it('charges one like for a repeated or parallel like of the same member, and exactly 4 for parallel ones', async () => {
    const host = 'http://gilf-nl.localhost';
    clock.setNow(new Date('2032-05-05T10:00:00Z'));
    const women: number[] = [];
    for (let i = 0; i < 6; i++) women.push((await activeMember('gilf-nl.localhost', { gender: 'female', date_of_birth: '1955-01-01' })).id);
    const me = await activeMember('gilf-nl.localhost', { gender: 'male' });
    const same = await Promise.all([0, 1, 2].map(() => post(`${host}/api/swipe.php`, { id: women[0], action: 'like' }, me.cookie)));
    expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(((await (await get(`${host}/api/swipe.php`, me.cookie)).json()) as { likes_left: number }).likes_left).toBe(3);
    const other = await activeMember('gilf-nl.localhost', { gender: 'male' });
    const parallel = await Promise.all(women.slice(0, 6).map((id) => post(`${host}/api/swipe.php`, { id, action: 'like' }, other.cookie)));
    expect(parallel.filter((r) => r.status === 200)).toHaveLength(4);
    expect(parallel.filter((r) => r.status === 429)).toHaveLength(2);
    expect(
      (await env.DB.prepare("SELECT count(*) n FROM likes WHERE liker_id = ? AND source = 'swipe'").bind(other.id).first<{ n: number }>())!
        .n,
    ).toBe(4);
  });

  it('refuses members outside the niche, blocked ones and bad actions', async () => {
    const host = 'http://bbw-nl.localhost';
    const me = await activeMember('bbw-nl.localhost', { gender: 'male' });
    const elsewhere = await activeMember('vonkje.localhost', { gender: 'female' });
    expect((await post(`${host}/api/swipe.php`, { id: elsewhere.id, action: 'like' }, me.cookie)).status).toBe(404);
    const her = await activeMember('bbw-nl.localhost', { gender: 'female' });
    await post(`${host}/api/block.php`, { id: me.id }, her.cookie);
    expect((await post(`${host}/api/swipe.php`, { id: her.id, action: 'like' }, me.cookie)).status).toBe(404);
    const blockedByMe = await activeMember('bbw-nl.localhost', { gender: 'female' });
    await post(`${host}/api/block.php`, { id: blockedByMe.id }, me.cookie);
    expect((await post(`${host}/api/swipe.php`, { id: blockedByMe.id, action: 'pass' }, me.cookie)).status).toBe(404);
    expect(((await (await get(`${host}/api/swipe.php`, me.cookie)).json()) as { profile: { id: number } | null }).profile?.id).not.toBe(
      her.id,
    );
    expect((await post(`${host}/api/swipe.php`, { id: her.id, action: 'love' }, me.cookie)).status).toBe(400);
  });
});

describe('automatic likes and the like overlay', () => {
  it('never come from a profile the new member blocked', async () => {
    const t0 = new Date('2031-04-01T12:00:00Z');
    clock.setNow(t0);
    const fictional = await activeMember('silver-nl.localhost', { gender: 'male', date_of_birth: '1955-01-01' });
    await env.DB.prepare('UPDATE members SET fictional = 1 WHERE id = ?').bind(fictional.id).run();
    const newbie = await activeMember('silver-nl.localhost', { gender: 'female' });
    await post('http://silver-nl.localhost/api/block.php', { id: fictional.id }, newbie.cookie);
    clock.setNow(new Date(t0.getTime() + 5 * 60_000));
    await sendAutoLikes({ db: getDb(env.DB), now: clock.now() });
    expect(
      (await env.DB.prepare("SELECT count(*) n FROM likes WHERE liked_id = ? AND source = 'auto'").bind(newbie.id).first<{ n: number }>())!
        .n,
    ).toBe(0);
  });

  it('fictional profiles like a new member on the site schedule; the overlay shows the like', async () => {
    const t0 = new Date('2031-03-01T12:00:00Z');
    clock.setNow(t0);
    const fictional = await activeMember('milf-nl.localhost', { gender: 'female', date_of_birth: '1980-01-01' });
    await env.DB.prepare('UPDATE members SET fictional = 1 WHERE id = ?').bind(fictional.id).run();
    const newbie = await activeMember('milf-nl.localhost', { gender: 'male' });
    const db = getDb(env.DB);
    const autoLikes = () =>
      env.DB.prepare("SELECT liker_id FROM likes WHERE liked_id = ? AND source = 'auto'").bind(newbie.id).all<{ liker_id: number }>();

    clock.setNow(new Date(t0.getTime() + 60_000));
    await sendAutoLikes({ db, now: clock.now() });
    expect((await autoLikes()).results).toHaveLength(0); // first one due after 2 minutes
    clock.setNow(new Date(t0.getTime() + 3 * 60_000));
    await sendAutoLikes({ db, now: clock.now() });
    expect((await autoLikes()).results).toEqual([{ liker_id: fictional.id }]);
    await sendAutoLikes({ db, now: clock.now() });
    expect((await autoLikes()).results).toHaveLength(1); // the next is due after 60 minutes (and there is no other fictional profile)

    // a second run at the same time sends nothing more
    expect(await sendAutoLikes({ db, now: clock.now() })).toBe(0);
    const overlay = (await (await get('http://milf-nl.localhost/api/auto-like.php', newbie.cookie)).json()) as {
      id: number;
      main_image: unknown;
    };
    expect(overlay).toMatchObject({ id: fictional.id, main_image: null });
    await get(`http://milf-nl.localhost/api/member.php?id=${fictional.id}`, newbie.cookie);
    expect(await (await get('http://milf-nl.localhost/api/auto-like.php', newbie.cookie)).json()).toBeNull();
  });
});

describe('photo objects in likes (spec section 3)', () => {
  it("a liked member's main_image carries filename, thumb_filename, status and match", async () => {
    const a = await activeMember('vonkje.localhost');
    const b = await memberWithPhoto('vonkje.localhost');
    expect((await post(`${V}/api/like.php`, { id: b.id }, a.cookie)).status).toBe(200);
    const liked = (await likesOf(a.cookie)).profiles.find((p) => p.id === b.id) as { main_image?: Record<string, unknown> } | undefined;
    const image = liked!.main_image!;
    expect(Object.keys(image).sort()).toEqual(['filename', 'match', 'status', 'thumb_filename']);
    expect(image).toMatchObject({
      filename: image['match'],
      status: 'active',
      match: expect.stringMatching(new RegExp(`^photos/${b.id}/`)),
    });
  });
});
