import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { wantedGender } from '../../worker/contracts/niches';
import { activeMember, get, post, uploadPhoto } from './account-helpers';

/**
 * Issue 13: a site shows and acts on members of its own niche only, whatever the route. Every
 * route that takes a member id answers 404 for a member of another niche of the same company.
 */
type Card = { id: number; gender?: string };
const mustUpload = async (host: string, cookie: string) => expect((await uploadPhoto(host, cookie)).status).toBe(201);
const approveAll = (memberId: number) => env.DB.prepare("UPDATE photos SET status = 'active' WHERE member_id = ?").bind(memberId).run();
const like = (likerId: number, likedId: number) =>
  env.DB.prepare("INSERT INTO likes (liker_id, liked_id, source, created_at) VALUES (?, ?, 'profile', ?)")
    .bind(likerId, likedId, new Date().toISOString())
    .run();
let clientIds = 0;

/** Every route that takes a member id, as `viewer` asks on `host` about `id`; the status of each. */
async function routesOn(host: string, viewer: string, id: number) {
  const u = (path: string) => `http://${host}${path}`;
  const main = (
    await env.DB.prepare("SELECT key FROM photos WHERE member_id = ? AND status = 'active' LIMIT 1").bind(id).first<{ key: string }>()
  )?.key;
  return {
    'GET member.php': (await get(u(`/api/member.php?id=${id}`), viewer)).status,
    'GET member.php (visitor)': (await get(u(`/api/member.php?id=${id}`))).status,
    'POST like.php': (await post(u('/api/like.php'), { id }, viewer)).status,
    'DELETE like.php': (await post(u('/api/like.php'), { id }, viewer, 'DELETE')).status,
    'POST swipe.php like': (await post(u('/api/swipe.php'), { id, action: 'like' }, viewer)).status,
    'POST swipe.php pass': (await post(u('/api/swipe.php'), { id, action: 'pass' }, viewer)).status,
    'POST block.php': (await post(u('/api/block.php'), { id }, viewer)).status,
    'DELETE block.php': (await post(u('/api/block.php'), { id }, viewer, 'DELETE')).status,
    'GET messages.php?profile': (await get(u(`/api/messages.php?profile=${id}`), viewer)).status,
    'POST message.php': (
      await post(u('/api/message.php'), { to: id, kind: 'text', text: 'Hoi!', client_id: `niche-test-${clientIds++}` }, viewer)
    ).status,
    'DELETE chat.php by profile': (await post(u('/api/chat.php'), { profile: id }, viewer, 'DELETE')).status,
    'GET photo': main ? (await get(u(`/media/${main}`), viewer)).status : 'no photo',
    'GET photo (visitor)': main ? (await get(u(`/media/${main}`))).status : 'no photo',
  };
}

// Three niche sites of one company: the main site (1), BDSM (2) and gay (7).
const PAIRS = [
  ['vonkje.localhost', 'bdsm-nl.localhost'],
  ['bdsm-nl.localhost', 'gay-nl.localhost'],
  ['gay-nl.localhost', 'vonkje.localhost'],
] as const;

describe('niche isolation by id', () => {
  for (const [home, other] of PAIRS) {
    it(`${home} refuses (404) every route on a member of ${other}'s niche`, async () => {
      const viewer = await activeMember(home, { gender: 'male' }, { sexuality: 'bi' });
      const stranger = await activeMember(other, { gender: 'male' }, { sexuality: 'bi' });
      await mustUpload(other, stranger.cookie);
      await approveAll(stranger.id);
      const refused = await routesOn(home, viewer.cookie, stranger.id);
      expect(refused).toEqual(Object.fromEntries(Object.keys(refused).map((k) => [k, 404])));
      // nothing was written by the refusals
      const written = await env.DB.prepare(
        'SELECT (SELECT count(*) FROM likes WHERE liker_id = ?1) + (SELECT count(*) FROM blocks WHERE blocker_id = ?1) + (SELECT count(*) FROM swipe_passes WHERE member_id = ?1) AS n',
      )
        .bind(viewer.id)
        .first<{ n: number }>();
      expect(written!.n).toBe(0);

      // the same routes on the stranger's own site work (the control: 404 above is the niche)
      const neighbour = await activeMember(other, { gender: 'male' }, { sexuality: 'bi' });
      const allowed = await routesOn(other, neighbour.cookie, stranger.id);
      expect(allowed).toMatchObject({
        'GET member.php': 200,
        'GET member.php (visitor)': 200,
        'POST like.php': 200,
        'DELETE like.php': 200,
        'POST block.php': 200,
        'DELETE block.php': 200,
        'GET photo': 200,
        'GET photo (visitor)': 200,
      });
    });
  }

  it('keeps lists to the site niche: likes, the like overlay, the swipe game and search', async () => {
    const me = await activeMember('vonkje.localhost', { gender: 'male' }, { sexuality: 'bi' });
    const stranger = await activeMember('bdsm-nl.localhost', { gender: 'female' });
    const neighbour = await activeMember('vonkje.localhost', { gender: 'female' });
    // likes both ways with a member of another niche (as a site of that niche would have made them)
    await like(stranger.id, me.id);
    await like(me.id, stranger.id);
    await like(neighbour.id, me.id);
    const likes = (await (await get('http://vonkje.localhost/api/likes.php', me.cookie)).json()) as {
      profiles: Card[];
      liked_by: Card[];
      liked: Card[];
    };
    expect(likes.liked_by.map((l) => l.id)).toEqual([neighbour.id]);
    expect(likes.liked.map((l) => l.id)).toEqual([]);
    expect(likes.profiles.map((p) => p.id)).not.toContain(stranger.id);
    const overlay = (await (await get('http://vonkje.localhost/api/auto-like.php', me.cookie)).json()) as Card | null;
    expect(overlay?.id).toBe(neighbour.id);
    // on the stranger's site, the other way round
    const there = (await (await get('http://bdsm-nl.localhost/api/likes.php', me.cookie)).json()) as { liked_by: Card[]; liked: Card[] };
    expect(there.liked_by.map((l) => l.id)).toEqual([stranger.id]);
    expect(there.liked.map((l) => l.id)).toEqual([stranger.id]);

    // the swipe game goes through the whole niche without ever offering the stranger
    const offered: number[] = [];
    let next = ((await (await get('http://vonkje.localhost/api/swipe.php', me.cookie)).json()) as { profile: Card | null }).profile;
    while (next && offered.length < 500) {
      offered.push(next.id);
      next = (
        (await (await post('http://vonkje.localhost/api/swipe.php', { id: next.id, action: 'pass' }, me.cookie)).json()) as {
          next: Card | null;
        }
      ).next;
    }
    expect(offered).toContain(neighbour.id);
    expect(offered).not.toContain(stranger.id);
    const niches = await env.DB.prepare(`SELECT DISTINCT niche FROM members WHERE id IN (${offered.join(',')})`).all<{ niche: number }>();
    expect(niches.results.map((r) => r.niche)).toEqual([1]);
  });

  it('still shows one’s own profile on another niche’s site of the pool', async () => {
    const me = await activeMember('vonkje.localhost');
    expect((await get(`http://gay-nl.localhost/api/member.php?id=${me.id}`, me.cookie)).status).toBe(200);
    expect((await get(`http://gay-nl.localhost/api/member.php?id=${me.id}`)).status).toBe(404);
  });
});

describe('default search per niche', () => {
  type User = { user: { profile: { gender: 'male' | 'female'; sexuality: null | 'hetero' | 'gay' | 'lesbian' | 'bi' } } };
  type Search = { results: (Card & { id: number })[]; numResults: number };
  const genderOf = async (ids: number[]) =>
    (await env.DB.prepare(`SELECT DISTINCT gender FROM members WHERE id IN (${ids.join(',') || 0})`).all<{ gender: string }>()).results.map(
      (r) => r.gender,
    );

  /** A new member's first search on a site: the filters the web starts with, from the member's own `user`. */
  async function firstSearch(host: string, gender: 'male' | 'female', profile: Record<string, unknown> = {}) {
    const m = await activeMember(host, { gender }, profile);
    const { user } = (await (await get(`http://${host}/api/user.php`, m.cookie)).json()) as User;
    const settings = (await (await get(`http://${host}/api/settings.php`)).json()) as { niche: number };
    const wanted = wantedGender(settings.niche, user.profile);
    const body = (await (await get(`http://${host}/api/members.php${wanted ? `?gender=${wanted}` : ''}`, m.cookie)).json()) as Search;
    return { wanted, body, genders: await genderOf(body.results.map((r) => r.id)) };
  }

  it('the gay site: a new man without a sexuality given sees men, and so does the swipe game', async () => {
    await activeMember('gay-nl.localhost', { gender: 'male' });
    await activeMember('gay-nl.localhost', { gender: 'male' });
    const { wanted, body, genders } = await firstSearch('gay-nl.localhost', 'male');
    expect(wanted).toBe('male');
    expect(body.numResults).toBeGreaterThanOrEqual(2);
    expect(genders).toEqual(['male']);
    const swiper = await activeMember('gay-nl.localhost', { gender: 'male' });
    const offered = ((await (await get('http://gay-nl.localhost/api/swipe.php', swiper.cookie)).json()) as { profile: Card | null })
      .profile;
    expect(await genderOf([offered!.id])).toEqual(['male']);
  });

  it('the main site: a man sees women, a lesbian woman women, a bi member anyone', async () => {
    const host = 'vonkje.localhost';
    await activeMember(host, { gender: 'female' });
    await activeMember(host, { gender: 'male' });
    expect(await firstSearch(host, 'male')).toMatchObject({ wanted: 'female', genders: ['female'] });
    expect(await firstSearch(host, 'female', { sexuality: 'lesbian' })).toMatchObject({ wanted: 'female', genders: ['female'] });
    expect(await firstSearch(host, 'female', { sexuality: 'hetero' })).toMatchObject({ wanted: 'male', genders: ['male'] });
    const bi = await firstSearch(host, 'male', { sexuality: 'bi' });
    expect(bi.wanted).toBeNull();
    expect(bi.genders.sort()).toEqual(['female', 'male']);
  });

  it('the older men’s site: a woman sees men; the BDSM site: a man sees women', async () => {
    await activeMember('silver-nl.localhost', { gender: 'male', date_of_birth: '1955-01-01' });
    expect(await firstSearch('silver-nl.localhost', 'female', { sexuality: 'hetero' })).toMatchObject({
      wanted: 'male',
      genders: ['male'],
    });
    await activeMember('bdsm-nl.localhost', { gender: 'female' });
    expect(await firstSearch('bdsm-nl.localhost', 'male')).toMatchObject({ wanted: 'female', genders: ['female'] });
  });
});
