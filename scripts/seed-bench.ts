// Generates COUNT members (default 100,000) into a local D1 for benchmarks:
//   tsx scripts/seed-bench.ts <persist-dir> [count]
// Rows are written as literal multi-row INSERTs (generated data only), 200 to a statement (D1 caps a statement at 100 KB).
import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { demoMembers, stableUuid } from './demo-data';

const [persistTo = '.wrangler/bench', countArg = '100000'] = process.argv.slice(2);
const count = Number(countArg);
const databaseId = /database_id = "([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'))![1]!;
const q = (v: string | number | boolean | null) =>
  v === null ? 'NULL' : typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

const mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response(null) } }', d1Databases: { DB: databaseId }, d1Persist: `${persistTo}/v3/d1` });
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
    const values = members.slice(i, i + 200).map((m) =>
      `(${[m.id, m.companyId, m.site, `bench-${m.id}@seed.invalid`, m.name, m.gender, m.birthDate, m.country, m.region, m.city, m.niche, m.fictional, 'active', 'active', 'done', m.createdAt, JSON.stringify(m.interests), m.hairColour, m.eyeColour, m.bodyType, m.relationshipStatus, m.tattoos, m.photoIds[0]!].map(q).join(',')})`,
    );
    statements.push(`INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, region, city, niche, fictional, status, profile_status, signup_step, created_at, interests, hair_colour, eye_colour, body_type, relationship_status, tattoos, main_photo_id) VALUES ${values.join(',')} ON CONFLICT DO NOTHING`);
    const photos = members.slice(i, i + 200).flatMap((m) => m.photoIds.map((pid) => `(${[pid, m.id, `photos/${m.id}/${pid}.png`, 'image/png', 240, 300, 0, 'active', m.createdAt].map(q).join(',')})`));
    statements.push(`INSERT INTO photos (id, member_id, key, content_type, width, height, bytes, status, created_at) VALUES ${photos.join(',')} ON CONFLICT DO NOTHING`);
  }
  // The demo premium member (900002) gets 1,000 likes from the generated pool and likes 300 back.
  statements.push(
    `INSERT INTO likes (liker_id, liked_id, source, created_at, seen_at) SELECT id, 900002, 'profile', created_at, CASE WHEN id % 4 = 0 THEN NULL ELSE created_at END FROM members WHERE company_id = 1 AND id >= 10000000 ORDER BY id LIMIT 1000 ON CONFLICT DO NOTHING`,
    `INSERT INTO likes (liker_id, liked_id, source, created_at) SELECT 900002, id, 'profile', created_at FROM members WHERE company_id = 1 AND id >= 10000000 ORDER BY id LIMIT 300 ON CONFLICT DO NOTHING`,
  );
  for (let i = 0; i < statements.length; i += 10) await db.batch(statements.slice(i, i + 10).map((s) => db.prepare(s)));
  const total = await db.prepare('SELECT (SELECT count(*) FROM members) AS n, (SELECT count(*) FROM photos) AS p, (SELECT count(*) FROM likes WHERE liked_id = 900002) AS l').first<{ n: number; p: number; l: number }>();
  console.log(`seed-bench: ${total!.n} members, ${total!.p} photos, ${total!.l} likes for the demo premium member, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await mf.dispose();
}
