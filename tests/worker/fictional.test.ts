import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FictionalListAnswer, FictionalProfileAnswer } from '../../worker/contracts/fictional';
import { activeMember, get, H } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';
import { OP, opCall, operatorSession } from './operator-helpers';

const V = 'http://vonkje.localhost';
const read = async <T>(res: Response) => (await res.json()) as T;
const profile = (overrides: Record<string, unknown> = {}) => ({
  site: 'vonkje',
  name: 'Lotte',
  gender: 'female',
  date_of_birth: '1994-03-02',
  country: 'NL',
  region: 'NL-UT',
  city: 'Utrecht',
  about_me: 'Gezellig en spontaan.',
  hair_colour: 'blond',
  interests: ['wine', 'travelling'],
  persona_note: 'Lotte, 32, werkt in een koffiebar. Schrijft kort, met veel emoji.',
  ...overrides,
});
const audits = (objectId: number | string, action: string) =>
  env.DB.prepare('SELECT operator_id, action, object_type, before, after FROM audit_log WHERE object_id = ? AND action = ? ORDER BY id')
    .bind(String(objectId), action)
    .all<{ operator_id: number; before: string | null; after: string | null }>();

function uploadPhoto(cookie: string, id: number | string, bytes: Uint8Array = fixtures.png) {
  const form = new FormData();
  form.set('id', String(id));
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'p.png', { type: 'image/png' }));
  return call(`${OP}/api/operator/fictional-photo.php`, {
    method: 'POST',
    body: form,
    headers: { 'request-type': 'client', cookie: `osid=${cookie}` },
  });
}

async function created(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await opCall('fictional.php', cookie, profile(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await read<FictionalProfileAnswer>(res)).profile;
}

describe('fictional profiles in the console', () => {
  it('an admin creates one on a site of the company: a fictional member of its niche, persona note, audited', async () => {
    const admin = await operatorSession('admin');
    const p = await created(admin.cookie);
    expect(p).toMatchObject({
      site: 'vonkje',
      niche: 1,
      name: 'Lotte',
      gender: 'female',
      city: 'Utrecht',
      region: 'NL-UT',
      interests: ['wine', 'travelling'],
      photos: [],
      persona_note: expect.stringContaining('koffiebar'),
    });
    const row = await env.DB.prepare('SELECT fictional, niche, company_id, status, home_site, email FROM members WHERE id = ?')
      .bind(p.id)
      .first();
    expect(row).toMatchObject({
      fictional: 1,
      niche: 1,
      company_id: 1,
      status: 'active',
      home_site: 'vonkje',
      email: `fictional-${p.id}@vonkje.invalid`,
    });
    const [audit] = (await audits(p.id, 'fictional.create')).results;
    expect(audit).toMatchObject({ operator_id: admin.id, object_type: 'member', before: null });
    expect(JSON.parse(audit!.after!)).toMatchObject({ site: 'vonkje', name: 'Lotte', persona_note: expect.stringContaining('koffiebar') });
    // on a niche site the niche comes from the site
    expect((await created(admin.cookie, { site: 'bdsm-nl', region: null, name: 'Meesteres' })).niche).toBe(2);
  });

  it('edits fields and the persona note with before and after in the audit log', async () => {
    const admin = await operatorSession('admin');
    const p = await created(admin.cookie);
    const res = await opCall('fictional.php', admin.cookie, { id: p.id, city: 'Amersfoort', about_me: 'Nieuw hier.' }, 'PUT');
    expect(res.status).toBe(200);
    expect((await read<FictionalProfileAnswer>(res)).profile).toMatchObject({ city: 'Amersfoort', about_me: 'Nieuw hier.', name: 'Lotte' });
    const [audit] = (await audits(p.id, 'fictional.update')).results;
    expect(JSON.parse(audit!.before!)).toMatchObject({ city: 'Utrecht', about_me: 'Gezellig en spontaan.' });
    expect(JSON.parse(audit!.after!)).toMatchObject({ city: 'Amersfoort', about_me: 'Nieuw hier.' });
    const note = await opCall('persona.php', admin.cookie, { id: p.id, note: 'Nu studente.' }, 'PUT');
    expect((await read<FictionalProfileAnswer>(note)).profile.persona_note).toBe('Nu studente.');
    const [persona] = (await audits(p.id, 'fictional.persona')).results;
    expect(JSON.parse(persona!.before!)).toEqual({ persona_note: expect.stringContaining('koffiebar') });
    expect(JSON.parse(persona!.after!)).toEqual({ persona_note: 'Nu studente.' });
    expect(await env.DB.prepare('SELECT note, updated_by FROM fictional_personas WHERE member_id = ?').bind(p.id).first()).toEqual({
      note: 'Nu studente.',
      updated_by: admin.id,
    });
  });

  it('photos go through the members pipeline, approved at once; a member sees the profile with its photo and the fictional label', async () => {
    const admin = await operatorSession('admin');
    const p = await created(admin.cookie);
    const up = await uploadPhoto(admin.cookie, p.id);
    expect(up.status).toBe(201);
    const [photo] = (await read<FictionalProfileAnswer>(up)).profile.photos;
    expect(photo).toMatchObject({ main: true });
    const row = (await env.DB.prepare('SELECT key, thumb_key, status, reviewed_by FROM photos WHERE id = ?')
      .bind(photo!.id)
      .first<{ key: string; thumb_key: string; status: string; reviewed_by: number }>())!;
    expect(row).toMatchObject({ status: 'active', reviewed_by: admin.id });
    expect(row.key).toBe(`photos/${p.id}/${photo!.id}.webp`);
    expect(await env.PHOTOS.head(row.key)).not.toBeNull();
    expect(await env.PHOTOS.head(row.thumb_key)).not.toBeNull();
    expect((await audits(p.id, 'fictional.photo_add')).results).toHaveLength(1);
    // not an image: refused like a member's upload
    expect((await uploadPhoto(admin.cookie, p.id, new TextEncoder().encode('not an image'))).status).toBe(400);

    const member = await activeMember();
    const seen = await read<{ profile: { fictional: boolean; photos: { match: string | null; main: boolean }[]; name: string } }>(
      await get(`${V}/api/member.php?id=${p.id}`, member.cookie),
    );
    expect(seen.profile).toMatchObject({ fictional: true, name: 'Lotte', photos: [{ match: row.key, main: true }] });
    expect((await call(`${V}/media/${row.key}`)).status).toBe(200);
    // the member's own user object: fictional_icon follows the member's own flag (false for a real member)
    expect((await read<{ user: { fictional_icon: boolean } }>(await get(`${V}/api/user.php`, member.cookie))).user.fictional_icon).toBe(
      false,
    );

    const removed = await opCall('fictional-photo.php', admin.cookie, { id: photo!.id }, 'DELETE');
    expect(removed.status).toBe(200);
    expect((await read<FictionalProfileAnswer>(removed)).profile.photos).toEqual([]);
    expect(await env.PHOTOS.head(row.key)).toBeNull();
    expect(await env.PHOTOS.head(row.thumb_key)).toBeNull();
    expect(await env.DB.prepare('SELECT main_photo_id FROM members WHERE id = ?').bind(p.id).first('main_photo_id')).toBeNull();
    expect((await audits(p.id, 'fictional.photo_remove')).results).toHaveLength(1);
  });

  it('lists the company profiles per site for admins and chat operators', async () => {
    const admin = await operatorSession('admin');
    const p = await created(admin.cookie, { site: 'gilf-nl', name: 'Oma Truus', date_of_birth: '1950-01-01', region: null });
    const chat = await operatorSession('chat');
    for (const cookie of [admin.cookie, chat.cookie]) {
      const list = await read<FictionalListAnswer>(await opCall('fictional.php?site=gilf-nl', cookie));
      expect(list.profiles.find((x) => x.id === p.id)).toMatchObject({ name: 'Oma Truus', site: 'gilf-nl', niche: 4 });
      expect(list.profiles.every((x) => x.site === 'gilf-nl')).toBe(true);
      expect(list.sites.map((s) => s.slug)).toContain('vonkje');
      expect(list.sites.map((s) => s.slug)).not.toContain('she-de'); // another company's site
    }
    const one = await read<FictionalProfileAnswer>(await opCall(`fictional-profile.php?id=${p.id}`, chat.cookie));
    expect(one.profile.persona_note).toContain('koffiebar');
  });

  it('lists a site with more fictional profiles than D1 binds parameters (100), each with its photo count', async () => {
    const admin = await operatorSession('admin');
    // a site of its own in this shared database: bbw-nl's fictional profiles are this test's (and a few of others')
    const made: number[] = [];
    for (let i = 0; i < 105; i += 15)
      made.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(15, 105 - i) }, (_, k) =>
              created(admin.cookie, { site: 'bbw-nl', name: `Veel${i + k}`, region: null }),
            ),
          )
        ).map((p) => p.id),
      );
    expect((await uploadPhoto(admin.cookie, made[0]!)).status).toBe(201);
    const res = await opCall('fictional.php?site=bbw-nl', admin.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const list = await read<FictionalListAnswer>(res);
    expect(list.profiles.length).toBeGreaterThanOrEqual(105);
    expect(list.profiles.find((x) => x.id === made[0])).toMatchObject({ photo_count: 1 });
    expect(list.profiles.find((x) => x.id === made[1])).toMatchObject({ photo_count: 0 });
  }, 120_000);

  it('checks the role on every call', async () => {
    const admin = await operatorSession('admin');
    const p = await created(admin.cookie);
    const chat = await operatorSession('chat');
    const moderator = await operatorSession('moderator');
    for (const [cookie, status] of [
      [chat.cookie, 403],
      [moderator.cookie, 403],
      [null, 403],
    ] as const) {
      expect((await opCall('fictional.php', cookie, profile())).status).toBe(status);
      expect((await opCall('fictional.php', cookie, { id: p.id, city: 'X' }, 'PUT')).status).toBe(status);
      expect((await opCall('persona.php', cookie, { id: p.id, note: 'x' }, 'PUT')).status).toBe(status);
      expect((await uploadPhoto(cookie ?? '', p.id)).status).toBe(status);
    }
    expect((await opCall('fictional.php', moderator.cookie)).status).toBe(403);
    expect((await opCall(`fictional-profile.php?id=${p.id}`, moderator.cookie)).status).toBe(403);
    expect((await opCall('fictional.php', null)).status).toBe(403);
    // nothing changed, nothing audited but the create
    expect(
      await env.DB.prepare("SELECT count(*) n FROM audit_log WHERE object_id = ? AND action != 'fictional.create'")
        .bind(String(p.id))
        .first('n'),
    ).toBe(0);
  });

  it('finds nothing of another company, nor a real member, nor on a member site', async () => {
    const admin = await operatorSession('admin');
    const p = await created(admin.cookie);
    const other = await operatorSession('admin', 2);
    expect((await opCall(`fictional-profile.php?id=${p.id}`, other.cookie)).status).toBe(404);
    expect((await opCall('fictional.php', other.cookie, { id: p.id, city: 'X' }, 'PUT')).status).toBe(404);
    expect((await opCall('persona.php', other.cookie, { id: p.id, note: 'x' }, 'PUT')).status).toBe(404);
    expect((await uploadPhoto(other.cookie, p.id)).status).toBe(404);
    expect((await read<FictionalListAnswer>(await opCall('fictional.php', other.cookie))).profiles.some((x) => x.id === p.id)).toBe(false);
    expect((await opCall('fictional.php?site=vonkje', other.cookie)).status).toBe(404);
    // another company's site is not a site to create on
    expect((await opCall('fictional.php', other.cookie, profile())).status).toBe(400);
    const real = await activeMember();
    expect((await opCall(`fictional-profile.php?id=${real.id}`, admin.cookie)).status).toBe(404);
    expect((await opCall('fictional.php', admin.cookie, { id: real.id, city: 'X' }, 'PUT')).status).toBe(404);
    const up = await uploadPhoto(admin.cookie, p.id);
    const photoId = (await read<FictionalProfileAnswer>(up)).profile.photos[0]!.id;
    expect((await opCall('fictional-photo.php', other.cookie, { id: photoId }, 'DELETE')).status).toBe(404);
    // a member site's host does not answer the console's API
    expect((await call(`${V}/api/operator/fictional.php`, { headers: { ...H, cookie: `osid=${admin.cookie}` } })).status).toBe(404);
  });

  it('refuses bad input with localized 400s and changes nothing', async () => {
    const admin = await operatorSession('admin');
    const before = await env.DB.prepare('SELECT count(*) n FROM members WHERE fictional = 1').first('n');
    const bad: [Record<string, unknown>, string][] = [
      [profile({ date_of_birth: '2015-01-01' }), 'date_of_birth'],
      [profile({ date_of_birth: '1990-02-30' }), 'date_of_birth'],
      [profile({ country: 'US' }), 'country'],
      [profile({ region: 'DE-BY' }), 'region'],
      [profile({ name: '@lotte' }), 'name'],
      [profile({ name: 'L' }), 'name'],
      [profile({ gender: 'other' }), 'gender'],
      [profile({ gender: 'female', sexuality: 'gay' }), 'sexuality'],
      [profile({ interests: ['wine', 'nope'] }), 'interests'],
      [profile({ persona_note: 'x'.repeat(4001) }), 'persona_note'],
      [profile({ site: 'no-such-site' }), 'site'],
      [profile({ extra: 1 }), ''],
    ];
    for (const [body, field] of bad) {
      const res = await opCall('fictional.php', admin.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = await read<{ error: string; message: string; issues?: { path: string; message: string }[] }>(res);
      expect(answer.message).toBeTruthy();
      if (field) expect(answer.issues?.map((i) => i.path).join(','), field).toContain(field);
    }
    expect(await env.DB.prepare('SELECT count(*) n FROM members WHERE fictional = 1').first('n')).toBe(before);
    const p = await created(admin.cookie);
    expect((await opCall('fictional.php', admin.cookie, { id: p.id }, 'PUT')).status).toBe(400);
    expect((await opCall('fictional.php', admin.cookie, { id: p.id, date_of_birth: '2012-01-01' }, 'PUT')).status).toBe(400);
    expect((await opCall('fictional.php', admin.cookie, { id: p.id, gender: 'male', sexuality: 'lesbian' }, 'PUT')).status).toBe(400);
    expect((await opCall('fictional-photo.php', admin.cookie, { id: 'not-a-uuid' }, 'DELETE')).status).toBe(400);
    expect((await uploadPhoto(admin.cookie, 'abc')).status).toBe(404);
    // the error texts follow the operator's browser language
    const en = await call(`${OP}/api/operator/fictional.php`, {
      method: 'POST',
      body: JSON.stringify(profile({ date_of_birth: '2015-01-01' })),
      headers: { ...H, cookie: `osid=${admin.cookie}`, 'accept-language': 'en' },
    });
    expect((await read<{ issues: { message: string }[] }>(en)).issues[0]!.message).toMatch(/date of birth/i);
  });
});
