import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { activeMember, count, get, login, pool, post, signup } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';
import { opCall, operatorSession } from './operator-helpers';
import { features } from '../../worker/features';
import { erasureOf } from '../../worker/lib/feature';
import { getDb } from '../../worker/lib/db';

const V = 'http://vonkje.localhost';
type Json = Record<string, unknown>;
type Item = {
  kind: string;
  object_id: string;
  member: { id: number; moderation: string };
  content: string | null;
  reports: { reason: string; by_member: boolean }[];
  first_at: string;
  urgent_since: string | null;
  age_reviewed: boolean;
};
type Queue = {
  items: Item[];
  complaints: { id: string; decision: { id: string; own: boolean } | null }[];
  open: number | null;
  urgent: number | null;
};
type Complaints = {
  decisions: { id: string; action: string; reason: string; note: string | null; appealable: boolean; appeal_of: string | null }[];
  complaints: { id: string; outcome: string | null }[];
};

let n = 0;
const report = (body: Json, cookie?: string, host = V, ip?: string) =>
  call(`${host}/api/report.php`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'request-type': 'client',
      'content-type': 'application/json',
      ...(cookie ? { cookie: `sid=${cookie}` } : {}),
      ...(ip ? { 'cf-connecting-ip': ip } : {}),
    },
  });
const moderation = (id: number) => env.DB.prepare('SELECT moderation FROM members WHERE id = ?').bind(id).first<string>('moderation');
const mails = (to: string, kind: string) =>
  env.DB.prepare('SELECT * FROM mail_outbox WHERE to_address = ? AND kind = ? ORDER BY id')
    .bind(to, kind)
    .all<{ text: string; subject: string; html: string }>();
const audit = (objectId: string) =>
  env.DB.prepare('SELECT * FROM audit_log WHERE object_id = ? ORDER BY id')
    .bind(objectId)
    .all<{ action: string; operator_id: number; after: string }>();
const queueItem = async (cookie: string, kind: string, id: string | number) =>
  ((await (await opCall('reports.php', cookie)).json()) as Queue).items.find((i) => i.kind === kind && i.object_id === String(id));
const ownDecisions = async (cookie: string) => (await (await get(`${V}/api/complaints.php`, cookie)).json()) as Complaints;
const woman = () => activeMember(undefined, { gender: 'female', name: `Reported${n++}` }, { about_me: 'Ik ben een test.' });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
/** A confirmed member whose account is eight days old: some history. */
async function trusted() {
  const m = await activeMember();
  await env.DB.prepare('UPDATE members SET created_at = ? WHERE id = ?').bind(daysAgo(8), m.id).run();
  return m;
}

async function photoOf(m: { cookie: string }) {
  const form = new FormData();
  form.set('photo', new File([fixtures.png as Uint8Array<ArrayBuffer>], 'p.png', { type: 'image/png' }));
  const res = await call(`${V}/api/photo.php`, {
    method: 'POST',
    body: form,
    headers: { 'request-type': 'client', cookie: `sid=${m.cookie}` },
  });
  const body = (await res.json()) as { photos: { id: string }[] };
  const id = body.photos[body.photos.length - 1]!.id;
  await env.DB.prepare("UPDATE photos SET status = 'active' WHERE id = ?").bind(id).run();
  return id;
}

describe('report.php', () => {
  it('takes reports from members (with a confirmation mail) and visitors, queued per object oldest first', async () => {
    const target = await woman();
    const reporter = await activeMember();
    const res = await report({ kind: 'profile', id: target.id, reason: 'fake', text: 'Gestolen foto’s' }, reporter.cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true });
    expect((await mails(reporter.email, 'report_received')).results).toHaveLength(1);
    // the same member again: refused; a visitor: taken, no mail
    expect((await report({ kind: 'profile', id: target.id, reason: 'fake' }, reporter.cookie)).status).toBe(409);
    expect((await report({ kind: 'profile', id: target.id, reason: 'spam' })).status).toBe(201);
    expect(await moderation(target.id)).toBe('none');
    const mod = await operatorSession('moderator');
    const item = await queueItem(mod.cookie, 'profile', target.id);
    expect(item).toMatchObject({
      member: { id: target.id },
      reports: [
        { reason: 'fake', by_member: true },
        { reason: 'spam', by_member: false },
      ],
    });
    expect(item!.content).toContain('Ik ben een test.');
  });

  it('answers bad input with 4xx in the member’s language, never 500', async () => {
    const reporter = await activeMember();
    for (const body of [
      {},
      { kind: 'profile', id: 'x', reason: 'fake' },
      { kind: 'profile', id: 1, reason: 'boring' },
      { kind: 'video', id: 1, reason: 'fake' },
      { kind: 'photo', id: 12, reason: 'fake' },
      { kind: 'profile', id: 1, reason: 'fake', text: 'x'.repeat(1001) },
      { kind: 'profile', id: 1, reason: 'fake', extra: 1 },
    ]) {
      const res = await report(body, reporter.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toHaveProperty('message');
    }
    expect((await post(`${V}/api/report.php`, 'not json', reporter.cookie)).status).toBe(400);
    // an unknown member, and oneself
    expect((await report({ kind: 'profile', id: 123456789, reason: 'fake' }, reporter.cookie)).status).toBe(404);
    const self = await report({ kind: 'profile', id: reporter.id, reason: 'fake' }, reporter.cookie);
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ error: 'report_self', message: 'Je kunt jezelf niet melden.' });
  });

  it('checks the object: another company’s profile is nobody, a message only in one’s own conversation, a photo only when approved', async () => {
    const english = await activeMember('she-eng.localhost', { gender: 'female' });
    const reporter = await activeMember();
    expect((await report({ kind: 'profile', id: english.id, reason: 'fake' }, reporter.cookie)).status).toBe(404);
    // messages: the recipient may report, a stranger and a visitor may not, the sender not their own
    const sender = await activeMember();
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(sender.id).run();
    const recipient = await woman();
    const sent = (await (
      await post(
        `${V}/api/message.php`,
        { to: recipient.id, kind: 'text', text: 'Stuur me geld', client_id: `r-${Date.now()}` },
        sender.cookie,
      )
    ).json()) as { message: { id: number } };
    const id = sent.message.id;
    expect((await report({ kind: 'message', id, reason: 'spam' }, reporter.cookie)).status).toBe(404);
    expect((await report({ kind: 'message', id, reason: 'spam' })).status).toBe(403);
    expect((await report({ kind: 'message', id, reason: 'spam' }, sender.cookie)).status).toBe(404);
    expect((await report({ kind: 'message', id, reason: 'spam' }, recipient.cookie)).status).toBe(201);
    // photos: a pending one is not seen by others
    const owner = await woman();
    const form = new FormData();
    form.set('photo', new File([fixtures.png as Uint8Array<ArrayBuffer>], 'p.png', { type: 'image/png' }));
    const up = (await (
      await call(`${V}/api/photo.php`, { method: 'POST', body: form, headers: { 'request-type': 'client', cookie: `sid=${owner.cookie}` } })
    ).json()) as { photos: { id: string }[] };
    const pending = up.photos[0]!.id;
    expect((await report({ kind: 'photo', id: pending, reason: 'fake' }, reporter.cookie)).status).toBe(404);
    await env.DB.prepare("UPDATE photos SET status = 'active' WHERE id = ?").bind(pending).run();
    expect((await report({ kind: 'photo', id: pending, reason: 'fake' })).status).toBe(201);
  });

  it('limits visitors per client address', async () => {
    const target = await woman();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await report({ kind: 'profile', id: target.id, reason: 'spam' }, undefined, V, '198.51.100.77')).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('hides a profile reported as under 18 by a member with history at once: no profile view, search, swipe or like for others', async () => {
    const target = await woman();
    const viewer = await activeMember();
    const reporter = await trusted();
    const search = async () =>
      ((await (await get(`${V}/api/members.php?gender=female`, viewer.cookie)).json()) as { results: { id: number }[] }).results.map(
        (r) => r.id,
      );
    expect((await get(`${V}/api/member.php?id=${target.id}`, viewer.cookie)).status).toBe(200);
    expect(await search()).toContain(target.id);
    expect((await report({ kind: 'profile', id: target.id, reason: 'underage' }, reporter.cookie)).status).toBe(201);
    expect(await moderation(target.id)).toBe('hidden');
    expect((await get(`${V}/api/member.php?id=${target.id}`, viewer.cookie)).status).toBe(404);
    expect((await get(`${V}/api/member.php?id=${target.id}`)).status).toBe(404);
    expect(await search()).not.toContain(target.id);
    expect((await post(`${V}/api/like.php`, { id: target.id }, viewer.cookie)).status).toBe(404);
    expect((await post(`${V}/api/swipe.php`, { id: target.id, action: 'like' }, viewer.cookie)).status).toBe(404);
    // the member still sees their own profile
    expect((await get(`${V}/api/member.php?id=${target.id}`, target.cookie)).status).toBe(200);
    // a moderator finds no breach: visible again, nobody is mailed a statement
    const mod = await operatorSession('moderator');
    const decided = await opCall('report-decision.php', mod.cookie, {
      kind: 'profile',
      object_id: String(target.id),
      action: 'none',
      reason: 'underage',
    });
    expect(decided.status).toBe(200);
    expect(await moderation(target.id)).toBe('none');
    expect((await get(`${V}/api/member.php?id=${target.id}`, viewer.cookie)).status).toBe(200);
    expect((await mails(target.email, 'decision')).results).toHaveLength(0);
  });
});

describe('an object reported by many', () => {
  it('a decision on a profile 120 members reported tells each of them the outcome (a list past D1’s 100 bound parameters)', async () => {
    const target = await activeMember();
    const reporters = await pool(target.id, 86_000_000, 120);
    const at = new Date().toISOString();
    await env.DB.batch(
      reporters.map((r) =>
        env.DB.prepare(
          `INSERT INTO reports (id, company_id, site, kind, object_id, member_id, reporter_id, reason, created_at)
           SELECT ?1, company_id, home_site, 'profile', ?2, id, ?3, 'spam', ?4 FROM members WHERE id = ?5`,
        ).bind(`many-${r}`, String(target.id), r, at, target.id),
      ),
    );
    const mod = await operatorSession('moderator');
    const decided = await opCall('report-decision.php', mod.cookie, {
      kind: 'profile',
      object_id: String(target.id),
      action: 'restrict',
      reason: 'spam',
    });
    expect(decided.status).toBe(200);
    expect(await moderation(target.id)).toBe('restricted');
    const told = await env.DB.prepare(
      `SELECT count(DISTINCT to_address) n FROM mail_outbox WHERE kind = 'report_outcome' AND to_address IN (SELECT email FROM members WHERE id BETWEEN 86000000 AND 86000119)`,
    ).first<number>('n');
    expect(told).toBe(120);
    expect(await count('SELECT count(*) n FROM reports WHERE object_id = ? AND decision_id IS NULL', String(target.id))).toBe(0);
  });
});

describe('under-18 reports (one anonymous request must not hide an adult)', () => {
  const underage = (id: number, cookie?: string, ip?: string) => report({ kind: 'profile', id, reason: 'underage' }, cookie, V, ip);

  it('from a visitor alone hide nothing: the object leads the queue, flagged, with its waiting time', async () => {
    const mod = await operatorSession('moderator');
    const older = await woman();
    await report({ kind: 'profile', id: older.id, reason: 'spam' });
    const target = await woman();
    expect((await underage(target.id, undefined, '198.51.100.10')).status).toBe(201);
    expect(await moderation(target.id)).toBe('none');
    // a new account, and an old one whose e-mail was never confirmed, are no trusted reporters either
    const fresh = await activeMember();
    expect((await underage(target.id, fresh.cookie, '198.51.100.11')).status).toBe(201);
    const unconfirmed = await signup();
    await env.DB.prepare('UPDATE members SET created_at = ? WHERE id = ?').bind(daysAgo(30), unconfirmed.body.user.id).run();
    expect((await underage(target.id, unconfirmed.cookie, '198.51.100.12')).status).toBe(201);
    expect(await moderation(target.id)).toBe('none');
    const queue = (await (await opCall('reports.php', mod.cookie)).json()) as Queue;
    const at = queue.items.findIndex((i) => i.object_id === String(target.id));
    const item = queue.items[at]!;
    expect(item.urgent_since).toBe(item.first_at);
    expect(item).toMatchObject({ age_reviewed: false, member: { moderation: 'none' } });
    expect(item.reports).toHaveLength(3);
    // every flagged object comes before every other one, the older spam report included
    expect(queue.items.findIndex((i) => i.object_id === String(older.id))).toBeGreaterThan(at);
    expect(queue.items.findIndex((i) => !i.urgent_since)).toBeGreaterThan(queue.items.findLastIndex((i) => i.urgent_since));
    expect(queue.urgent).toBeGreaterThanOrEqual(1);
  });

  it('from two independent reporters hide at once; one member twice, or two requests from one network, are one reporter', async () => {
    const target = await woman();
    expect((await underage(target.id, undefined, '198.51.100.20')).status).toBe(201);
    // the same /24 network (also written as IPv6), or no readable address: one reporter
    expect((await underage(target.id, undefined, '198.51.100.21')).status).toBe(201);
    expect((await underage(target.id, undefined, '::ffff:198.51.100.22')).status).toBe(201);
    expect((await underage(target.id, undefined, 'not an address')).status).toBe(201);
    expect(await moderation(target.id)).toBe('none');
    // a new member from that network: still one reporter
    const neighbour = await activeMember();
    expect((await underage(target.id, neighbour.cookie, '198.51.100.99')).status).toBe(201);
    expect(await moderation(target.id)).toBe('none');
    // IPv6: one /48 is one reporter
    const other = await woman();
    expect((await underage(other.id, undefined, '2001:db8:aa:1::1')).status).toBe(201);
    expect((await underage(other.id, undefined, '2001:db8:aa:2::1')).status).toBe(201);
    expect(await moderation(other.id)).toBe('none');
    // a second network: independent, hidden
    expect((await underage(target.id, undefined, '203.0.113.7')).status).toBe(201);
    expect(await moderation(target.id)).toBe('hidden');
    expect((await underage(other.id, undefined, '2001:db8:bb::1')).status).toBe(201);
    expect(await moderation(other.id)).toBe('hidden');
    // the networks are kept as keyed hashes only, and only while the reports are open
    const nets = await env.DB.prepare('SELECT reporter_net FROM reports WHERE member_id = ?')
      .bind(target.id)
      .all<{ reporter_net: string }>();
    expect(nets.results.filter((r) => r.reporter_net === null)).toHaveLength(1); // the unreadable address
    expect(nets.results.filter((r) => r.reporter_net !== null).every((r) => /^[0-9a-f]{32}$/.test(r.reporter_net))).toBe(true);
    const mod = await operatorSession('moderator');
    expect(
      (
        await opCall('report-decision.php', mod.cookie, {
          kind: 'profile',
          object_id: String(target.id),
          action: 'none',
          reason: 'underage',
        })
      ).status,
    ).toBe(200);
    expect(await count('SELECT count(*) n FROM reports WHERE member_id = ? AND reporter_net IS NOT NULL', target.id)).toBe(0);
  });

  it('from a trusted member hide at most three profiles a day at once; more only queue', async () => {
    const reporter = await trusted();
    const targets = [await woman(), await woman(), await woman(), await woman()];
    for (const t of targets) expect((await underage(t.id, reporter.cookie, '198.51.100.30')).status).toBe(201);
    expect(await Promise.all(targets.map((t) => moderation(t.id)))).toEqual(['hidden', 'hidden', 'hidden', 'none']);
    // a member under a measure of their own is no trusted reporter
    const restricted = await trusted();
    await env.DB.prepare("UPDATE members SET moderation = 'restricted' WHERE id = ?").bind(restricted.id).run();
    const fifth = await woman();
    expect((await underage(fifth.id, restricted.cookie, '198.51.100.31')).status).toBe(201);
    expect(await moderation(fifth.id)).toBe('none');
  });

  it('never hide again a member a moderator cleared: later ones queue flagged, age reviewed', async () => {
    const target = await woman();
    expect((await underage(target.id, (await trusted()).cookie, '198.51.100.40')).status).toBe(201);
    expect(await moderation(target.id)).toBe('hidden');
    const mod = await operatorSession('moderator');
    expect(
      (
        await opCall('report-decision.php', mod.cookie, {
          kind: 'profile',
          object_id: String(target.id),
          action: 'none',
          reason: 'underage',
        })
      ).status,
    ).toBe(200);
    expect(await moderation(target.id)).toBe('none');
    // a trusted member, then a second network: no hiding without a new decision
    expect((await underage(target.id, (await trusted()).cookie, '198.51.100.41')).status).toBe(201);
    expect((await underage(target.id, undefined, '203.0.113.41')).status).toBe(201);
    expect(await moderation(target.id)).toBe('none');
    const item = await queueItem(mod.cookie, 'profile', target.id);
    expect(item).toMatchObject({ age_reviewed: true, member: { moderation: 'none' } });
    expect(item!.urgent_since).not.toBeNull();
  });

  it('stay in force while another object of the member is decided; the profile’s review ends the hiding', async () => {
    const target = await woman();
    const photo = await photoOf(target);
    await report({ kind: 'photo', id: photo, reason: 'spam' });
    expect((await underage(target.id, (await trusted()).cookie, '198.51.100.50')).status).toBe(201);
    expect(await moderation(target.id)).toBe('hidden');
    const mod = await operatorSession('moderator');
    expect(
      (await opCall('report-decision.php', mod.cookie, { kind: 'photo', object_id: photo, action: 'none', reason: 'spam' })).status,
    ).toBe(200);
    expect(await moderation(target.id)).toBe('hidden');
    expect(
      (
        await opCall('report-decision.php', mod.cookie, {
          kind: 'profile',
          object_id: String(target.id),
          action: 'none',
          reason: 'underage',
        })
      ).status,
    ).toBe(200);
    expect(await moderation(target.id)).toBe('none');
  });
});

describe('decisions', () => {
  it('restrict: out of search, audit row, statement of reasons mailed and listed, the reporter told the outcome', async () => {
    const target = await woman();
    const reporter = await activeMember();
    const viewer = await activeMember();
    await report({ kind: 'profile', id: target.id, reason: 'harassment' }, reporter.cookie);
    const mod = await operatorSession('moderator');
    const res = await opCall('report-decision.php', mod.cookie, {
      kind: 'profile',
      object_id: String(target.id),
      action: 'restrict',
      reason: 'harassment',
      note: 'Dreigende berichten',
    });
    expect(res.status).toBe(200);
    const { decision_id } = (await res.json()) as { decision_id: string };
    expect(await moderation(target.id)).toBe('restricted');
    // out of search, still reachable from a chat or a like
    const search = (
      (await (await get(`${V}/api/members.php?gender=female`, viewer.cookie)).json()) as { results: { id: number }[] }
    ).results.map((r) => r.id);
    expect(search).not.toContain(target.id);
    expect((await get(`${V}/api/member.php?id=${target.id}`, viewer.cookie)).status).toBe(200);
    const rows = (await audit(String(target.id))).results;
    expect(rows.map((r) => r.action)).toEqual(['report.restrict']);
    expect(rows[0]!.operator_id).toBe(mod.id);
    expect(JSON.parse(rows[0]!.after)).toMatchObject({ decision: decision_id, action: 'restrict' });
    const statement = (await mails(target.email, 'decision')).results[0]!;
    expect(statement.text).toContain('intimidatie of lastigvallen');
    expect(statement.text).toContain('Dreigende berichten');
    expect(statement.text).toContain('niet automatisch');
    expect(statement.text).toContain('/complaints');
    expect((await mails(reporter.email, 'report_outcome')).results[0]!.text).toContain('beperkt');
    expect(await ownDecisions(target.cookie)).toMatchObject({
      decisions: [{ id: decision_id, action: 'restrict', reason: 'harassment', note: 'Dreigende berichten', appealable: true }],
    });
    // decided once: a second decision is refused
    expect(
      (
        await opCall('report-decision.php', mod.cookie, {
          kind: 'profile',
          object_id: String(target.id),
          action: 'ban',
          reason: 'harassment',
        })
      ).status,
    ).toBe(409);
  });

  it('remove: a photo’s files and row status go, a message’s text goes; remove is not for a profile', async () => {
    const owner = await woman();
    const photo = await photoOf(owner);
    await report({ kind: 'photo', id: photo, reason: 'illegal' });
    const mod = await operatorSession('moderator');
    expect(
      (
        await opCall('report-decision.php', mod.cookie, {
          kind: 'profile',
          object_id: String(owner.id),
          action: 'remove',
          reason: 'illegal',
        })
      ).status,
    ).toBe(409); // nothing open for the profile
    expect(
      (await opCall('report-decision.php', mod.cookie, { kind: 'photo', object_id: photo, action: 'remove', reason: 'illegal' })).status,
    ).toBe(200);
    const row = await env.DB.prepare('SELECT status, key FROM photos WHERE id = ?').bind(photo).first<{ status: string; key: string }>();
    expect(row!.status).toBe('removed');
    expect(await env.PHOTOS.get(row!.key)).toBeNull();
    expect((await mails(owner.email, 'decision')).results[0]!.text).toContain('de foto is verwijderd');
    expect((await audit(photo)).results.map((r) => r.action)).toEqual(['report.remove']);

    const sender = await activeMember();
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(sender.id).run();
    const sent = (await (
      await post(
        `${V}/api/message.php`,
        { to: owner.id, kind: 'text', text: 'Koop mijn crypto', client_id: `m-${Date.now()}` },
        sender.cookie,
      )
    ).json()) as { message: { id: number } };
    await report({ kind: 'message', id: sent.message.id, reason: 'spam' }, owner.cookie);
    expect((await queueItem(mod.cookie, 'message', sent.message.id))!.content).toBe('Koop mijn crypto');
    const profileRemove = await report({ kind: 'profile', id: sender.id, reason: 'spam' }, owner.cookie);
    expect(profileRemove.status).toBe(201);
    expect(
      (await opCall('report-decision.php', mod.cookie, { kind: 'profile', object_id: String(sender.id), action: 'remove', reason: 'spam' }))
        .status,
    ).toBe(400);
    expect(
      (
        await opCall('report-decision.php', mod.cookie, {
          kind: 'message',
          object_id: String(sent.message.id),
          action: 'remove',
          reason: 'spam',
        })
      ).status,
    ).toBe(200);
    expect(await env.DB.prepare('SELECT text FROM messages WHERE id = ?').bind(sent.message.id).first('text')).toBe('');
    expect((await mails(sender.email, 'decision')).results[0]!.text).toContain('inhoud van het bericht');
  });

  it('ban: every session ends at once, login answers the ban, gone from search, likes and chat lists', async () => {
    const target = await woman();
    const second = await login(target.email); // a second device
    const partner = await activeMember();
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(partner.id).run();
    await post(`${V}/api/message.php`, { to: target.id, kind: 'text', text: 'Hoi', client_id: `b-${Date.now()}` }, partner.cookie);
    await post(`${V}/api/like.php`, { id: partner.id }, target.cookie);
    const chatsOf = async () =>
      ((await (await get(`${V}/api/chats.php`, partner.cookie)).json()) as { chats: { other: { id: number } }[] }).chats.map(
        (c) => c.other.id,
      );
    const likesOf = async () => JSON.stringify(await (await get(`${V}/api/likes.php`, partner.cookie)).json());
    expect(await chatsOf()).toContain(target.id);
    expect(await likesOf()).toContain(String(target.id));
    await report({ kind: 'profile', id: target.id, reason: 'spam' }, partner.cookie);
    const mod = await operatorSession('moderator');
    expect(
      (await opCall('report-decision.php', mod.cookie, { kind: 'profile', object_id: String(target.id), action: 'ban', reason: 'spam' }))
        .status,
    ).toBe(200);
    expect(await count('SELECT count(*) n FROM sessions WHERE member_id = ?', target.id)).toBe(0);
    expect((await get(`${V}/api/likes.php`, target.cookie)).status).toBe(403);
    expect((await get(`${V}/api/likes.php`, second.cookie!)).status).toBe(403);
    const again = await login(target.email);
    expect(again.res.status).toBe(403);
    expect(again.body).toMatchObject({ error: 'account_banned', message: 'Dit account is geblokkeerd door onze moderatoren.' });
    expect(again.cookie).toBeNull();
    // a wrong password still says only login_failed
    expect((await login(target.email, 'wrong-password')).res.status).toBe(401);
    expect(await chatsOf()).not.toContain(target.id);
    expect(await likesOf()).not.toContain(String(target.id));
    expect((await get(`${V}/api/member.php?id=${target.id}`, partner.cookie)).status).toBe(404);
    expect((await mails(target.email, 'decision')).results[0]!.text).toContain('je account is geblokkeerd');
  });
});

describe('appeals and complaints', () => {
  it('an appeal is refused to the moderator who decided, taken by another; a reversal lifts the restriction and tells the member', async () => {
    const target = await woman();
    await report({ kind: 'profile', id: target.id, reason: 'fake' });
    const first = await operatorSession('moderator');
    const second = await operatorSession('moderator');
    const { decision_id } = (await (
      await opCall('report-decision.php', first.cookie, {
        kind: 'profile',
        object_id: String(target.id),
        action: 'restrict',
        reason: 'fake',
      })
    ).json()) as { decision_id: string };
    // bad appeals
    expect((await post(`${V}/api/complaint.php`, { decision_id, text: '' }, target.cookie)).status).toBe(400);
    expect((await post(`${V}/api/complaint.php`, { decision_id: 'A'.repeat(16), text: 'Dit klopt niet' }, target.cookie)).status).toBe(404);
    const other = await activeMember();
    expect((await post(`${V}/api/complaint.php`, { decision_id, text: 'Dit klopt niet' }, other.cookie)).status).toBe(404);
    expect((await post(`${V}/api/complaint.php`, { decision_id, text: 'Dit klopt niet' })).status).toBe(403);
    const filed = await post(`${V}/api/complaint.php`, { decision_id, text: 'Dit ben ik echt, zie mijn foto’s.' }, target.cookie);
    expect(filed.status).toBe(201);
    const { complaint } = (await filed.json()) as { complaint: { id: string } };
    expect((await post(`${V}/api/complaint.php`, { decision_id, text: 'Nog een keer' }, target.cookie)).status).toBe(409);
    expect((await ownDecisions(target.cookie)).decisions[0]!.appealable).toBe(false);

    const queue = (await (await opCall('reports.php', first.cookie)).json()) as Queue;
    expect(queue.complaints.find((c) => c.id === complaint.id)).toMatchObject({ decision: { id: decision_id, own: true } });
    const same = await opCall('complaint-decision.php', first.cookie, { id: complaint.id, outcome: 'reversed' });
    expect(same.status).toBe(403);
    expect(await same.json()).toMatchObject({ error: 'appeal_same_operator' });
    expect((await opCall('complaint-decision.php', second.cookie, { id: complaint.id, outcome: 'answered' })).status).toBe(400);
    const reversed = await opCall('complaint-decision.php', second.cookie, {
      id: complaint.id,
      outcome: 'reversed',
      answer: 'Je profiel is echt.',
    });
    expect(reversed.status).toBe(200);
    expect(await moderation(target.id)).toBe('none');
    expect((await opCall('complaint-decision.php', second.cookie, { id: complaint.id, outcome: 'upheld' })).status).toBe(409);
    expect((await audit(complaint.id)).results).toMatchObject([{ action: 'complaint.reversed', operator_id: second.id }]);
    const outcome = (await mails(target.email, 'complaint_outcome')).results[0]!;
    expect(outcome.text).toContain('teruggedraaid');
    expect(outcome.text).toContain('Je profiel is echt.');
    const mine = await ownDecisions(target.cookie);
    expect(mine.complaints[0]).toMatchObject({ id: complaint.id, outcome: 'reversed' });
    expect(mine.decisions[0]).toMatchObject({ action: 'reversed', appeal_of: decision_id, appealable: false });
  });

  it('a reversed ban lets the member log in again', async () => {
    const target = await woman();
    await report({ kind: 'profile', id: target.id, reason: 'spam' });
    const first = await operatorSession('moderator');
    const admin = await operatorSession('admin');
    const { decision_id } = (await (
      await opCall('report-decision.php', first.cookie, { kind: 'profile', object_id: String(target.id), action: 'ban', reason: 'spam' })
    ).json()) as { decision_id: string };
    // the banned member cannot log in to appeal; the complaint is filed for them here as support would
    const id = `appeal${Date.now()}abcdef`.slice(0, 20);
    await env.DB.prepare('INSERT INTO complaints (id, company_id, member_id, decision_id, text, created_at) VALUES (?, 1, ?, ?, ?, ?)')
      .bind(id, target.id, decision_id, 'Onterecht', new Date().toISOString())
      .run();
    expect((await opCall('complaint-decision.php', admin.cookie, { id, outcome: 'reversed' })).status).toBe(200);
    expect(await moderation(target.id)).toBe('none');
    expect((await login(target.email)).res.status).toBe(200);
  });

  it('a general complaint without a decision is answered', async () => {
    const member = await activeMember();
    const filed = await post(`${V}/api/complaint.php`, { text: 'Ik krijg te veel berichten van nepprofielen.' }, member.cookie);
    expect(filed.status).toBe(201);
    const { complaint } = (await filed.json()) as { complaint: { id: string } };
    const mod = await operatorSession('moderator');
    expect((await opCall('complaint-decision.php', mod.cookie, { id: complaint.id, outcome: 'upheld' })).status).toBe(400);
    expect(
      (await opCall('complaint-decision.php', mod.cookie, { id: complaint.id, outcome: 'answered', answer: 'We kijken ernaar.' })).status,
    ).toBe(200);
    expect((await mails(member.email, 'complaint_outcome')).results[0]!.text).toContain('We kijken ernaar.');
  });
});

describe('the console’s report calls', () => {
  it('need a moderator or admin of the company', async () => {
    const target = await woman();
    await report({ kind: 'profile', id: target.id, reason: 'spam' });
    const chat = await operatorSession('chat');
    const other = await operatorSession('moderator', 2);
    const decision = { kind: 'profile', object_id: String(target.id), action: 'none', reason: 'spam' };
    expect((await opCall('reports.php', null)).status).toBe(403);
    expect((await opCall('reports.php', chat.cookie)).status).toBe(403);
    expect((await opCall('report-decision.php', chat.cookie, decision)).status).toBe(403);
    expect((await opCall('complaint-decision.php', chat.cookie, { id: 'A'.repeat(16), outcome: 'upheld' })).status).toBe(403);
    // another company's moderator sees nothing of it and cannot decide it
    expect(await queueItem(other.cookie, 'profile', target.id)).toBeUndefined();
    expect((await opCall('report-decision.php', other.cookie, decision)).status).toBe(409);
    expect(await moderation(target.id)).toBe('none');
    // and the member site's host does not answer the console's calls
    const mod = await operatorSession('moderator');
    expect((await opCall('reports.php', mod.cookie, undefined, 'GET', V)).status).toBe(404);
    expect((await opCall('report-decision.php', mod.cookie, { ...decision, action: 'x' })).status).toBe(400);
  });
});

describe('erasure', () => {
  it('keeps the reports a member filed without the reporter, and decisions about a member without identifying text', async () => {
    const target = await woman();
    const reporter = await activeMember();
    await report({ kind: 'profile', id: target.id, reason: 'fake', text: 'Nep' }, reporter.cookie);
    const mod = await operatorSession('moderator');
    await opCall('report-decision.php', mod.cookie, {
      kind: 'profile',
      object_id: String(target.id),
      action: 'restrict',
      reason: 'fake',
      note: `Lijkt op ${target.email}`,
    });
    await post(
      `${V}/api/complaint.php`,
      { decision_id: (await ownDecisions(target.cookie)).decisions[0]!.id, text: 'Ik ben het echt, bel me op 0612345678' },
      target.cookie,
    );
    const db = getDb(env.DB);
    for (const memberId of [reporter.id, target.id]) await db.batch((await erasureOf(features, { db, env, memberId })) as never);
    expect(await count('SELECT count(*) n FROM reports WHERE reporter_id = ?', reporter.id)).toBe(0);
    expect(
      await count("SELECT count(*) n FROM reports WHERE member_id = ? AND reason = 'fake' AND text = 'Nep' AND content IS NULL", target.id),
    ).toBe(1);
    expect(
      await count('SELECT count(*) n FROM decisions WHERE member_id = ? AND (note IS NOT NULL OR object_id != ?)', target.id, ''),
    ).toBe(0);
    expect(await count("SELECT count(*) n FROM complaints WHERE text LIKE '%0612345678%' OR member_id = ?", target.id)).toBe(0);
  });
});
