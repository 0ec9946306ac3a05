// Generates COUNT members (default 100,000) into a local D1 for benchmarks:
//   tsx scripts/seed-bench.ts <persist-dir> [count]
// Rows are written as literal multi-row INSERTs (generated data only), 200 to a statement (D1 caps a statement at 100 KB).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { demoMembers, stableUuid } from './demo-data';

const [persistTo = '.wrangler/bench', countArg = '100000'] = process.argv.slice(2);
const count = Number(countArg);
const databaseId = /database_id = "([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'))![1]!;
const q = (v: string | number | boolean | null) =>
  v === null ? 'NULL' : typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

/** The session token of a bench chat member (43 characters, like a real one). */
const benchToken = (id: number) => `bench${id}`.padEnd(43, 'x');

const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: 'export default { fetch() { return new Response(null) } }',
    d1Databases: { DB: databaseId },
    resourcePersistencePath: `${persistTo}/v3`,
  }),
);
try {
  const db = await mf.getD1Database('DB');
  const started = Date.now();
  const members = demoMembers(count, 10_000_000, 42, false).map((m) => ({
    ...m,
    // 1 to 3 approved photos each (rows only: search reads the rows, not the files)
    photoIds: Array.from({ length: 1 + (m.id % 3) }, (_, k) => stableUuid(`bench-${m.id}-${k}`)),
  }));
  const statements: string[] = [];
  for (let i = 0; i < members.length; i += 200) {
    const values = members
      .slice(i, i + 200)
      .map(
        (m) =>
          `(${[m.id, m.companyId, m.site, `bench-${m.id}@seed.invalid`, m.name, m.gender, m.birthDate, m.country, m.region, m.city, m.niche, m.fictional, 'active', 'active', 'done', m.createdAt, JSON.stringify(m.interests), m.hairColour, m.eyeColour, m.bodyType, m.relationshipStatus, m.tattoos, m.photoIds[0]!].map(q).join(',')})`,
      );
    statements.push(
      `INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, region, city, niche, fictional, status, profile_status, signup_step, created_at, interests, hair_colour, eye_colour, body_type, relationship_status, tattoos, main_photo_id) VALUES ${values.join(',')} ON CONFLICT DO NOTHING`,
    );
    const photos = members
      .slice(i, i + 200)
      .flatMap((m) =>
        m.photoIds.map(
          (pid) =>
            `(${[pid, m.id, `photos/${m.id}/${pid}.webp`, `photos/${m.id}/${pid}-t.webp`, 'image/webp', 1200, 1600, 0, 'active', m.createdAt].map(q).join(',')})`,
        ),
      );
    statements.push(
      `INSERT INTO photos (id, member_id, key, thumb_key, content_type, width, height, bytes, status, created_at) VALUES ${photos.join(',')} ON CONFLICT DO NOTHING`,
    );
  }
  // The demo premium member (900002) gets 10,000 likes from the generated pool (1 in 200 still
  // new, spread over the whole time range: counted by row, since the ids of one site and niche
  // follow the generator's cycle of sites and `id % 200` took 1 in 30) and likes 1,000 members
  // (tests/bench/likes.mjs pages them).
  statements.push(
    `INSERT INTO likes (liker_id, liked_id, source, created_at, seen_at) SELECT id, 900002, 'profile', created_at, CASE WHEN n % 200 = 0 THEN NULL ELSE created_at END
     FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) AS n FROM members WHERE company_id = 1 AND niche = 1 AND id >= 10000000 ORDER BY id LIMIT 10000) WHERE true ON CONFLICT DO NOTHING`,
    `INSERT INTO likes (liker_id, liked_id, source, created_at) SELECT 900002, id, 'profile', created_at FROM members WHERE company_id = 1 AND niche = 1 AND id >= 10000000 ORDER BY id LIMIT 1000 ON CONFLICT DO NOTHING`,
  );
  // Chat: the demo premium member has 500 conversations, the first with 10,000 messages; 50 men
  // and 50 women (ids 20000000+) with known session tokens (benchToken) send and receive.
  statements.push(
    `UPDATE members SET credits = 1000000 WHERE id = 900002`,
    `INSERT INTO conversations (id, company_id, member_a, member_b, started_by, created_at, last_message_at) SELECT 7000000000 + id, 1, 900002, id, id, created_at, created_at FROM members WHERE company_id = 1 AND niche = 1 AND gender = 'female' AND id >= 10000000 AND id < 20000000 ORDER BY id LIMIT 500 ON CONFLICT DO NOTHING`,
    `INSERT INTO messages (conversation_id, sender_id, kind, text, client_id, credits, created_at) SELECT id, member_b, 'text', 'Hoi, hoe gaat het?', 'bench-' || id, 0, created_at FROM conversations WHERE member_a = 900002 ON CONFLICT DO NOTHING`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
     INSERT INTO messages (conversation_id, sender_id, kind, text, client_id, credits, created_at, read_at)
     SELECT c.id, CASE WHEN i % 2 THEN 900002 ELSE c.member_b END, 'text', 'Bericht ' || i, 'bench-long-' || i, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
     FROM n, (SELECT id, member_b FROM conversations WHERE member_a = 900002 ORDER BY id LIMIT 1) c WHERE true ON CONFLICT DO NOTHING`,
    `UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = conversations.id) WHERE member_a = 900002`,
    `INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_activity_at) SELECT id, 900002, member_b, 1, created_at FROM conversations WHERE member_a = 900002 ON CONFLICT DO NOTHING`,
    `INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_activity_at) SELECT id, member_b, 900002, 0, created_at FROM conversations WHERE member_a = 900002 ON CONFLICT DO NOTHING`,
  );
  const chatters = Array.from({ length: 100 }, (_, i) => ({ id: 20_000_000 + i, man: i < 50 }));
  statements.push(
    `INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, niche, status, profile_status, signup_step, created_at, credits, paid_user) VALUES ${chatters
      .map(
        (m) =>
          `(${[m.id, 1, 'vonkje', `chat-${m.id}@seed.invalid`, m.man ? 'Bench Man' : 'Bench Vrouw', m.man ? 'male' : 'female', '1985-05-05', 'NL', 1, 'active', 'active', 'done', '2020-01-01T00:00:00.000Z', m.man ? 1_000_000 : 0, m.man].map(q).join(',')})`,
      )
      .join(',')} ON CONFLICT DO NOTHING`,
    `INSERT INTO sessions (token_hash, member_id, created_at, expires_at) VALUES ${chatters
      .map(
        (m) =>
          `(${[createHash('sha256').update(benchToken(m.id)).digest('hex'), m.id, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z'].map(q).join(',')})`,
      )
      .join(',')} ON CONFLICT DO NOTHING`,
  );
  // Photo moderation (tests/bench/moderation.mjs): 10,000 pending photos of the main company's
  // generated members, one each, spread over a year; and a bench moderator with a known session
  // token (benchToken(9000001)) in operator_sessions, as a login with password and TOTP would leave.
  statements.push(
    `INSERT INTO photos (id, member_id, key, thumb_key, content_type, width, height, bytes, status, created_at)
     SELECT printf('%s-%s-4%s-a%s-%s', lower(hex(randomblob(4))), lower(hex(randomblob(2))), substr(lower(hex(randomblob(2))), 2), substr(lower(hex(randomblob(2))), 2), lower(hex(randomblob(6)))),
            id, 'photos/' || id || '/pending.webp', 'photos/' || id || '/pending-t.webp', 'image/webp', 1200, 1600, 0, 'pending',
            strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (id % 31536000) || ' seconds')
     FROM members WHERE company_id = 1 AND id >= 10000000 AND id < 20000000 AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.member_id = members.id AND p.status = 'pending') ORDER BY id LIMIT 10000`,
    `INSERT INTO operators (id, company_id, email, name, role, password_hash, totp_secret, created_at) VALUES (9000001, 1, 'bench-moderator@seed.invalid', 'Bench Moderator', 'moderator', 'none', 'JBSWY3DPEHPK3PXP', '2026-01-01T00:00:00.000Z') ON CONFLICT DO NOTHING`,
    `INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at) VALUES ('${createHash('sha256').update(benchToken(9000001)).digest('hex')}', 9000001, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z') ON CONFLICT DO NOTHING`,
  );
  // The chat console (tests/bench/console.mjs): 5,000 members of the main company wait for an
  // answer from a fictional profile (20000100), spread over a day; a bench chat operator with a
  // known session token (benchToken(9000002)). The bench chat men write to the same profile.
  statements.push(
    `INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, niche, fictional, status, profile_status, signup_step, created_at) VALUES (20000100, 1, 'vonkje', 'chat-20000100@seed.invalid', 'Bench Fictief', 'female', '1990-05-05', 'NL', 1, 1, 'active', 'active', 'done', '2020-01-01T00:00:00.000Z') ON CONFLICT DO NOTHING`,
    `INSERT INTO conversations (id, company_id, member_a, member_b, started_by, created_at, last_message_at, awaiting_operator_since)
     SELECT 8000000000 + id, 1, id, 20000100, id, t, t, t FROM (SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (id % 86400) || ' seconds') AS t FROM members
       WHERE company_id = 1 AND fictional = 0 AND id >= 10000000 AND id < 20000000 ORDER BY id LIMIT 5000) WHERE true ON CONFLICT DO NOTHING`,
    `INSERT INTO messages (conversation_id, sender_id, kind, text, client_id, credits, created_at) SELECT id, member_a, 'text', 'Hoi, ben je er?', 'bench-queue-' || id, 0, created_at FROM conversations WHERE member_b = 20000100 ON CONFLICT DO NOTHING`,
    `UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = conversations.id) WHERE member_b = 20000100`,
    `INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_activity_at) SELECT id, member_a, 20000100, 0, created_at FROM conversations WHERE member_b = 20000100 ON CONFLICT DO NOTHING`,
    `INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_activity_at) SELECT id, 20000100, member_a, 1, created_at FROM conversations WHERE member_b = 20000100 ON CONFLICT DO NOTHING`,
    `INSERT INTO operators (id, company_id, email, name, role, password_hash, totp_secret, created_at) VALUES (9000002, 1, 'bench-chat@seed.invalid', 'Bench Chat', 'chat', 'none', 'JBSWY3DPEHPK3PXP', '2026-01-01T00:00:00.000Z') ON CONFLICT DO NOTHING`,
    `INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at) VALUES ('${createHash('sha256').update(benchToken(9000002)).digest('hex')}', 9000002, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z') ON CONFLICT DO NOTHING`,
  );
  for (let i = 0; i < statements.length; i += 10) await db.batch(statements.slice(i, i + 10).map((s) => db.prepare(s)));
  const total = await db
    .prepare(
      'SELECT (SELECT count(*) FROM members) AS n, (SELECT count(*) FROM photos) AS p, (SELECT count(*) FROM likes WHERE liked_id = 900002) AS l, (SELECT count(*) FROM likes WHERE liker_id = 900002) AS g',
    )
    .first<{ n: number; p: number; l: number; g: number }>();
  console.log(
    `seed-bench: ${total!.n} members, ${total!.p} photos, ${total!.l} likes for the demo premium member (${total!.g} given), in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await mf.dispose();
}
