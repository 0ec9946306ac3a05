import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { landerProfiles, maySearch } from '../../worker/domain/landers';
import { getDb } from '../../worker/lib/db';
import { RateLimited } from '../../worker/lib/errors';
import { CLIENT_LIMITS, clientAddress, countedAddress, limitClient } from '../../worker/lib/limits';
import { siteSettings, tenantBySlug } from '../../worker/lib/tenants';
import { activeMember, count, get, post, uploadPhoto } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';

describe('provider webhooks', () => {
  it('leave the members API behind the CSRF guard', async () => {
    const res = await call(`${V}/api/user.php`, {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.nl', password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });
});

describe('feature declarations', () => {
  it('erasure covers what every feature declares: photos and their files, likes, passes, blocks, sessions, mail', async () => {
    const t0 = new Date();
    const gone = await activeMember('gilf-nl.localhost', { gender: 'female', date_of_birth: '1960-01-01' });
    const other = await activeMember('gilf-nl.localhost', { gender: 'male' });
    const up = await uploadPhoto('gilf-nl.localhost', gone.cookie);
    expect(up.status).toBe(201);
    const key = ((await up.json()) as { photos: { filename: string }[] }).photos[0]!.filename;
    await post('http://gilf-nl.localhost/api/like.php', { id: other.id }, gone.cookie);
    await post('http://gilf-nl.localhost/api/like.php', { id: gone.id }, other.cookie);
    await post('http://gilf-nl.localhost/api/swipe.php', { id: other.id, action: 'pass' }, gone.cookie);
    await post('http://gilf-nl.localhost/api/block.php', { id: gone.id }, other.cookie);
    await post('http://gilf-nl.localhost/api/delete-account.php', { reason: 'privacy' }, gone.cookie);
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date(t0.getTime() - 15 * 86400_000).toISOString(), gone.id)
      .run();

    // the daily Cron Trigger, through the worker's own scheduled handler
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '15 3 * * *', scheduledTime: t0 }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await count('SELECT count(*) n FROM members WHERE id = ? AND erased_at IS NOT NULL', gone.id)).toBe(1);
    for (const [table, where] of [
      ['photos', 'member_id = ?1'],
      ['likes', 'liker_id = ?1 OR liked_id = ?1'],
      ['swipe_passes', 'member_id = ?1 OR passed_id = ?1'],
      ['blocks', 'blocker_id = ?1 OR blocked_id = ?1'],
      ['sessions', 'member_id = ?1'],
      ['account_tokens', 'member_id = ?1'],
      ['mail_outbox', 'member_id = ?1'],
    ] as const)
      expect(await count(`SELECT count(*) n FROM ${table} WHERE ${where}`, gone.id), table).toBe(0);
    expect(await env.PHOTOS.head(key)).toBeNull();
    // the ledger keeps its rows, under the anonymised id
    expect(await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ?', gone.id)).toBe(1);
  });

  it('development runs a declared job on demand; an unknown one is not found', async () => {
    const res = await call(`${V}/dev/jobs/auto-likes`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: expect.any(Number) });
    expect((await call(`${V}/dev/jobs/no-such-job`, { method: 'POST' })).status).toBe(404);
  });
});

describe('per-request context', () => {
  it('knows the member on every route that needs one, from one session cookie', async () => {
    const m = await activeMember();
    for (const path of ['/api/user.php', '/api/likes.php', '/api/photos.php', '/api/swipe.php'])
      expect((await get(`${V}${path}`, m.cookie)).status, path).toBe(200);
    const html = await (await get(`${V}/members`, m.cookie)).text();
    expect(html).toContain(`"id":${m.id}`);
    // static files are answered without a session lookup, a broken cookie changes nothing there
    expect((await call(`${V}/favicon.svg`, { headers: { cookie: 'sid=%%%' } })).status).not.toBe(500);
  });
});

describe('lib and domain take plain values (no Hono Context)', () => {
  const db = getDb(env.DB);
  const site = tenantBySlug('vonkje')!;
  const settings = siteSettings(site);

  it('the client limits count an address and a member given as values, not read from a request', async () => {
    const now = new Date('2031-03-03T10:00:00Z');
    const address = countedAddress(`2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::1`, 'production');
    expect(address).toMatch(/::\/64$/);
    expect(clientAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(countedAddress('127.0.0.1', 'development')).toBeNull();
    for (let i = 0; i < CLIENT_LIMITS.signup.ip.limit; i++) await limitClient(db, 'signup', { address }, now);
    await expect(limitClient(db, 'signup', { address }, now)).rejects.toBeInstanceOf(RateLimited);
    // a new window counts from zero
    await limitClient(db, 'signup', { address }, new Date(now.getTime() + CLIENT_LIMITS.signup.ip.windowMs));
  });

  it('who may search and what a lander shows follow the settings and the searcher given', async () => {
    const closed = { ...settings, logged_out_search: true, logged_out_search_trafficsource: true };
    expect(maySearch(closed, { memberId: null, trafficSource: false })).toBe(false);
    expect(maySearch(closed, { memberId: null, trafficSource: true })).toBe(true);
    expect(maySearch({ ...closed, logged_out_search: false }, { memberId: 7, trafficSource: false })).toBe(true);
    expect(
      await landerProfiles(db, { tenant: site, settings: closed, country: 'NL', searcher: { memberId: null, trafficSource: false } }),
    ).toBeNull();
    const answer = await landerProfiles(db, {
      tenant: site,
      settings: closed,
      country: 'NL',
      searcher: { memberId: null, trafficSource: true },
    });
    expect(answer?.profiles.length).toBeLessThanOrEqual(12);
  });
});
