import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FacesAnswer, LanderAnswer } from '../../worker/contracts/landers';
import { LANDERS, PUBLIC_PHOTO_MIN_SIDE } from '../../worker/contracts/landers.values';
import type { NotificationsAnswer } from '../../worker/contracts/notifications';
import { activeMember, get, memberWithPhoto, post, uploadPhoto } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';

let names = 0;
/** A name no other test member has (the landers show each first name once). */
const uniqueName = () => `Publiek${Date.now().toString(36)}${names++}`;

/**
 * A member of the host's niche with an active main photo large enough for a public page (1800×1200,
 * stored 1600×1067), of this gender and with a name of their own.
 */
async function person(host: string, gender: 'female' | 'male', fictional = false, photo = fixtures.largePng) {
  const m = await memberWithPhoto(host, photo);
  const name = uniqueName();
  await env.DB.prepare('UPDATE members SET gender = ?, name = ?, fictional = ? WHERE id = ?')
    .bind(gender, name, fictional ? 1 : 0, m.id)
    .run();
  return { ...m, name };
}

const allow = (host: string, cookie: string, public_profile: unknown) =>
  post(`http://${host}/api/notifications.php`, { public_profile }, cookie, 'PUT');

/** Every public page's data on a site: each lander's call, the prerendered gallery and video pages, the landing page's faces. */
async function publicIds(host: string, cookie?: string) {
  const init = cookie ? { headers: { cookie: `sid=${cookie}` } } : {};
  const ids = new Map<string, number[]>();
  for (const name of LANDERS) {
    const res = await call(`http://${host}/api/lander.php?name=${name}`, init);
    expect(res.status, name).toBe(200);
    ids.set(
      name,
      ((await res.json()) as LanderAnswer).profiles.map((p) => p.id),
    );
  }
  if (!cookie)
    for (const name of ['gallery', 'video']) {
      const html = await (await call(`http://${host}/landers/${name}`)).text();
      ids.set(
        `page ${name}`,
        [...html.matchAll(/<li><a href="\/members\/(\d+)"/g)].map((x) => Number(x[1])),
      );
    }
  const faces = await call(`http://${host}/api/faces.php`, init);
  expect(faces.status).toBe(200);
  ids.set(
    'faces',
    ((await faces.json()) as FacesAnswer).profiles.map((p) => p.id),
  );
  return ids;
}
const campaign = (host: string, id: number, cookie?: string) =>
  call(`http://${host}/api/campaign.php?id=${id}`, cookie ? { headers: { cookie: `sid=${cookie}` } } : {});

/** On every public page, or on none. */
async function expectEverywhere(host: string, id: number, shown: boolean, cookie?: string) {
  for (const [page, ids] of await publicIds(host, cookie)) expect(ids.includes(id), `${page}: ${id}`).toBe(shown);
  const res = await campaign(host, id, cookie);
  expect(res.status).toBe(shown ? 200 : 404);
  if (!shown) expect(await res.json()).toMatchObject({ error: 'not_found_generic', message: 'Niet gevonden.' });
}

describe('who may appear on a public page', () => {
  it('a real member only after allowing it, and never again after withdrawing it', async () => {
    const m = await person('vonkje.localhost', 'female');
    // off by default: on no lander, no prerendered lander, not on the landing page, no campaign page
    const fresh = (await (await get('http://vonkje.localhost/api/notifications.php', m.cookie)).json()) as NotificationsAnswer;
    expect(fresh.public_profile).toBe(false);
    await expectEverywhere('vonkje.localhost', m.id, false);
    // allowed: everywhere (the newest woman of the site)
    const on = await allow('vonkje.localhost', m.cookie, true);
    expect(on.status).toBe(200);
    expect(((await on.json()) as NotificationsAnswer).public_profile).toBe(true);
    const at = await env.DB.prepare('SELECT public_consent_at FROM members WHERE id = ?').bind(m.id).first<{ public_consent_at: string }>();
    expect(at!.public_consent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expectEverywhere('vonkje.localhost', m.id, true);
    const profile = ((await (await campaign('vonkje.localhost', m.id)).json()) as { profile: { name: string; photos: unknown[] } }).profile;
    expect(profile.name).toBe(m.name);
    expect(profile.photos).toHaveLength(1); // a public page shows the main photo only
    // allowing twice keeps the first moment
    await allow('vonkje.localhost', m.cookie, true);
    expect(await env.DB.prepare('SELECT public_consent_at FROM members WHERE id = ?').bind(m.id).first()).toEqual(at);
    // withdrawn: gone at once
    const off = await allow('vonkje.localhost', m.cookie, false);
    expect(((await off.json()) as NotificationsAnswer).public_profile).toBe(false);
    await expectEverywhere('vonkje.localhost', m.id, false);
    // the member's own profile is untouched by it
    expect((await get(`http://vonkje.localhost/api/member.php?id=${m.id}`)).status).toBe(200);
  }, 120_000);

  it('a fictional profile without any consent, marked as fictional', async () => {
    const f = await person('vonkje.localhost', 'female', true);
    await expectEverywhere('vonkje.localhost', f.id, true);
    const body = (await (await call('http://vonkje.localhost/api/lander.php?name=gallery')).json()) as LanderAnswer;
    expect(body.profiles.find((p) => p.id === f.id)).toMatchObject({ fictional: true });
  }, 120_000);

  it('never a member who is hidden, restricted, banned, invisible, deleted, disabled or blocked, though they allowed it', async () => {
    const states = [
      "moderation = 'hidden'",
      "moderation = 'banned'",
      "moderation = 'restricted'",
      'invisible = 1',
      "status = 'deleted'",
      "profile_status = 'disabled'",
    ];
    for (const state of states) {
      const m = await person('vonkje.localhost', 'female');
      expect((await allow('vonkje.localhost', m.cookie, true)).status).toBe(200);
      await env.DB.prepare(`UPDATE members SET ${state} WHERE id = ?`).bind(m.id).run();
      for (const [page, ids] of await publicIds('vonkje.localhost')) expect(ids, `${state}: ${page}`).not.toContain(m.id);
      expect((await campaign('vonkje.localhost', m.id)).status, state).toBe(404);
    }
    // blocked, either way: never on the pages the other member sees
    const shown = await person('vonkje.localhost', 'female');
    await allow('vonkje.localhost', shown.cookie, true);
    const blocker = await activeMember('vonkje.localhost');
    const blocked = await activeMember('vonkje.localhost');
    expect((await post('http://vonkje.localhost/api/block.php', { id: shown.id }, blocker.cookie)).status).toBe(200);
    expect((await post('http://vonkje.localhost/api/block.php', { id: blocked.id }, shown.cookie)).status).toBe(200);
    for (const viewer of [blocker, blocked]) await expectEverywhere('vonkje.localhost', shown.id, false, viewer.cookie);
    await expectEverywhere('vonkje.localhost', shown.id, true);
  }, 180_000);

  it("shows the gender the site's audience looks for: women on vonkje, men on the gay site", async () => {
    const man = await person('vonkje.localhost', 'male', true);
    await expectEverywhere('vonkje.localhost', man.id, false);
    const gayMan = await person('gay-nl.localhost', 'male', true);
    const gayWoman = await person('gay-nl.localhost', 'female', true);
    await expectEverywhere('gay-nl.localhost', gayMan.id, true);
    await expectEverywhere('gay-nl.localhost', gayWoman.id, false);
    const genders = async (host: string) => {
      const { profiles } = (await (await call(`http://${host}/api/lander.php?name=gallery`)).json()) as LanderAnswer;
      const rows = await env.DB.prepare(`SELECT DISTINCT gender FROM members WHERE id IN (${profiles.map(() => '?').join(',')})`)
        .bind(...profiles.map((p) => p.id))
        .all<{ gender: string }>();
      return rows.results.map((r) => r.gender);
    };
    expect(await genders('vonkje.localhost')).toEqual(['female']);
    expect(await genders('gay-nl.localhost')).toEqual(['male']);
  }, 180_000);

  it('never a main photo a tile would draw upscaled: under 600 px on its shorter side, or wider than 16:9', async () => {
    // a fictional woman with a large main photo: on every public page
    const f = await person('vonkje.localhost', 'female', true);
    await expectEverywhere('vonkje.localhost', f.id, true);
    // her main photo now a 64×64 one, stored as it came: on none
    const upload = await uploadPhoto('vonkje.localhost', f.cookie, fixtures.png, { name: 'small.png' });
    expect(upload.status).toBe(201);
    await env.DB.prepare("UPDATE photos SET status = 'active' WHERE member_id = ?").bind(f.id).run();
    await env.DB.prepare('UPDATE members SET main_photo_id = (SELECT id FROM photos WHERE member_id = ?1 AND width < 600) WHERE id = ?1')
      .bind(f.id)
      .run();
    const size = await env.DB.prepare('SELECT p.width, p.height FROM photos p JOIN members m ON m.main_photo_id = p.id WHERE m.id = ?')
      .bind(f.id)
      .first<{ width: number; height: number }>();
    expect(Math.min(size!.width, size!.height)).toBeLessThan(PUBLIC_PHOTO_MIN_SIDE);
    await expectEverywhere('vonkje.localhost', f.id, false);
  }, 120_000);

  it('shows each person and each first name once on a page', async () => {
    const a = await person('vonkje.localhost', 'female', true);
    const b = await person('vonkje.localhost', 'female', true);
    await env.DB.prepare('UPDATE members SET name = ? WHERE id = ?').bind(a.name, b.id).run();
    for (const [page, ids] of await publicIds('vonkje.localhost')) {
      expect(new Set(ids).size, page).toBe(ids.length);
      // the newer of the two namesakes, not both
      expect(
        ids.filter((id) => id === a.id || id === b.id),
        page,
      ).toEqual([b.id]);
    }
    const { profiles } = (await (await call('http://vonkje.localhost/api/lander.php?name=collagelanding')).json()) as LanderAnswer;
    const lowered = profiles.map((p) => p.name.toLocaleLowerCase());
    expect(new Set(lowered).size).toBe(lowered.length);
  }, 120_000);
});

describe('the public profile setting', () => {
  it('refuses what is not a yes or no, and a visitor, in the language of the site', async () => {
    const m = await activeMember('vonkje.localhost');
    for (const bad of ['yes', 1, null, {}]) {
      const res = await allow('vonkje.localhost', m.cookie, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = (await res.json()) as { error: string; message: string; issues: { path: string; message: string }[] };
      expect(body.error).toBe('invalid_request');
      expect(body.issues[0]).toMatchObject({ path: 'public_profile' });
      expect(body.issues[0]!.message).not.toBe('');
    }
    const visitor = await post('http://vonkje.localhost/api/notifications.php', { public_profile: true }, undefined, 'PUT');
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toMatchObject({ error: 'authentication_required' });
  }, 60_000);

  it("campaign.php refuses an id that is not one, and follows the landers' other rules", async () => {
    for (const id of ['abc', '-1', '1.5', '']) {
      const res = await call(`http://vonkje.localhost/api/campaign.php?id=${id}`);
      expect(res.status, id).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await call('http://vonkje.localhost/api/campaign.php?id=999999999999')).status).toBe(404);
    // another niche's fictional woman: not on this site
    const other = await person('bbw-nl.localhost', 'female', true);
    expect((await campaign('vonkje.localhost', other.id)).status).toBe(404);
    expect((await campaign('bbw-nl.localhost', other.id)).status).toBe(200);
  }, 60_000);
});
