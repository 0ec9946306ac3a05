import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registry } from '../../worker/lib/tenants';
import { activeMember, get, post, signup } from './account-helpers';
import { fixtures } from './fixtures';
import { call, json } from './helpers';

type Card = { id: number; name: string; age: number; main_image: { match: string } | null };
type SearchBody = { results: Card[]; numResults: number; page: number; pages: number; similar: Card[]; similar_numResults: number };
type Profile = Record<string, unknown> & {
  id: number;
  photos: { id: string; match: string | null; locked: boolean; main: boolean }[];
  blocked: boolean;
  photo_count: number;
};

const search = (host: string, query: string, cookie?: string) => get(`http://${host}/api/members.php${query}`, cookie);
const searchBody = async (host: string, query: string, cookie?: string) => (await (await search(host, query, cookie)).json()) as SearchBody;
const profileOf = (host: string, id: number, cookie?: string) => get(`http://${host}/api/member.php?id=${id}`, cookie);
const upload = (cookie: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'p.png', { type: 'image/png' }));
  return call('http://vonkje.localhost/api/photo.php', {
    method: 'POST',
    body: form,
    headers: { 'request-type': 'client', cookie: `sid=${cookie}` },
  });
};
const approveAll = (memberId: number) => env.DB.prepare("UPDATE photos SET status = 'active' WHERE member_id = ?").bind(memberId).run();

describe('editing the own profile', () => {
  const V = 'http://vonkje.localhost';
  it('saves every field and shows it back', async () => {
    const { cookie } = await activeMember();
    const res = await post(
      `${V}/api/profile.php`,
      {
        gender: 'female',
        sexuality: 'bi',
        date_of_birth: '1991-07-04',
        country: 'BE',
        region: 'BE-VLG',
        city: 'Gent',
        interests: ['beach', 'exchanging pictures', 'wine'],
        hair_colour: 'red',
        eye_colour: 'green',
        body_type: 'curvy',
        relationship_status: 'single',
        tattoos: 'some',
        signup_reason: 'relationship',
        about_me: 'Hallo daar.',
      },
      cookie,
      'PUT',
    );
    expect(res.status).toBe(200);
    const { profile } = ((await res.json()) as { user: { profile: Record<string, unknown> } }).user;
    expect(profile).toMatchObject({
      gender: 'female',
      sexuality: 'bi',
      date_of_birth: '1991-07-04',
      country: 'BE',
      region: 'BE-VLG',
      city: 'Gent',
      interests: ['beach', 'exchanging pictures', 'wine'],
      hair_colour: 'red',
      tattoos: 'some',
      about_me: 'Hallo daar.',
    });
    const cleared = await post(`${V}/api/profile.php`, { hair_colour: null, about_me: null, country: 'NL' }, cookie, 'PUT');
    expect(((await cleared.json()) as { user: { profile: Record<string, unknown> } }).user.profile).toMatchObject({
      hair_colour: null,
      about_me: null,
      country: 'NL',
      region: null,
    });
  });

  it.each([
    ['gender', { gender: 'robot' }],
    ['sexuality', { sexuality: 'x' }],
    // the orientation fits the gender (contracts sexualitiesFor): the member is a man
    ['sexuality', { sexuality: 'lesbian' }],
    ['sexuality', { gender: 'female', sexuality: 'gay' }],
    ['date_of_birth', { date_of_birth: '2015-01-01' }],
    ['date_of_birth', { date_of_birth: '1990-13-01' }],
    ['country', { country: 'PL' }],
    ['region', { region: 'DE-BY' }],
    ['region', { region: 'x'.repeat(50) }],
    ['city', { city: 'x'.repeat(101) }],
    ['interests', { interests: ['flying saucers'] }],
    ['interests', { interests: ['beach', 'beach'] }],
    [
      'interests',
      {
        interests: Array.from(
          { length: 21 },
          (_, i) =>
            [
              'adventure',
              'art',
              'beach',
              'beer',
              'biking',
              'bondage',
              'coffee',
              'cooking',
              'dancing',
              'fashion',
              'foodie',
              'gardening',
              'gym',
              'hiking',
              'hugging',
              'kissing',
              'lingerie',
              'massages',
              'movies',
              'music',
              'party',
            ][i],
        ),
      },
    ],
    ['interests', { interests: 'beach' }],
    ['hair_colour', { hair_colour: 'blue' }],
    ['eye_colour', { eye_colour: 'purple' }],
    ['body_type', { body_type: 1 }],
    ['relationship_status', { relationship_status: 'complicated' }],
    ['tattoos', { tattoos: 'all' }],
    ['signup_reason', { signup_reason: 'money' }],
    ['about_me', { about_me: 'x'.repeat(2001) }],
    ['', { unknown_field: 1 }],
  ])('refuses a bad %s and changes nothing', async (path, body) => {
    const { cookie, id } = await activeMember();
    // the request itself counts as the member's activity (README, "Activity and online"); nothing else may change
    const row = async () => ({ ...(await env.DB.prepare('SELECT * FROM members WHERE id = ?').bind(id).first()), last_active_at: null });
    const before = await row();
    const res = await post(`${V}/api/profile.php`, body, cookie, 'PUT');
    expect(res.status).toBe(400);
    const out = (await res.json()) as { issues?: { path: string; message: string }[] };
    if (path) expect(out.issues?.map((i) => i.path.split('.')[0])).toContain(path);
    if (path === 'date_of_birth') expect(out.issues![0]!.message).toBe('Ongeldige geboortedatum');
    expect(await row()).toEqual(before);
  });

  it('keeps the orientation fitting the gender: a gender change with an orientation that no longer fits is refused', async () => {
    const { cookie } = await activeMember(undefined, {}, { sexuality: 'gay' });
    const res = await post(`${V}/api/profile.php`, { gender: 'female' }, cookie, 'PUT');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ issues: [{ path: 'sexuality', message: 'Kies een van de mogelijkheden.' }] });
    const both = await post(`${V}/api/profile.php`, { gender: 'female', sexuality: 'lesbian' }, cookie, 'PUT');
    expect(((await both.json()) as { user: { profile: Record<string, unknown> } }).user.profile).toMatchObject({
      gender: 'female',
      sexuality: 'lesbian',
    });
    expect(
      (
        (await (await post(`${V}/api/profile.php`, { gender: 'female', sexuality: null }, cookie, 'PUT')).json()) as {
          user: { profile: Record<string, unknown> };
        }
      ).user.profile.sexuality,
    ).toBeNull();
  });

  it('refuses a visitor and a body that is not an object', async () => {
    expect((await post(`${V}/api/profile.php`, { city: 'x' }, undefined, 'PUT')).status).toBe(403);
    const { cookie } = await activeMember();
    for (const body of ['null', '[]', '"x"', '{']) expect((await post(`${V}/api/profile.php`, body, cookie, 'PUT')).status).toBe(400);
  });
});

describe('viewing a profile', () => {
  const V = 'vonkje.localhost';
  it('shows the age, never the birth date, and only the visible fields', async () => {
    const owner = await activeMember(V, {}, { hair_colour: 'black', about_me: 'Hoi', city: 'Delft' });
    const viewer = await activeMember();
    const site = registry.byHost.get(V)!;
    const original = site.settings.visible_profile_fields;
    try {
      site.settings.visible_profile_fields = ['age', 'city'];
      const { profile } = (await (await profileOf(V, owner.id, viewer.cookie)).json()) as { profile: Profile };
      expect(profile).toMatchObject({ id: owner.id, name: 'Sam', age: expect.any(Number), city: 'Delft' });
      expect(profile).not.toHaveProperty('hair_colour');
      expect(profile).not.toHaveProperty('about_me');
      expect(JSON.stringify(profile)).not.toContain('1990-06-15');
    } finally {
      site.settings.visible_profile_fields = original;
    }
    const full = (await (await profileOf(V, owner.id, viewer.cookie)).json()) as { profile: Profile };
    expect(full.profile).toMatchObject({ hair_colour: 'black', about_me: 'Hoi', fictional: false });
  });

  it('locks the photos beyond the main one for visitors and free members, not for premium', async () => {
    const owner = await activeMember();
    for (let i = 0; i < 3; i++) await upload(owner.cookie, fixtures.png);
    await approveAll(owner.id);
    const locks = async (cookie?: string) => ((await (await profileOf(V, owner.id, cookie)).json()) as { profile: Profile }).profile.photos;
    const visitor = await locks();
    expect(visitor).toHaveLength(3);
    expect(visitor[0]).toMatchObject({ main: true, locked: false, match: expect.stringMatching(/^photos\//) });
    expect(visitor.slice(1).every((p) => p.locked && p.match === null)).toBe(true);
    const free = await activeMember();
    expect((await locks(free.cookie)).filter((p) => p.locked)).toHaveLength(2);
    const premium = await activeMember();
    await env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(premium.id).run();
    expect((await locks(premium.cookie)).every((p) => !p.locked && p.match)).toBe(true);
    expect((await locks(owner.cookie)).every((p) => !p.locked)).toBe(true);
  });

  it('hides unconfirmed, deleted and other-company members, and refuses bad ids', async () => {
    const unconfirmed = await signup();
    const viewer = await activeMember();
    expect((await profileOf(V, unconfirmed.body.user.id, viewer.cookie)).status).toBe(404);
    expect((await profileOf(V, unconfirmed.body.user.id, unconfirmed.cookie)).status).toBe(200); // one's own
    const other = await activeMember('she-eng.localhost');
    expect((await profileOf(V, other.id, viewer.cookie)).status).toBe(404);
    const gone = await activeMember();
    await post(`http://${V}/api/delete-account.php`, { reason: 'other' }, gone.cookie);
    expect((await profileOf(V, gone.id, viewer.cookie)).status).toBe(404);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999'])
      expect((await get(`http://${V}/api/member.php?id=${id}`)).status).toBe(400);
  });

  it('presence: online for 5 minutes after the last activity, then recently active for a day, then neither; on the card and the profile', async () => {
    const viewer = await activeMember();
    const other = await activeMember(undefined, { gender: 'female', name: `Aanwezig${Date.now() % 1000}` });
    const ago = (ms: number) =>
      env.DB.prepare('UPDATE members SET last_active_at = ? WHERE id = ?')
        .bind(new Date(Date.now() - ms).toISOString(), other.id)
        .run();
    const seen = async () => {
      const card = (await searchBody('vonkje.localhost', '?gender=female', viewer.cookie)).results.find(
        (c) => c.id === other.id,
      ) as unknown as { online: boolean; recently_active: boolean };
      const profile = (
        (await (await profileOf('vonkje.localhost', other.id, viewer.cookie)).json()) as {
          profile: { online: boolean; recently_active: boolean };
        }
      ).profile;
      expect({ online: card.online, recently_active: card.recently_active }).toEqual({
        online: profile.online,
        recently_active: profile.recently_active,
      });
      return { online: profile.online, recently_active: profile.recently_active };
    };
    await ago(60_000);
    expect(await seen()).toEqual({ online: true, recently_active: false });
    await ago(3 * 3600_000);
    expect(await seen()).toEqual({ online: false, recently_active: true });
    await ago(25 * 3600_000);
    expect(await seen()).toEqual({ online: false, recently_active: false });
  });

  it('marks fictional profiles', async () => {
    const f = await activeMember();
    await env.DB.prepare('UPDATE members SET fictional = 1 WHERE id = ?').bind(f.id).run();
    expect(((await (await profileOf(V, f.id)).json()) as { profile: Profile }).profile.fictional).toBe(true);
  });
});

describe('blocking', () => {
  const V = 'vonkje.localhost';
  it('hides both members from each other in search, profile and photos; unblock restores', async () => {
    const a = await activeMember(V, { gender: 'female' }, { country: 'BE', region: 'BE-WAL', city: 'Namen' });
    const b = await activeMember(V, { gender: 'female' }, { country: 'BE', region: 'BE-WAL', city: 'Namen' });
    await upload(a.cookie, fixtures.png);
    await approveAll(a.id);
    const q = '?gender=female&country=BE&region=BE-WAL';
    const seen = (await searchBody(V, q, b.cookie)).results.find((r) => r.id === a.id) as (Card & { photo_count: number }) | undefined;
    expect(seen).toMatchObject({ photo_count: 1, main_image: { match: expect.stringMatching(new RegExp(`^photos/${a.id}/`)) } });
    // spec section 3: a card's main_image carries filename, thumb_filename, status and match
    const image = seen!.main_image as unknown as Record<string, unknown>;
    expect(Object.keys(image).sort()).toEqual(['filename', 'match', 'status', 'thumb_filename']);
    expect(image).toMatchObject({
      filename: image['match'],
      status: 'active',
      thumb_filename: expect.stringMatching(new RegExp(`^photos/${a.id}/`)),
    });

    expect((await post(`http://${V}/api/block.php`, { id: b.id }, a.cookie)).status).toBe(200);
    expect((await searchBody(V, q, b.cookie)).results.map((r) => r.id)).not.toContain(a.id);
    expect((await searchBody(V, q, a.cookie)).results.map((r) => r.id)).not.toContain(b.id);
    expect((await profileOf(V, a.id, b.cookie)).status).toBe(404);
    const mine = (await (await profileOf(V, b.id, a.cookie)).json()) as { profile: Profile };
    expect(mine.profile.blocked).toBe(true); // the blocker can still open it, to unblock
    const main = ((await (await profileOf(V, a.id)).json()) as { profile: Profile }).profile.photos[0]!.match!;
    expect((await get(`http://${V}/media/${main}`, b.cookie)).status).toBe(404);
    expect((await get(`http://${V}/media/${main}`)).status).toBe(200);

    // b cannot lift a's block: unblocking only removes one's own
    await post(`http://${V}/api/block.php`, { id: a.id }, b.cookie, 'DELETE');
    expect((await profileOf(V, a.id, b.cookie)).status).toBe(404);
    await post(`http://${V}/api/block.php`, { id: b.id }, a.cookie, 'DELETE');
    expect((await profileOf(V, a.id, b.cookie)).status).toBe(200);
    expect((await searchBody(V, q, b.cookie)).results.map((r) => r.id)).toContain(a.id);
  });

  it('refuses blocking oneself, an unknown member, and visitors', async () => {
    const a = await activeMember();
    expect((await post(`http://${V}/api/block.php`, { id: a.id }, a.cookie)).status).toBe(400);
    expect((await post(`http://${V}/api/block.php`, { id: 123456789 }, a.cookie)).status).toBe(404);
    expect((await post(`http://${V}/api/block.php`, { id: a.id })).status).toBe(403);
    expect((await post(`http://${V}/api/block.php`, { id: 'x' }, a.cookie)).status).toBe(400);
  });
});

describe('member search', () => {
  it('shows only the site niche and company pool, and only confirmed, living accounts', async () => {
    const gilf = await activeMember('gilf-nl.localhost', { gender: 'female' });
    const vonk = await activeMember('vonkje.localhost', { gender: 'female' });
    const eng = await activeMember('she-eng.localhost', { gender: 'female' });
    await signup('gilf-nl.localhost', { gender: 'female' }); // not confirmed: hidden
    const ids = (await searchBody('gilf-nl.localhost', '?gender=female')).results.map((r) => r.id);
    expect(ids).toContain(gilf.id);
    expect(ids).not.toContain(vonk.id);
    expect(ids).not.toContain(eng.id);
    expect((await searchBody('gilf-nl.localhost', '?gender=female')).numResults).toBe(1);
  });

  it('filters by gender, country, region, age and the site search fields', async () => {
    const host = 'milf-nl.localhost';
    const match = await activeMember(
      host,
      { gender: 'female', date_of_birth: '1980-03-03' },
      { country: 'NL', region: 'NL-UT', hair_colour: 'red', body_type: 'curvy' },
    );
    await activeMember(host, { gender: 'male', date_of_birth: '1980-03-03' }, { country: 'NL', region: 'NL-UT', hair_colour: 'red' });
    await activeMember(host, { gender: 'female', date_of_birth: '2000-03-03' }, { country: 'NL', region: 'NL-UT', hair_colour: 'red' });
    await activeMember(host, { gender: 'female', date_of_birth: '1980-03-03' }, { country: 'NL', region: 'NL-ZE', hair_colour: 'red' });
    await activeMember(host, { gender: 'female', date_of_birth: '1980-03-03' }, { country: 'NL', region: 'NL-UT', hair_colour: 'blond' });
    const age = new Date().getUTCFullYear() - 1980;
    const body = await searchBody(host, `?gender=female&country=NL&region=NL-UT&min_age=${age - 2}&max_age=${age + 1}&hair_colour=red`);
    expect(body.results.map((r) => r.id)).toEqual([match.id]);
    expect(body.numResults).toBe(1);
    // few results: similar ones (same gender and country) fill in, without the results themselves
    expect(body.similar.map((r) => r.id)).not.toContain(match.id);
    expect(body.similar_numResults).toBe(3);
  });

  it('counts ages to the day: someone turning 41 today is not within 40', async () => {
    const host = 'gay-nl.localhost';
    const now = new Date();
    const iso = (y: number, dayOffset = 0) =>
      new Date(Date.UTC(now.getUTCFullYear() - y, now.getUTCMonth(), now.getUTCDate() + dayOffset)).toISOString().slice(0, 10);
    const turns41 = await activeMember(host, { gender: 'male', date_of_birth: iso(41) });
    const is40 = await activeMember(host, { gender: 'male', date_of_birth: iso(41, 1) });
    const ids = (await searchBody(host, '?gender=male&max_age=40')).results.map((r) => r.id);
    expect(ids).toContain(is40.id);
    expect(ids).not.toContain(turns41.id);
  });

  it('shows on cards only what the site shows on profiles, and refuses filters on hidden fields', async () => {
    const host = 'she-de.localhost';
    const m = await activeMember(host, { gender: 'female' }, { city: 'Köln' });
    const site = registry.byHost.get(host)!;
    const original = site.settings.visible_profile_fields;
    try {
      site.settings.visible_profile_fields = ['gender', 'country'];
      const card = (await searchBody(host, '?gender=female')).results.find((r) => r.id === m.id) as Record<string, unknown>;
      expect(card).toMatchObject({ age: null, city: null, region: null, country: 'DE' });
      for (const q of ['?min_age=20', '?region=DE-BY']) expect((await search(host, q)).status).toBe(400);
    } finally {
      if (original === undefined) delete site.settings.visible_profile_fields;
      else site.settings.visible_profile_fields = original;
    }
  });

  it('pages by 20 with the total', async () => {
    const host = 'silver-nl.localhost';
    const made = [];
    for (let i = 0; i < 23; i++) made.push((await activeMember(host, { gender: 'male' })).id);
    const one = await searchBody(host, '?gender=male&page=1');
    const two = await searchBody(host, '?gender=male&page=2');
    expect(one).toMatchObject({ numResults: 23, page: 1, pages: 2, similar: [] });
    expect(one.results).toHaveLength(20);
    expect(two.results).toHaveLength(3);
    expect(new Set([...one.results, ...two.results].map((r) => r.id))).toEqual(new Set(made));
    // 23 signups and activations: 30 s on a loaded machine, like the heavy abuse tests
  }, 30_000);

  it.each([
    '?min_age=17',
    '?max_age=100',
    '?min_age=40&max_age=30',
    '?page=0',
    '?page=abc',
    '?gender=x',
    '?country=DE',
    '?eye_colour=blue',
    '?hair_colour=blue',
    '?unknown=1',
  ])('answers %s with 400', async (q) => {
    const res = await search('vonkje.localhost', q);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('lets visitors search only as the site allows', async () => {
    const site = registry.byHost.get('bbw-nl.localhost')!;
    const original = { ...site.settings };
    try {
      site.settings.logged_out_search = true;
      site.settings.logged_out_search_trafficsource = false;
      expect((await search('bbw-nl.localhost', '')).status).toBe(200);
      site.settings.logged_out_search_trafficsource = true;
      expect((await search('bbw-nl.localhost', '')).status).toBe(403);
      // a parameter is not enough: the source is the one the worker recorded on arrival
      expect((await search('bbw-nl.localhost', '?network=ads')).status).toBe(400);
      const arrival = await call('http://bbw-nl.localhost/?network=ads&sub1=x');
      const ts = arrival.headers.getSetCookie().find((c) => c.startsWith('ts='))!;
      expect(ts).toMatch(/HttpOnly/);
      const withSource = (q: string) => call(`http://bbw-nl.localhost/api/members.php${q}`, { headers: { cookie: ts.split(';')[0]! } });
      expect((await withSource('')).status).toBe(200);
      site.settings.logged_out_search = false;
      expect((await withSource('')).status).toBe(403);
      const member = await activeMember('bbw-nl.localhost');
      expect((await search('bbw-nl.localhost', '', member.cookie)).status).toBe(200);
    } finally {
      site.settings = original;
    }
  });
});

describe('reverse geocoding', () => {
  it('finds country, region and city offline', async () => {
    expect((await json('http://vonkje.localhost/api/geocode.php?lat=52.3702&lon=4.8952')).body).toMatchObject({
      country: 'NL',
      region: 'NL-NH',
    });
    expect((await json('http://vonkje.localhost/api/geocode.php?lat=48.137&lon=11.575')).body).toMatchObject({
      country: 'DE',
      region: 'DE-BY',
    });
    expect((await json('http://vonkje.localhost/api/geocode.php?lat=-33.87&lon=151.21')).body).toMatchObject({ country: 'AU' });
  });

  it('answers false outside supported countries or far from any place, also just across a border', async () => {
    // Tokyo, the Atlantic, the Southern Ocean, Luxembourg City, Tijuana, Cheb (Czechia)
    for (const [lat, lon] of [
      [35.68, 139.69],
      [0, -30],
      [-60, 0],
      [49.611, 6.13],
      [32.52, -117.03],
      [50.08, 12.37],
    ]) {
      const { res, body } = await json(`http://vonkje.localhost/api/geocode.php?lat=${lat}&lon=${lon}`);
      expect(res.status).toBe(200);
      expect(body).toBe(false);
    }
  });

  it('refuses bad coordinates', async () => {
    for (const q of ['?lat=91&lon=0', '?lat=0&lon=181', '?lat=x&lon=1', '', '?lat=1'])
      expect((await call(`http://vonkje.localhost/api/geocode.php${q}`)).status).toBe(400);
  });
});
