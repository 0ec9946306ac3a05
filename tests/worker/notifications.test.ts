import { env } from 'cloudflare:workers';
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { notifyLike, notifyMessage, unsubscribeToken, wantsNotification } from '../../worker/domain/notifications';
import { continueWeeklyDigest, sendUnreadReminders, startWeeklyDigest } from '../../worker/features/notifications/notifications.jobs';
import { clock } from '../../worker/lib/clock';
import { getDb } from '../../worker/lib/db';
import { hmacHex } from '../../worker/lib/crypto';
import { features } from '../../worker/features';
import { activeMember, count, get, H, post } from './account-helpers';
import { call, json } from './helpers';
import bouncedHard from '../fixtures/email-events/bounced-hard.json';
import bouncedSoft from '../fixtures/email-events/bounced-soft.json';
import complained from '../fixtures/email-events/complained.json';
import delivered from '../fixtures/email-events/delivered.json';
import failed from '../fixtures/email-events/failed.json';

const V = 'http://vonkje.localhost';
const db = getDb(env.DB);
afterEach(() => clock.setNow(null));

type Mail = {
  id: number;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: string | null;
  to_address: string;
  site: string;
};
const mailsTo = async (to: string, kind?: string) =>
  (
    await env.DB.prepare(`SELECT * FROM mail_outbox WHERE to_address = ?1 ${kind ? 'AND kind = ?2' : ''} ORDER BY id`)
      .bind(...(kind ? [to, kind] : [to]))
      .all<Mail>()
  ).results;
/** Waits for work a request left to waitUntil (mail, activity): polls the condition, at most 5 s. */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
}
const makePremium = (id: number) => env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(id).run();
const setOffline = (id: number) =>
  env.DB.prepare("UPDATE members SET last_active_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(id).run();
const unsubscribePath = (mail: Mail) => /\/unsubscribe\/([0-9]+\.[a-z_]+\.[0-9a-f]{32})/.exec(mail.text)![1]!;

describe('notification preferences', () => {
  it('answers every type per channel with the defaults, saves choices, and wantsNotification follows them', async () => {
    const m = await activeMember();
    const { res, body } = await json<{
      preferences: { email: Record<string, boolean>; push: Record<string, boolean> };
      invisible: boolean;
      invisible_allowed: boolean;
    }>(`${V}/api/notifications.php`, {
      headers: { cookie: `sid=${m.cookie}` },
    });
    expect(res.status).toBe(200);
    expect(body.preferences.email).toEqual({
      new_conversation: true,
      new_message: true,
      like: true,
      unread_reminder: true,
      promotions: false,
      weekly_update: true,
      news: false,
      reminders: true,
    });
    expect(body.preferences.push).toEqual(body.preferences.email);
    expect(body).toMatchObject({ invisible: false, invisible_allowed: false });

    const saved = await post(
      `${V}/api/notifications.php`,
      { preferences: { email: { like: false, promotions: true }, push: { new_message: false } } },
      m.cookie,
      'PUT',
    );
    expect(saved.status).toBe(200);
    const after = await json<{ preferences: { email: Record<string, boolean>; push: Record<string, boolean> } }>(
      `${V}/api/notifications.php`,
      { headers: { cookie: `sid=${m.cookie}` } },
    );
    expect(after.body.preferences.email).toMatchObject({ like: false, promotions: true, new_message: true });
    expect(after.body.preferences.push).toMatchObject({ new_message: false, like: true, promotions: false });

    expect(await wantsNotification(db, String(m.id), 'like', 'email')).toBe(false);
    expect(await wantsNotification(db, String(m.id), 'like', 'push')).toBe(true);
    expect(await wantsNotification(db, m.id, 'new_message', 'push')).toBe(false);
    expect(await wantsNotification(db, m.id, 'new_message', 'email')).toBe(true);
    expect(await wantsNotification(db, m.id, 'promotions', 'email')).toBe(true);
    expect(await wantsNotification(db, m.id, 'news', 'email')).toBe(false);
    expect(await wantsNotification(db, '999', 'like', 'email')).toBe(false);
    // an address that bounced gets no mail at all, push still goes
    await env.DB.prepare(`UPDATE members SET notifications_disabled = '["bounce"]' WHERE id = ?`).bind(m.id).run();
    expect(await wantsNotification(db, m.id, 'new_message', 'email')).toBe(false);
    expect(await wantsNotification(db, m.id, 'like', 'push')).toBe(true);
  });

  it('refuses visitors, unknown types, non-booleans and unknown fields', async () => {
    expect((await post(`${V}/api/notifications.php`, { preferences: { email: { like: false } } }, undefined, 'PUT')).status).toBe(403);
    expect((await call(`${V}/api/notifications.php`)).status).toBe(403);
    const m = await activeMember();
    for (const body of [
      { preferences: { email: { spam: true } } },
      { preferences: { email: { like: 'no' } } },
      { preferences: { fax: {} } },
      { invisible: 1 },
      { other: true },
    ]) {
      const res = await post(`${V}/api/notifications.php`, body, m.cookie, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
    // without the client header (CSRF guard)
    const forged = await call(`${V}/api/notifications.php`, {
      method: 'PUT',
      body: '{"invisible":false}',
      headers: { 'content-type': 'application/json', cookie: `sid=${m.cookie}` },
    });
    expect(forged.status).toBe(403);
  });

  it('invisible mode is for premium members, and leaves them out of search and the swipe game but not the chat', async () => {
    const viewer = await activeMember(undefined, { gender: 'male' });
    const hidden = await activeMember(undefined, { gender: 'female', name: 'Verstopt' });
    const refused = await post(`${V}/api/notifications.php`, { invisible: true }, hidden.cookie, 'PUT');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'premium_required', message: 'Onzichtbaar zijn kan alleen als premium lid.' });

    const search = async () =>
      (
        await json<{ results: { id: number }[] }>(`${V}/api/members.php?gender=female`, { headers: { cookie: `sid=${viewer.cookie}` } })
      ).body.results.map((r) => r.id);
    expect(await search()).toContain(hidden.id);

    await makePremium(hidden.id);
    const on = await post(`${V}/api/notifications.php`, { invisible: true }, hidden.cookie, 'PUT');
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ invisible: true, invisible_allowed: true });
    expect(await search()).not.toContain(hidden.id);
    // the swipe game neither offers nor takes them
    await env.DB.prepare('UPDATE members SET last_active_at = ? WHERE id = ?').bind(new Date().toISOString(), hidden.id).run();
    const swipe = await post(`${V}/api/swipe.php`, { id: hidden.id, action: 'like' }, viewer.cookie);
    expect(swipe.status).toBe(404);
    for (let i = 0; i < 30; i++) {
      const { body } = await json<{ profile: { id: number } | null }>(`${V}/api/swipe.php`, {
        headers: { cookie: `sid=${viewer.cookie}` },
      });
      if (!body.profile) break;
      expect(body.profile.id).not.toBe(hidden.id);
      await post(`${V}/api/swipe.php`, { id: body.profile.id, action: 'pass' }, viewer.cookie);
    }
    // the profile opens, never as online, and a chat still works
    const profile = await json<{ profile: { online: boolean; recently_active: boolean } }>(`${V}/api/member.php?id=${hidden.id}`, {
      headers: { cookie: `sid=${viewer.cookie}` },
    });
    expect(profile.body.profile).toMatchObject({ online: false, recently_active: false });
    const sent = await post(
      `${V}/api/message.php`,
      { to: hidden.id, kind: 'text', text: 'Hoi', client_id: `inv-${hidden.id}` },
      viewer.cookie,
    );
    expect(sent.status).toBe(201);
    const off = await post(`${V}/api/notifications.php`, { invisible: false }, hidden.cookie, 'PUT');
    expect(await off.json()).toMatchObject({ invisible: false });
    expect(await search()).toContain(hidden.id);
    expect(
      (await json<{ profile: { online: boolean } }>(`${V}/api/member.php?id=${hidden.id}`, { headers: { cookie: `sid=${viewer.cookie}` } }))
        .body.profile.online,
    ).toBe(true);
  });
});

describe('activity and online', () => {
  it('a request records activity (once a minute), a hidden page does not, the beacon does', async () => {
    const m = await activeMember();
    const viewer = await activeMember();
    await setOffline(m.id);
    const lastActive = async () =>
      (await env.DB.prepare('SELECT last_active_at AS at FROM members WHERE id = ?').bind(m.id).first<{ at: string }>())!.at;
    await call(`${V}/api/user.php`, { headers: { cookie: `sid=${m.cookie}`, 'request-visibility': 'hidden' } });
    await call(`${V}/api/likes.php`, { headers: { cookie: `sid=${viewer.cookie}` } }); // another member's request: any waitUntil has run by then
    expect(await lastActive()).toBe('2000-01-01T00:00:00.000Z');
    await call(`${V}/api/user.php`, { headers: { cookie: `sid=${m.cookie}` } });
    await until(async () => (await lastActive()) > '2001');
    const online = await json<{ profile: { online: boolean } }>(`${V}/api/member.php?id=${m.id}`, {
      headers: { cookie: `sid=${viewer.cookie}` },
    });
    expect(online.body.profile.online).toBe(true);

    await setOffline(m.id);
    const beacon = await call(`${V}/api/page-hidden.php`, {
      method: 'POST',
      body: '{}',
      headers: { ...H, cookie: `sid=${m.cookie}`, 'request-visibility': 'hidden' },
    });
    expect(beacon.status).toBe(200);
    expect(await lastActive()).not.toBe('2000-01-01T00:00:00.000Z');
    expect((await post(`${V}/api/page-hidden.php`, {})).status).toBe(403);
    expect((await post(`${V}/api/page-hidden.php`, { x: 1 }, m.cookie)).status).toBe(400);
  });
});

describe('notification mails', () => {
  it('a like is mailed from the route, with a one-click unsubscribe, at most once an hour', async () => {
    const liker = await activeMember(undefined, { name: 'Lieke' });
    const liked = await activeMember();
    expect((await post(`${V}/api/like.php`, { id: liked.id }, liker.cookie)).status).toBe(200);
    await until(async () => (await mailsTo(liked.email, 'like')).length === 1);
    const [mail] = await mailsTo(liked.email, 'like');
    expect(mail!.subject).toBe('Lieke vindt je leuk op Vonkje');
    expect(mail!.text).toContain(`${V}/likes/m/${liker.id}`);
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toBe(`<${V}/unsubscribe/${unsubscribePath(mail!)}>`);
    // the HTML too: the unsubscribe link in the footer, the button to the liker's profile
    expect(mail!.html).toContain(`href="${V}/unsubscribe/${unsubscribePath(mail!)}"`);
    expect(mail!.html).toContain(`href="${V}/likes/m/${liker.id}"`);

    // a second like within the hour: no second mail; an hour later: one
    const other = await activeMember();
    await notifyLike(env, db, { likerId: other.id, likedId: liked.id, at: new Date(Date.now() + 10 * 60_000) });
    expect(await mailsTo(liked.email, 'like')).toHaveLength(1);
    await notifyLike(env, db, { likerId: other.id, likedId: liked.id, at: new Date(Date.now() + 61 * 60_000) });
    expect(await mailsTo(liked.email, 'like')).toHaveLength(2);
  });

  it('a new conversation mails at once; new messages mail only while offline, once a conversation an hour', async () => {
    const sender = await activeMember(undefined, { name: 'Bram' });
    const to = await activeMember();
    await makePremium(sender.id);
    await env.DB.prepare('UPDATE members SET credits = 100 WHERE id = ?').bind(sender.id).run();
    const send = async (i: number) => {
      const res = await post(
        `${V}/api/message.php`,
        { to: to.id, kind: 'text', text: `Hoi ${i}`, client_id: `n-${to.id}-${i}` },
        sender.cookie,
      );
      expect(res.status).toBe(201);
      return (await res.json()) as { message: { id: number }; conversation: number };
    };
    const first = await send(1);
    await until(async () => (await mailsTo(to.email, 'new_conversation')).length === 1);
    expect((await mailsTo(to.email, 'new_conversation'))[0]!.subject).toBe('Bram is een gesprek met je begonnen op Vonkje');

    const t0 = Date.now();
    const second = await send(2);
    const msg = (m: { message: { id: number } }, at: number) => ({
      conversationId: first.conversation,
      messageId: m.message.id,
      senderId: sender.id,
      recipientId: to.id,
      at: new Date(at),
    });
    // online (active just now): no mail
    await env.DB.prepare('UPDATE members SET last_active_at = ? WHERE id = ?').bind(new Date(t0).toISOString(), to.id).run();
    expect(await notifyMessage(env, db, msg(second, t0))).toBe(false);
    // offline, but within the hour of the conversation's first mail: none
    await setOffline(to.id);
    expect(await notifyMessage(env, db, msg(second, t0 + 30 * 60_000))).toBe(false);
    // offline, an hour later: one; right after it: none
    expect(await notifyMessage(env, db, msg(second, t0 + 61 * 60_000))).toBe(true);
    expect(await notifyMessage(env, db, msg(second, t0 + 70 * 60_000))).toBe(false);
    const mails = await mailsTo(to.email, 'new_message');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nieuw bericht van Bram op Vonkje');
    // the type switched off: nothing, even hours later
    await post(`${V}/api/notifications.php`, { preferences: { email: { new_message: false } } }, to.cookie, 'PUT');
    expect(await notifyMessage(env, db, msg(second, t0 + 5 * 3600_000))).toBe(false);
  });

  it('the unread-message reminder goes after 24 hours, once per unread message, on the Cron Trigger', async () => {
    const sender = await activeMember();
    const to = await activeMember();
    await makePremium(sender.id);
    await env.DB.prepare('UPDATE members SET credits = 100 WHERE id = ?').bind(sender.id).run();
    const start = new Date();
    clock.setNow(start);
    expect(
      (await post(`${V}/api/message.php`, { to: to.id, kind: 'text', text: 'Lees je dit?', client_id: `r-${to.id}` }, sender.cookie))
        .status,
    ).toBe(201);
    const job = (hours: number) => sendUnreadReminders({ env, db, now: new Date(start.getTime() + hours * 3600_000), features });
    await job(23);
    expect(await mailsTo(to.email, 'unread_reminder')).toHaveLength(0);
    // through the worker's own scheduled handler, as the 5-minute Cron Trigger runs it
    clock.setNow(new Date(start.getTime() + 25 * 3600_000));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: clock.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const mails = await mailsTo(to.email, 'unread_reminder');
    expect(mails).toHaveLength(1);
    // the Dutch plural rules choose the text: one message is "1 ongelezen bericht"
    expect(mails[0]!.text).toContain('Je hebt 1 ongelezen bericht dat al langer dan een dag op je wacht.');
    // the next runs: that message was reminded of once
    await job(26);
    expect(await mailsTo(to.email, 'unread_reminder')).toHaveLength(1);
    expect(await count('SELECT count(*) n FROM notification_sends WHERE member_id = ? AND kind = ?', to.id, 'unread_reminder')).toBe(1);
    // a second unread message, a day later: a new reminder counting both, in the plural
    clock.setNow(new Date(start.getTime() + 27 * 3600_000));
    expect(
      (await post(`${V}/api/message.php`, { to: to.id, kind: 'text', text: 'Hallo?', client_id: `r2-${to.id}` }, sender.cookie)).status,
    ).toBe(201);
    await job(52);
    const again = await mailsTo(to.email, 'unread_reminder');
    expect(again).toHaveLength(2);
    expect(again.map((m) => m.text).join('\n')).toContain('Je hebt 2 ongelezen berichten, sommige al langer dan een dag.');
  });

  it('the weekly digest mails members of a site the newest members of its niche, once a week, in slices', async () => {
    const week = new Date('2031-06-02T08:00:00Z'); // a Monday
    clock.setNow(new Date(week.getTime() - 2 * 86400_000));
    const fresh = await activeMember('gilf-nl.localhost', { gender: 'female', name: 'Nieuwe Oma', date_of_birth: '1955-01-01' });
    const reader = await activeMember('gilf-nl.localhost', { gender: 'male' });
    const optedOut = await activeMember('gilf-nl.localhost', { gender: 'male' });
    await post(
      'http://gilf-nl.localhost/api/notifications.php',
      { preferences: { email: { weekly_update: false } } },
      optedOut.cookie,
      'PUT',
    );
    clock.setNow(week);
    const ctx = { env, db, now: week, features };
    const started = await startWeeklyDigest(ctx);
    let progress = started;
    while (!progress.done) progress = await continueWeeklyDigest(ctx, { page: 50 });
    const mails = await mailsTo(reader.email, 'weekly_update');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.site).toBe('gilf-nl');
    expect(mails[0]!.subject).toBe('Nieuwe leden deze week op Oma Flirt');
    expect(mails[0]!.text).toContain(`/members/${fresh.id}`);
    // the HTML lists the member (name, age, a link to the profile) and links the unsubscribe
    expect(mails[0]!.html).toMatch(new RegExp(`href="https://omaflirt\\.nl/members/${fresh.id}"[^>]*>Nieuwe Oma</a>, \\d+`));
    expect(mails[0]!.html).toContain(`href="https://omaflirt.nl/unsubscribe/${unsubscribePath(mails[0]!)}"`);
    expect(await mailsTo(optedOut.email, 'weekly_update')).toHaveLength(0);
    // the same week again (a repeated trigger) mails nobody twice
    await env.DB.prepare('UPDATE digest_runs SET finished_at = NULL, cursor = 0 WHERE week = ?').bind('2031-06-02').run();
    await continueWeeklyDigest(ctx);
    expect(await mailsTo(reader.email, 'weekly_update')).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  it('switches that type of mail off by POST, with and without a session; a forged or altered token is refused', async () => {
    const m = await activeMember();
    const token = await unsubscribeToken(env.PASSWORD_PEPPER, m.id, 'weekly_update');
    // RFC 8058: the mail client's POST, no cookie, no client header
    const oneClick = await call(`${V}/unsubscribe/${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await wantsNotification(db, m.id, 'weekly_update', 'email')).toBe(false);
    expect(await wantsNotification(db, m.id, 'weekly_update', 'push')).toBe(true);
    // the page's call, logged in, switching it back on and off again
    const page = await post(`${V}/api/unsubscribe.php`, { token, enabled: true }, m.cookie);
    expect(await page.json()).toEqual({ type: 'weekly_update', enabled: true, site_name: 'Vonkje' });
    const like = await unsubscribeToken(env.PASSWORD_PEPPER, m.id, 'like');
    expect((await post(`${V}/api/unsubscribe.php`, { token: like })).status).toBe(200);
    expect(await wantsNotification(db, m.id, 'like', 'email')).toBe(false);

    const other = await activeMember();
    const forged = [
      `${other.id}.like.${token.split('.')[2]}`, // another member with this signature
      `${m.id}.news.${like.split('.')[2]}`, // another type
      `${m.id}.like.${(await hmacHex('wrong-secret', `unsubscribe:${m.id}:like`)).slice(0, 32)}`,
      'nonsense',
    ];
    for (const bad of forged) {
      const res = await post(`${V}/api/unsubscribe.php`, { token: bad });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('link_invalid');
      expect((await call(`${V}/unsubscribe/${bad}`, { method: 'POST' })).status).toBeGreaterThanOrEqual(400);
    }
    expect(await wantsNotification(db, other.id, 'like', 'email')).toBe(true);
    // another company's site does not know the member
    expect((await post('http://she-eng.localhost/api/unsubscribe.php', { token })).status).toBe(400);
  });
});

describe("Email Service's events (the mail-events queue)", () => {
  const disabledOf = async (id: number) =>
    JSON.parse(
      (await env.DB.prepare('SELECT notifications_disabled d FROM members WHERE id = ?').bind(id).first<{ d: string }>())!.d,
    ) as string[];
  /** A mail as sent: the deliveries queue's consumer gave it a Message-ID. */
  async function sentMail(to: string) {
    const read = () =>
      env.DB.prepare(
        'SELECT id, message_id, to_address FROM mail_outbox WHERE to_address = ? AND message_id IS NOT NULL ORDER BY id LIMIT 1',
      )
        .bind(to)
        .first<{ id: number; message_id: string; to_address: string }>();
    await until(async () => (await read()) !== null);
    return (await read())!;
  }
  /** A documented event (tests/fixtures/email-events) about that mail. */
  const event = (
    fixture: object,
    mail: { message_id: string; to_address: string },
    patch: { at?: string; recipient?: string; messageId?: string } = {},
  ) => {
    const e = structuredClone(fixture) as { payload: Record<string, unknown>; metadata: Record<string, unknown> };
    e.payload.messageId = patch.messageId ?? mail.message_id;
    e.payload.recipient = patch.recipient ?? mail.to_address;
    e.metadata.eventTimestamp = patch.at ?? new Date().toISOString();
    return e;
  };
  /** The worker's queue handler on one batch of the mail-events queue. */
  async function emit(...bodies: unknown[]) {
    const batch = createMessageBatch(
      'datingsite-mail-events',
      bodies.map((body, i) => ({ id: `e${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    return getQueueResult(batch, ctx);
  }
  const recorded = (id: number) =>
    env.DB.prepare('SELECT delivery_event e, delivery_event_at t FROM mail_outbox WHERE id = ?')
      .bind(id)
      .first<{ e: string | null; t: string | null }>();

  it('a hard bounce and a complaint switch the address off; the member gets no mail and the user object says why; re-confirming clears it', async () => {
    const m = await activeMember();
    const mail = await sentMail(m.email);
    const result = await emit(event(bouncedHard, mail));
    expect(result.ackAll).toBe(true);
    expect(await disabledOf(m.id)).toEqual(['bounce']);
    expect((await recorded(mail.id))!.e).toBe('bounced');
    // a complaint, twice: the reason is kept once
    const later = new Date(Date.now() + 1000).toISOString();
    await emit(event(complained, mail, { at: later }), event(complained, mail, { at: later }));
    expect(await disabledOf(m.id)).toEqual(['bounce', 'spam_complaint']);
    const { body: me } = await json<{ user: { notifications_disabled: string[] } }>(`${V}/api/user.php`, {
      headers: { cookie: `sid=${m.cookie}` },
    });
    expect(me.user.notifications_disabled).toEqual(['bounce', 'spam_complaint']);
    const liker = await activeMember();
    expect(await notifyLike(env, db, { likerId: liker.id, likedId: m.id, at: new Date() })).toBe(false);

    // the fix: a confirmation link to the same address, which switches mail on again
    expect((await post(`${V}/api/reconfirm.php`, {}, m.cookie)).status).toBe(200);
    const link = (await mailsTo(m.email, 'reconfirm'))[0]!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(link.text)![1]!;
    const followed = await get(`${V}/api/reconfirm.php?token=${token}`);
    expect(followed.headers.get('location')).toBe('/notifications?reconfirmed=1');
    expect(await disabledOf(m.id)).toEqual([]);
    expect((await get(`${V}/api/reconfirm.php?token=${token}`)).headers.get('location')).toBe('/notifications?reconfirmed=0');
    expect((await post(`${V}/api/reconfirm.php`, {}, m.cookie)).status).toBe(400);
  });

  it('a soft bounce, a delivery and a failure are recorded at most; newest wins; nothing is switched off', async () => {
    const m = await activeMember();
    const mail = await sentMail(m.email);
    const t1 = new Date(Date.now() + 1000).toISOString();
    const t2 = new Date(Date.now() + 2000).toISOString();
    await emit(event(bouncedSoft, mail, { at: t1 }), event(delivered, mail, { at: t2 }));
    expect(await recorded(mail.id)).toEqual({ e: 'delivered', t: t2 });
    // an older event arriving late changes nothing
    await emit(event(failed, mail, { at: t1 }));
    expect(await recorded(mail.id)).toEqual({ e: 'delivered', t: t2 });
    expect(await disabledOf(m.id)).toEqual([]);
  });

  it('a forged or stale event is refused: unknown Message-ID, another recipient, older than the mail or than two weeks, or unreadable', async () => {
    const m = await activeMember();
    const mail = await sentMail(m.email);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await emit(
      event(bouncedHard, mail, { messageId: '<forged@send.example>' }),
      event(bouncedHard, mail, { recipient: 'someone-else@example.test' }),
      event(complained, mail, { at: '2020-01-01T00:00:00.000Z' }),
      event(complained, mail, { at: new Date(Date.now() - 15 * 86_400_000).toISOString() }),
      { type: 'cf.email.sending.message.bounced', payload: { messageId: mail.message_id } },
      'not an event',
    );
    // every message is acknowledged: a refused event never becomes acceptable by retrying it
    expect(result.ackAll).toBe(true);
    expect(await disabledOf(m.id)).toEqual([]);
    expect((await recorded(mail.id))!.e).toBeNull();
    const reasons = log.mock.calls.map(([line]) => (JSON.parse(String(line)) as { reason?: string }).reason);
    expect(reasons).toEqual(['unknown_message', 'other_recipient', 'stale', 'stale', 'unreadable', 'unreadable']);
    log.mockRestore();
  });

  it('a replayed event changes nothing, not even after the member switched mail on again; in another time format too', async () => {
    const m = await activeMember();
    const mail = await sentMail(m.email);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const bounce = event(bouncedHard, mail, { at: at.toISOString() });
    await emit(bounce);
    expect(await disabledOf(m.id)).toEqual(['bounce']);
    // the member proves the address again: mail is on
    expect((await post(`${V}/api/reconfirm.php`, {}, m.cookie)).status).toBe(200);
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(m.email, 'reconfirm'))[0]!.text)![1]!;
    await get(`${V}/api/reconfirm.php?token=${token}`);
    expect(await disabledOf(m.id)).toEqual([]);
    // the queue delivers the same bounce again (its retention is 14 days), and once more written without milliseconds
    await emit(bounce, structuredClone(bounce));
    await emit(event(bouncedHard, mail, { at: at.toISOString().replace('.000Z', 'Z') }));
    expect(await disabledOf(m.id)).toEqual([]);
    expect(await recorded(mail.id)).toEqual({ e: 'bounced', t: at.toISOString() });
    // a new event about the mail (a complaint, later) still counts
    await emit(event(complained, mail, { at: new Date(at.getTime() + 30_000).toISOString() }));
    expect(await disabledOf(m.id)).toEqual(['spam_complaint']);
  });

  it('an event dated 2000 or ahead of our clock is refused and changes nothing', async () => {
    const m = await activeMember();
    const mail = await sentMail(m.email);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await emit(
      event(bouncedHard, mail, { at: '2000-01-01T00:00:00.000Z' }),
      event(complained, mail, { at: new Date(Date.now() + 86_400_000).toISOString() }),
      event(delivered, mail, { at: '2099-01-01T00:00:00Z' }),
    );
    const reasons = log.mock.calls.map(([line]) => (JSON.parse(String(line)) as { reason?: string }).reason);
    log.mockRestore();
    expect(reasons).toEqual(['stale', 'stale', 'stale']);
    expect(await disabledOf(m.id)).toEqual([]);
    expect(await recorded(mail.id)).toEqual({ e: null, t: null });
    // a real event afterwards is recorded as usual (a future one would have outranked it)
    await emit(event(delivered, mail));
    expect((await recorded(mail.id))!.e).toBe('delivered');
  });

  it('a bounce of an address the member has since changed leaves the new address alone', async () => {
    const m = await activeMember();
    const mail = await sentMail(m.email);
    await env.DB.prepare('UPDATE members SET email = ? WHERE id = ?').bind(`new-${m.email}`, m.id).run();
    await emit(event(bouncedHard, mail));
    expect(await disabledOf(m.id)).toEqual([]);
  });

  it('the old HTTP routes for mail events are gone', async () => {
    expect(
      (await call(`${V}/api/mail-events.php`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status,
    ).not.toBe(200);
    expect(
      (await call(`${V}/hooks/mail-events`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(404);
  });
});
