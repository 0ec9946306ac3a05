import { env } from 'cloudflare:workers';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../worker/db/schema';
import { features } from '../../worker/features';
import { purgeDeletedAccounts } from '../../worker/features/account/purge';
import { clock } from '../../worker/lib/clock';
import { getDb } from '../../worker/lib/db';
import { activeMember, conversationsOf, get, pool, post, uploadPhoto } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';
import { opCall, operatorSession } from './operator-helpers';
import { readZip } from './zip-reader';

const V = 'http://vonkje.localhost';
let n = 0;
const cid = () => `exp-${Date.now()}-${n++}`;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Column names that hold a member's id (members.id itself aside). */
const MEMBER_COLUMN =
  /^(member_id|member_a|member_b|other_id|sender_id|started_by|liker_id|liked_id|blocker_id|blocked_id|passed_id|user_id|reporter_id|fictional_id)$/;
/** Tables that name a member another way (an object id in text, JSON before/after). */
const NAMES_MEMBERS_OTHERWISE = ['audit_log', 'rate_limits'];
/** Tables with a member column that no feature needs to cover, and why. None today. */
const EXEMPT: Record<string, string> = {};

const tables = () =>
  (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => v instanceof SQLiteTable).map((t) => getTableConfig(t));

afterEach(() => clock.setNow(null));

describe('feature declarations cover every table holding members', () => {
  it('each table with a member column (or naming members otherwise) is declared by a feature with export or erase, or exempt with a reason', () => {
    const declared = new Map<string, string[]>();
    for (const f of features) {
      expect(f.tables?.length ? Boolean(f.erase || f.export) : true, `${f.name} declares tables but neither exports nor erases`).toBe(true);
      for (const t of f.tables ?? []) declared.set(t, [...(declared.get(t) ?? []), f.name]);
    }
    const holding = tables()
      .filter((t) => t.name === 'members' || NAMES_MEMBERS_OTHERWISE.includes(t.name) || t.columns.some((c) => MEMBER_COLUMN.test(c.name)))
      .map((t) => t.name);
    expect(holding.length).toBeGreaterThan(20);
    const uncovered = holding.filter((t) => !declared.has(t) && !EXEMPT[t]);
    expect(uncovered, 'tables holding member data that no feature exports or erases: declare them in a <name>.feature.ts `tables`').toEqual(
      [],
    );
    // a declared table must exist (a rename would otherwise leave a stale name behind)
    const names = new Set(tables().map((t) => t.name));
    expect([...declared.keys()].filter((t) => !names.has(t))).toEqual([]);
  });
});

const upload = (cookie: string, host = V) => uploadPhoto(host, cookie);
function sendImage(cookie: string, to: number) {
  const form = new FormData();
  form.set('to', String(to));
  form.set('kind', 'image');
  form.set('client_id', cid());
  form.set('image', new File([fixtures.png as Uint8Array<ArrayBuffer>], 'x.png', { type: 'image/png' }));
  return call(`${V}/api/message.php`, { method: 'POST', body: form, headers: { 'request-type': 'client', cookie: `sid=${cookie}` } });
}
const sendText = (cookie: string, to: number, body: string) =>
  post(`${V}/api/message.php`, { to, kind: 'text', text: body, client_id: cid() }, cookie);
const premium = (id: number) => env.DB.prepare('UPDATE members SET paid_user = 1, credits = 500 WHERE id = ?').bind(id).run();

/**
 * A member with a row in every table that can hold one (through the real calls where there is
 * one, straight into D1 for the payment provider's and push service's side), a woman they chat
 * with, and a third member who chats with her: what is hers with someone else must never show.
 */
async function memberWithEverything() {
  const tag = `${Date.now()}${n++}`;
  const me = await activeMember(undefined, {}, { about_me: `Over mij ${tag}` });
  const her = await activeMember(undefined, { gender: 'female', name: `Hanna${tag}`.slice(0, 20) });
  const third = await activeMember(undefined, { name: `Derde${tag}`.slice(0, 20) });
  const blocked = await activeMember(undefined, { gender: 'female' });
  await premium(me.id);
  await premium(third.id);
  for (let i = 0; i < 2; i++) expect((await upload(me.cookie)).status).toBe(201);
  expect((await upload(her.cookie)).status).toBe(201);
  await post(`${V}/api/like.php`, { id: her.id }, me.cookie);
  await post(`${V}/api/like.php`, { id: me.id }, her.cookie);
  await post(`${V}/api/swipe.php`, { id: blocked.id, action: 'pass' }, me.cookie);
  await post(`${V}/api/block.php`, { id: blocked.id }, me.cookie);
  expect((await sendText(me.cookie, her.id, `Hallo Hanna ${tag}`)).status).toBe(201);
  expect((await sendImage(me.cookie, her.id)).status).toBe(201);
  await premium(her.id);
  expect((await sendText(her.cookie, me.id, `Hoi terug ${tag}`)).status).toBe(201);
  expect((await sendText(third.cookie, her.id, `Geheim van derde ${tag}`)).status).toBe(201);
  expect((await sendText(her.cookie, third.id, `Antwoord aan derde ${tag}`)).status).toBe(201);
  expect(
    (await post(`${V}/api/notifications.php`, { preferences: { email: { promotions: true, like: false } } }, me.cookie, 'PUT')).status,
  ).toBe(200);
  await post(`${V}/api/reset-password.php`, { email: me.email }); // another link and mail
  // an operator decides on the member's photo: an audit row naming them
  const admin = await operatorSession('admin');
  const pending = (await env.DB.prepare("SELECT id FROM photos WHERE member_id = ? AND status = 'pending' LIMIT 1")
    .bind(me.id)
    .first<{ id: string }>())!;
  expect((await opCall('photo.php', admin.cookie, { id: pending.id, decision: 'approve' })).status).toBe(200);
  // the provider's and push service's side, and payment history, straight into D1
  const at = new Date().toISOString();
  const pay = `pay${tag}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO payments (id, member_id, company_id, site, country, package, credits, amount, currency, method, provider, status, created_at, updated_at, paid_at, discount_code) VALUES (?, ?, 1, 'vonkje', 'NL', 'p1', 100, 1995, 'EUR', 'ideal', 'sim', 'paid', ?, ?, ?, 'WELKOM')",
    ).bind(pay, me.id, at, at, at),
    env.DB.prepare(
      "INSERT INTO payment_reversals (member_id, ref, payment_id, kind, provider_reversal_id, amount, credits, taken, shortfall, created_at) VALUES (?, ?, ?, 'refund', 're_1', 500, 25, 25, 0, ?)",
    ).bind(me.id, `refund:${tag}`, pay, at),
    env.DB.prepare(
      "INSERT INTO directdebit_requests (id, member_id, company_id, site, country, package, credits, amount, currency, holder, iban, street, house_number, zip, city, phone, otp_hash, created_at, expires_at) VALUES (?, ?, 1, 'vonkje', 'NL', 'p1', 100, 1995, 'EUR', ?, 'NL91ABNA0417164300', 'Dorpsstraat', '1', '1234AB', 'Utrecht', '+31612345678', 'x', ?, ?)",
    ).bind(`dd${tag}`, me.id, `Houder ${tag}`, at, at),
    env.DB.prepare(
      "INSERT INTO mandates (id, member_id, provider, provider_customer_id, provider_mandate_id, method, label, status, created_at) VALUES (?, ?, 'sim', ?, ?, 'directdebit', '•••• 4300', 'valid', ?)",
    ).bind(`md${tag}`, me.id, `cst_${tag}`, `mdt_${tag}`, at),
    env.DB.prepare("INSERT INTO payment_customers (member_id, provider, customer_id, created_at) VALUES (?, 'sim', ?, ?)").bind(
      me.id,
      `cst_${tag}`,
      at,
    ),
    env.DB.prepare(
      'INSERT INTO discount_codes (code, company_id, user_id, percentage, starts_at, created_at) VALUES (?, 1, ?, 25, ?, ?)',
    ).bind(`PERS${tag}`, me.id, at, at),
    env.DB.prepare(
      "INSERT INTO discount_redemptions (code, member_id, payment_id, status, created_at) VALUES ('WELKOM', ?, ?, 'used', ?)",
    ).bind(me.id, pay, at),
    env.DB.prepare(
      "INSERT INTO sms_outbox (member_id, site, to_number, kind, text, created_at) VALUES (?, 'vonkje', '+31612345678', 'directdebit_code', 'Code 123456', ?)",
    ).bind(me.id, at),
    env.DB.prepare(
      "INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, site, session_hash, user_agent, created_at) VALUES (?, ?, 'k', 'a', 'vonkje', 'h', 'TestBrowser/1', ?)",
    ).bind(me.id, `https://push.example/${tag}`, at),
    env.DB.prepare("INSERT INTO notification_sends (member_id, kind, ref, at) VALUES (?, 'weekly_update', ?, ?)").bind(me.id, tag, at),
    env.DB.prepare("INSERT INTO fictional_personas (member_id, note, updated_at) VALUES (?, 'note', ?)").bind(me.id, at),
  ]);
  return { me, her, third, blocked, tag };
}

async function download(cookie: string) {
  const res = await get(`${V}/api/export.php`, cookie);
  return { res, files: res.status === 200 ? readZip(new Uint8Array(await res.arrayBuffer())) : new Map<string, Uint8Array>() };
}

describe('GET /api/export.php', () => {
  it('is a ZIP of every feature part and the member photo files, with nothing of anyone else', async () => {
    const { me, her, third, tag } = await memberWithEverything();
    // allowed on public pages (the privacy settings): the export says since when
    expect((await post(`${V}/api/notifications.php`, { public_profile: true }, me.cookie, 'PUT')).status).toBe(200);
    const { res, files } = await download(me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="vonkje-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const json = (name: string) => JSON.parse(text(files.get(name)!)) as Record<string, unknown> & unknown[];
    for (const name of [
      'account.json',
      'sessions.json',
      'account-links.json',
      'mails.json',
      'profile.json',
      'blocks.json',
      'photos.json',
      'likes.json',
      'conversations.json',
      'payments.json',
      'credit-ledger.json',
      'discount-codes.json',
      'notification-preferences.json',
      'consents.json',
      'push-subscriptions.json',
    ])
      expect(files.has(name), name).toBe(true);

    expect(json('account.json')).toMatchObject({ id: me.id, email: me.email, home_site: 'vonkje', paid_user: true });
    expect(json('account.json')['public_profile_allowed_at']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(json('profile.json')).toMatchObject({ name: 'Sam', about_me: `Over mij ${tag}`, date_of_birth: '1990-06-15' });
    expect((json('mails.json') as unknown as { kind: string }[]).map((m) => m.kind)).toEqual(expect.arrayContaining(['activate', 'reset']));
    // photos: both records and both files, the bytes as stored (the display version)
    const photos = json('photos.json') as unknown as { id: string; file: string; status: string }[];
    expect(photos).toHaveLength(2);
    expect(photos.map((p) => p.status).sort()).toEqual(['active', 'under_inspection']);
    for (const p of photos) {
      const stored = await env.PHOTOS.get(p.file.replace(/^photos\//, `photos/${me.id}/`));
      expect(files.get(p.file), p.file).toEqual(new Uint8Array(await stored!.arrayBuffer()));
    }
    const likes = json('likes.json') as unknown as { given: { name: string }[]; received: { name: string }[]; swipe_passes: unknown[] };
    expect(likes.given.map((l) => l.name)).toEqual([her.body.user && `Hanna${tag}`.slice(0, 20)]);
    expect(likes.received).toHaveLength(1);
    expect(likes.swipe_passes).toHaveLength(1);
    expect(json('blocks.json')).toHaveLength(1);
    // the conversation with her, both sides' messages, her by name only; my image as a file
    const conversations = json('conversations.json') as unknown as {
      with: string;
      messages: { from: string; text: string | null; image: string | null }[];
    }[];
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.with).toBe(`Hanna${tag}`.slice(0, 20));
    expect(conversations[0]!.messages.map((m) => m.from)).toEqual(['me', 'me', 'other']);
    const image = conversations[0]!.messages[1]!.image!;
    expect(image).toMatch(/^chat-images\/\d+\.webp$/);
    expect(files.get(image)!.length).toBeGreaterThan(50);
    const payments = json('payments.json') as unknown as Record<string, unknown[]>;
    expect(payments.payments).toHaveLength(1);
    expect(payments.refunds_and_chargebacks).toHaveLength(1);
    expect(payments.direct_debit_requests).toMatchObject([{ iban: 'NL91ABNA0417164300', holder: `Houder ${tag}` }]);
    expect(payments.mandates).toHaveLength(1);
    expect(payments.sms).toHaveLength(1);
    expect((json('credit-ledger.json') as unknown[]).length).toBeGreaterThan(0);
    expect(json('discount-codes.json')).toMatchObject({ used: [{ code: 'WELKOM' }], personal: [{ code: `PERS${tag}` }] });
    expect(json('consents.json')).toMatchObject([{ type: 'promotions', channel: 'email', given: true }]);
    const prefs = json('notification-preferences.json') as unknown as { preferences: { type: string; email: boolean }[] };
    expect(prefs.preferences.find((p) => p.type === 'like')).toMatchObject({ email: false, push: true });
    expect(json('push-subscriptions.json')).toMatchObject([{ endpoint: `https://push.example/${tag}`, user_agent: 'TestBrowser/1' }]);

    // nothing of anyone else: not her e-mail, id, photos or other conversation; not the third member at all
    const everything = [...files.values()].map(text).join('\n');
    for (const secret of [
      her.email,
      third.email,
      `Geheim van derde ${tag}`,
      `Antwoord aan derde ${tag}`,
      `Derde${tag}`.slice(0, 20),
      `"${her.id}"`,
      String(third.id),
    ])
      expect(everything.includes(secret), secret).toBe(false);
    expect(everything).not.toContain(`photos/${her.id}/`);
    expect([...files.keys()].filter((k) => k.startsWith('photos/'))).toHaveLength(2);
  });

  it('a member with 120 conversations gets every one with its messages (a list past D1’s 100 bound parameters a statement)', async () => {
    const me = await activeMember();
    const women = await pool(me.id, 85_000_000, 120);
    await conversationsOf(
      me.id,
      women.map((other, i) => ({ other, at: `2020-07-01T1${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}:00.000Z` })),
    );
    const { res, files } = await download(me.cookie);
    expect(res.status).toBe(200);
    const conversations = JSON.parse(text(files.get('conversations.json')!)) as {
      with: string;
      messages: { from: string; text: string }[];
    }[];
    expect(conversations).toHaveLength(120);
    expect(new Set(conversations.map((c) => c.with))).toEqual(new Set(women.map((w) => `Pool ${w}`)));
    expect(conversations.every((c) => c.messages.length === 1 && c.messages[0]!.from === 'me' && c.messages[0]!.text === 'Hoi')).toBe(true);
  });

  it('once an hour: a second download answers 429 with a localized text and Retry-After, an hour later it works again', async () => {
    const start = new Date('2031-03-01T10:00:00.000Z');
    clock.setNow(start);
    const m = await activeMember();
    expect((await download(m.cookie)).res.status).toBe(200);
    clock.setNow(new Date(start.getTime() + 20 * 60_000));
    const again = await get(`${V}/api/export.php`, m.cookie);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe(String(40 * 60));
    expect(await again.json()).toEqual({
      error: 'export_too_often',
      message: 'Je kunt je gegevens één keer per uur downloaden. Probeer het over 40 min opnieuw.',
    });
    clock.setNow(new Date(start.getTime() + 61 * 60_000));
    expect((await download(m.cookie)).res.status).toBe(200);
  });

  it('needs a member', async () => {
    const res = await get(`${V}/api/export.php`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'authentication_required' });
  });
});

/** Tables whose rows stay after erasure under the anonymised member id, and why (README "Deletion", "Payments are kept"). */
const KEPT_UNDER_ID: Record<string, string> = {
  members: 'the anonymised row the kept records point to',
  credit_ledger: 'financial record',
  payments: 'financial record',
  payment_reversals: 'financial record',
  directdebit_requests: 'financial record (bank data cleared)',
  mandates: 'financial record (revoked, label cleared)',
  discount_redemptions: 'financial record of a discount used',
  discount_codes: 'a personal code is part of the financial record of its use',
  conversations: 'the other member keeps their side of the conversation',
  conversation_members: "the other member's side names whom they talked to (the anonymised row)",
};

describe('erasure after 14 days', () => {
  it('leaves nothing in D1 or R2 that identifies the member: e-mail, name, id outside kept records, photo and image files', async () => {
    const { me, tag } = await memberWithEverything();
    const uniqueName = `Wis${tag}`.slice(0, 20);
    await env.DB.prepare('UPDATE members SET name = ? WHERE id = ?').bind(uniqueName, me.id).run();
    const photoKeys = (
      await env.DB.prepare('SELECT key, thumb_key FROM photos WHERE member_id = ?').bind(me.id).all<{ key: string; thumb_key: string }>()
    ).results.flatMap((p) => [p.key, p.thumb_key]);
    const imageKeys = (
      await env.DB.prepare('SELECT image_key, image_thumb_key FROM messages WHERE sender_id = ? AND image_key IS NOT NULL')
        .bind(me.id)
        .all<{ image_key: string; image_thumb_key: string }>()
    ).results.flatMap((m) => [m.image_key, m.image_thumb_key]);
    expect(photoKeys).toHaveLength(4);
    expect(imageKeys).toHaveLength(2);
    for (const key of [...photoKeys, ...imageKeys]) expect(await env.PHOTOS.head(key), key).not.toBeNull();

    expect((await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, me.cookie)).status).toBe(200);
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 15 * 86400_000).toISOString(), me.id)
      .run();
    await purgeDeletedAccounts({ db: getDb(env.DB), env, now: new Date(), features });

    for (const key of [...photoKeys, ...imageKeys]) expect(await env.PHOTOS.head(key), key).toBeNull();
    expect((await env.PHOTOS.list({ prefix: `photos/${me.id}/` })).objects).toEqual([]);
    // every column of every table, as text: no e-mail, no name, no about-me, no account holder, no message; the id only in the kept records
    const id = String(me.id);
    for (const t of tables()) {
      const rows = (await env.DB.prepare(`SELECT * FROM "${t.name}"`).all<Record<string, unknown>>()).results;
      for (const row of rows) {
        const values = Object.values(row).map((v) => String(v));
        for (const secret of [
          me.email,
          uniqueName,
          `Over mij ${tag}`,
          `Houder ${tag}`,
          `Hallo Hanna ${tag}`,
          `https://push.example/${tag}`,
        ])
          expect(
            values.some((v) => v.includes(secret)),
            `${t.name} still holds ${secret}`,
          ).toBe(false);
        if (KEPT_UNDER_ID[t.name]) continue;
        const memberColumns = t.columns.filter((c) => MEMBER_COLUMN.test(c.name)).map((c) => c.name);
        for (const c of memberColumns) expect(String(row[c]), `${t.name}.${c}`).not.toBe(id);
        expect(
          values.some((v) => new RegExp(`(^|[^0-9])${id}([^0-9]|$)`).test(v)),
          `${t.name} names the member's id: ${JSON.stringify(row)}`,
        ).toBe(false);
      }
    }
  });
});
