import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { fixtures } from './fixtures';

export const H = { 'request-type': 'client', 'content-type': 'application/json' };
let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}-${Date.now()}-${counter++}@example.org`;

export function cookieFrom(res: Response, name = 'sid'): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header ? header.split(';')[0]!.slice(name.length + 1) : null;
}

export const post = (url: string, body: unknown, cookie?: string, method = 'POST') =>
  call(url, {
    method,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { ...H, ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
  });

export const get = (url: string, cookie?: string) => call(url, { redirect: 'manual', headers: cookie ? { cookie: `sid=${cookie}` } : {} });

export async function signup(host = 'vonkje.localhost', overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string) ?? uniqueEmail();
  const res = await post(`http://${host}/api/signup.php`, {
    email,
    password: 'correct-horse',
    name: 'Sam',
    date_of_birth: '1990-06-15',
    gender: 'male',
    ...overrides,
  });
  const body = (await res.json()) as {
    user: { id: number; signup_step: string; status: string; credits: number };
    issues?: { path: string; message: string }[];
  };
  return { res, email, body, cookie: cookieFrom(res)! };
}

export async function login(email: string, password = 'correct-horse', host = 'vonkje.localhost') {
  const res = await post(`http://${host}/api/user.php`, { email, password });
  return { res, body: (await res.json()) as Record<string, unknown>, cookie: cookieFrom(res) };
}

/** The newest mail to an address, and the token of its link. */
export async function lastMail(to: string) {
  const row = await env.DB.prepare('SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1')
    .bind(to)
    .first<{ kind: string; subject: string; text: string; site: string }>();
  const token = row ? /token=([A-Za-z0-9_-]{43})/.exec(row.text)?.[1] : undefined;
  return { mail: row, token };
}

export const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

/** `n` active women of `me`'s pool and site (Vonkje's niche) written straight to D1 (a signup each would take minutes), ids from `first`. */
export async function pool(me: number, first: number, n: number, over: { status?: string } = {}) {
  const { company_id, home_site } = (await env.DB.prepare('SELECT company_id, home_site FROM members WHERE id = ?')
    .bind(me)
    .first<{ company_id: number; home_site: string }>())!;
  const ids = Array.from({ length: n }, (_, i) => first + i);
  await env.DB.batch(
    ids.map((id) =>
      env.DB.prepare(
        `INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, niche, status, profile_status, signup_step, created_at)
         VALUES (?, ?, ?, ?, ?, 'female', '1990-01-01', 'NL', 1, ?, 'active', 'done', '2029-01-01T00:00:00.000Z')`,
      ).bind(id, company_id, home_site, `pool-${id}@example.org`, `Pool ${id}`, over.status ?? 'active'),
    ),
  );
  return ids;
}
/** Conversations of `me` with each `other` (pool members), one message from me at `at` each, written straight to D1 (a send each would meet the rate limit). */
export async function conversationsOf(me: number, rows: { other: number; at: string }[]) {
  await env.DB.batch(
    rows.flatMap(({ other, at }) => [
      env.DB.prepare(
        `INSERT INTO conversations (id, company_id, member_a, member_b, started_by, created_at, last_message_at)
         SELECT ?1 + 100000000, company_id, min(?1, ?2), max(?1, ?2), ?2, ?3, ?3 FROM members WHERE id = ?2`,
      ).bind(other, me, at),
      env.DB.prepare(
        `INSERT INTO messages (conversation_id, sender_id, kind, text, client_id, credits, created_at) VALUES (?1 + 100000000, ?2, 'text', 'Hoi', ?3, 0, ?4)`,
      ).bind(other, me, `pool-${me}-${other}-${at}`, at),
      env.DB.prepare(
        'UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = ?1 + 100000000) WHERE id = ?1 + 100000000',
      ).bind(other),
      env.DB.prepare(
        `INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_activity_at)
         VALUES (?1 + 100000000, ?2, ?1, 0, ?3), (?1 + 100000000, ?1, ?2, 1, ?3)`,
      ).bind(other, me, at),
    ]),
  );
}

/** A confirmed member with a visible profile (activation link followed), optionally edited. */
export async function activeMember(
  host = 'vonkje.localhost',
  overrides: Record<string, unknown> = {},
  profile: Record<string, unknown> = {},
) {
  const m = await signup(host, overrides);
  await get(`http://${host}/api/activate.php?token=${(await lastMail(m.email)).token}`);
  if (Object.keys(profile).length) {
    const res = await post(`http://${host}/api/profile.php`, profile, m.cookie, 'PUT');
    if (res.status !== 200) throw new Error(`profile edit failed: ${await res.text()}`);
  }
  return { ...m, id: m.body.user.id };
}

/**
 * A member's photo upload as the app sends it (multipart `photo`, the client header, the session cookie; none without
 * a cookie): a small PNG unless other bytes are given, named and typed as given (`type: null` sends no type).
 */
export function uploadPhoto(
  host: string,
  cookie: string | undefined,
  bytes: Uint8Array = fixtures.png,
  { name = 'p.png', type = 'image/png' as string | null } = {},
) {
  const form = new FormData();
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], name, type === null ? {} : { type }));
  return call(`${host.startsWith('http') ? host : `http://${host}`}/api/photo.php`, {
    method: 'POST',
    body: form,
    headers: { 'request-type': 'client', ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
  });
}

/** An active member of the host's niche with an approved main photo (a small PNG unless another is given). */
export async function memberWithPhoto(host: string, photo: Uint8Array = fixtures.png) {
  const m = await activeMember(host);
  const res = await uploadPhoto(host, m.cookie, photo);
  if (res.status !== 201) throw new Error(`photo upload failed: ${res.status} ${await res.text()}`);
  await env.DB.prepare("UPDATE photos SET status = 'active' WHERE member_id = ?").bind(m.id).run();
  await env.DB.prepare('UPDATE members SET main_photo_id = (SELECT id FROM photos WHERE member_id = ?1 LIMIT 1) WHERE id = ?1')
    .bind(m.id)
    .run();
  return m;
}
