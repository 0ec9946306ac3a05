// Demo data for the local D1 and R2 (the same storage `wrangler dev` uses, through Miniflare):
// the demo logins, and generated members (real and fictional) with photos. Idempotent: rows have
// fixed keys and are inserted with ON CONFLICT DO NOTHING, photos are put only when missing.
import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { demoMembers, demoPublicFaces } from './demo-data';
import { DEV_MODERATOR, DEV_OPERATOR, E2E_ADMINS, devTotpSecret } from './dev-operator';
import { demoPhotoPool } from './lib/demo-photos.mjs';
import { DEFAULT_SETTINGS } from '../tenants/defaults';

const sqlString = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);
/** The worker's password scheme (worker/lib/crypto.ts): PBKDF2-SHA-256 over HMAC(pepper, password). */
function hashPassword(password: string, pepper: string, iterations = 100_000) {
  const salt = randomBytes(16);
  const key = createHmac('sha256', pepper).update(password.normalize('NFKC')).digest();
  const hash = pbkdf2Sync(key, salt, iterations, 32, 'sha256');
  return `pbkdf2-sha256$${iterations}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

// wrangler.toml's D1 database_id and R2 bucket_name name wrangler's local storage.
const toml = readFileSync('wrangler.toml', 'utf8');
const DATABASE_ID = /database_id = "([^"]+)"/.exec(toml)![1]!;
const BUCKET = /bucket_name = "([^"]+)"/.exec(toml)![1]!;

const pepper = process.env.PASSWORD_PEPPER;
if (!pepper) throw new Error('seed: PASSWORD_PEPPER is not set (scripts/lib.mjs ensureDevVars provides it)');
const now = new Date().toISOString();
// Demo logins on the main site (README): a free member and a premium member with credits.
const demo = [
  [900001, 'free@example.com', 'Demo Vrij', 10, 0, 'signup_bonus', 'signup'],
  [900002, 'premium@example.com', 'Demo Premium', 250, 1, 'purchase', 'seed-purchase'],
] as const;
// The demo logins joined before the generated members (whose newest is 2026-11-01): they have no
// photo, and newest-first search should open with members who show their face.
const demoJoined = '2026-01-15T10:00:00.000Z';
const demoSql = demo
  // the free member gets a new member's chat allowance (default settings: 2 conversations, 3 free messages)
  .map(
    ([
      id,
      email,
      name,
      credits,
      paid,
      reason,
      ref,
    ]) => `INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, region, city, niche, status, password_hash, language, credits, paid_user, free_conversations_left, free_messages_left, profile_status, signup_step, email_confirmed_at, created_at)
VALUES (${id}, 1, 'vonkje', ${sqlString(email)}, ${sqlString(name)}, 'male', '1985-05-05', 'NL', 'NL-NH', 'Amsterdam', 1, 'active', ${sqlString(hashPassword('demo-password', pepper))}, 'nl', ${credits}, ${paid}, ${paid ? 0 : DEFAULT_SETTINGS.free_conversations}, ${paid ? 0 : DEFAULT_SETTINGS.free_messages}, 'active', 'done', ${sqlString(now)}, ${sqlString(demoJoined)})
ON CONFLICT (company_id, email) DO NOTHING;
INSERT INTO credit_ledger (member_id, delta, balance_after, reason, ref, created_at) VALUES (${id}, ${credits}, ${credits}, '${reason}', '${ref}', ${sqlString(now)})
ON CONFLICT (member_id, ref) DO NOTHING;`,
  )
  .join('\n');

// Discount codes of the main company (README, Demo data): entered on the checkout, once per member.
const discountSql = [
  // code, country, percentage, currency, minimum order (minor units), methods (JSON), starts, expires
  ['VONKJE10', 'NL', 10, 'EUR', 2500, null, '2024-01-01T00:00:00.000Z', null],
  ['IDEAL15', null, 15, null, null, '["ideal"]', '2024-01-01T00:00:00.000Z', null],
  ['OUD2020', null, 20, null, null, null, '2020-01-01T00:00:00.000Z', '2020-12-31T23:59:59.000Z'],
].map(
  (
    values,
  ) => `INSERT INTO discount_codes (code, country, percentage, currency, minimum_order_value, paymentmethods, starts_at, expires_at, company_id, created_at)
VALUES (${[...values, 1, now].map((v) => (v === null ? 'NULL' : sqlString(v))).join(', ')})
ON CONFLICT DO NOTHING`,
);

// The direct-debit block list (README, Demo data): this IBAN (a valid checksum) and this mobile number are refused.
const blockSql = [
  ['iban', 'NL02ABNA0123456789', 'demo: a blocked account'],
  ['phone', '+31687654321', 'demo: a blocked phone'],
].map(
  (values) =>
    `INSERT INTO directdebit_blocks (kind, value, reason, created_at) VALUES (${[...values, now].map(sqlString).join(', ')}) ON CONFLICT DO NOTHING`,
);

// The development admin of the operator console (README, "Demo data"): main company; and
// for the e2e database (SEED_E2E_OPERATORS=1) an admin per console spec.
const operatorSql = [DEV_OPERATOR, DEV_MODERATOR, ...(process.env.SEED_E2E_OPERATORS === '1' ? E2E_ADMINS : [])].map(
  (o) => `INSERT INTO operators (company_id, email, name, role, password_hash, totp_secret, created_at)
VALUES (${o.companyId}, ${sqlString(o.email)}, ${sqlString(o.name)}, '${o.role}', ${sqlString(hashPassword(o.password, pepper))}, ${sqlString(devTotpSecret(pepper, o.email))}, ${sqlString(now)})
ON CONFLICT (email) DO NOTHING`,
);

// Generated members with photos on every demo site (ids 800000+), see scripts/demo-data.ts. Their
// photos are stored as uploads store them: the display version and the thumbnail of a 12 MP phone
// photo (scripts/lib/demo-photos.mjs), picked from a pool.
// Then every site's public faces (ids 850000+): the people its landers and landing page show, fictional or members who
// allowed it, of the gender its visitors look for (docs/decisions/195-demo-public-faces.md).
const random = demoMembers(Number(process.env.SEED_MEMBERS ?? 300), 800_000);
const faces = demoPublicFaces(850_000);
const generated = [...random, ...faces];

/**
 * Progress: each step once, with its counts and time. On a terminal a running count too (one line
 * rewritten); in a log (CI, npm test) only the finished steps.
 */
let stepStarted = Date.now();
const live = process.stdout.isTTY === true;
function progress(what: string) {
  if (live) process.stdout.write(`\r\x1b[Kseed: ${what} …`);
}
function stepDone(what: string) {
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  process.stdout.write(`${live ? '\r\x1b[K' : ''}seed: ${what} (${seconds} s)\n`);
  stepStarted = Date.now();
}

let drawnPhotos = 0;
const pool = await demoPhotoPool(12, (done, count, drawn) => {
  if (drawn) drawnPhotos++;
  progress(`demo photos ${done}/${count}${drawnPhotos ? ' (the first start draws them: about 10 s each on two cores)' : ''}`);
});
stepDone(
  drawnPhotos
    ? `${pool.length} demo photos drawn and scaled, kept under .wrangler/demo-photos`
    : `${pool.length} demo photos from .wrangler/demo-photos`,
);
const poolPhoto = (memberId: number, k: number) => pool[(memberId * 7 + k) % pool.length]!;
const literal = (v: string | number | boolean | null) =>
  v === null ? 'NULL' : typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : sqlString(v);
const generatedSql = generated.flatMap((m) => [
  `INSERT INTO members (id, company_id, home_site, email, name, gender, sexuality, birth_date, country, region, city, niche, fictional, status, profile_status, signup_step, email_confirmed_at, created_at, free_conversations_left, free_messages_left, interests, hair_colour, eye_colour, body_type, relationship_status, tattoos, about_me, public_consent_at, main_photo_id)
VALUES (${[m.id, m.companyId, m.site, `demo-${m.id}@seed.invalid`, m.name, m.gender, m.sexuality, m.birthDate, m.country, m.region, m.city, m.niche, m.fictional, 'active', 'active', 'done', m.createdAt, m.createdAt, m.fictional ? 0 : DEFAULT_SETTINGS.free_conversations, m.fictional ? 0 : DEFAULT_SETTINGS.free_messages, JSON.stringify(m.interests), m.hairColour, m.eyeColour, m.bodyType, m.relationshipStatus, m.tattoos, m.aboutMe, m.publicConsentAt, m.photoIds[0] ?? null].map(literal).join(', ')})
ON CONFLICT DO NOTHING;`,
  ...m.photoIds.map(
    // a database seeded before the locked previews gets them (and nothing else changes)
    (pid, k) => `INSERT INTO photos (id, member_id, key, thumb_key, content_type, width, height, bytes, preview, status, created_at)
VALUES (${[pid, m.id, `photos/${m.id}/${pid}.webp`, `photos/${m.id}/${pid}-t.webp`, 'image/webp', poolPhoto(m.id, k).width, poolPhoto(m.id, k).height, poolPhoto(m.id, k).display.length, poolPhoto(m.id, k).preview, 'active', m.createdAt].map(literal).join(', ')})
ON CONFLICT (id) DO UPDATE SET preview = excluded.preview WHERE photos.preview IS NULL;`,
  ),
]);

// Persona notes for the chat console's answering screen: the first fictional profiles of the main
// site (the fictional-profile editor in the console edits them; a note is never overwritten here).
const personaSql = [
  'Schrijft luchtig en met humor, veel vragen terug. Houdt van wandelen, koken en weekendjes weg. Werkt drie dagen per week in de zorg.',
  'Rustig en warm, schrijft korte berichten. Sport graag (yoga, fietsen), heeft een hond. Nooit afspraken maken of contactgegevens delen.',
].map(
  (note, i) => `INSERT INTO fictional_personas (member_id, note, updated_at)
SELECT id, ${sqlString(note)}, ${sqlString(now)} FROM members WHERE fictional = 1 AND home_site = 'vonkje' ORDER BY id LIMIT 1 OFFSET ${i}
ON CONFLICT DO NOTHING`,
);

const args = process.argv.slice(2);
const root = `${args.find((a) => !a.startsWith('--')) ?? '.wrangler/state'}/v3`;
// Miniflare 5 takes Miniflare 4's options through its converter; the data persists under one root, as with `wrangler d1 execute`
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }) } }',
    resourcePersistencePath: root,
    d1Databases: { DB: DATABASE_ID },
    r2Buckets: { PHOTOS: BUCKET },
  }),
);

/**
 * `--migrate`: the migrations not yet applied, each in one batch with its row in `d1_migrations`
 * (wrangler's own table and rule: `wrangler d1 migrations apply --local` afterwards finds them
 * applied). In this process rather than a wrangler run of its own: a start of wrangler costs
 * seconds on two busy cores, and npm start, e2e and the bench all begin here.
 */
async function migrate(db: D1Database) {
  stepStarted = Date.now();
  await db
    .prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    )
    .run();
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name));
  let count = 0;
  for (const m of await readD1Migrations('migrations')) {
    if (applied.has(m.name)) continue;
    await db.batch([...m.queries.map((q) => db.prepare(q)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(m.name)]);
    count++;
  }
  stepDone(`migrations: ${count} applied, ${applied.size} already`);
}

async function seed(db: D1Database, bucket: R2Bucket) {
  stepStarted = Date.now();
  const statements = [
    ...demoSql.split(';\n').filter((q) => q.trim()),
    ...discountSql,
    ...blockSql,
    ...operatorSql,
    ...generatedSql,
    ...personaSql,
  ];
  for (let i = 0; i < statements.length; i += 50) {
    progress(`rows ${i}/${statements.length}`);
    await db.batch(statements.slice(i, i + 50).map((q) => db.prepare(q)));
  }
  stepDone(
    `${demo.length} demo logins, ${discountSql.length} discount codes, ${blockSql.length} direct-debit blocks, ${operatorSql.length} operators, ${random.length} generated members, ${faces.length} public faces (${faces.filter((m) => m.fictional).length} fictional) (${statements.length} statements)`,
  );
  const files = generated.flatMap((m) =>
    m.photoIds.flatMap((pid, k) => {
      const photo = poolPhoto(m.id, k);
      return [
        [`photos/${m.id}/${pid}.webp`, photo.display],
        [`photos/${m.id}/${pid}-t.webp`, photo.thumb],
      ] as const;
    }),
  );
  let stored = 0;
  // 16 files at a time: one at a time, a fresh e2e database waited ~20 s for its 1,200 photo files
  for (let i = 0; i < files.length; i += 16) {
    progress(`photo files ${i}/${files.length}`);
    await Promise.all(
      files.slice(i, i + 16).map(async ([key, bytes]) => {
        if (await bucket.head(key)) return;
        await bucket.put(key, new Uint8Array(bytes), { httpMetadata: { contentType: 'image/webp' } });
        stored++;
      }),
    );
  }
  stepDone(`${files.length} photo files in the local R2 (${stored} new)`);
}

const members = async (db: D1Database) => (await db.prepare('SELECT count(*) AS n FROM members').first<number>('n')) ?? 0;

try {
  const db = (await mf.getD1Database('DB')) as unknown as D1Database;
  const bucket = (await mf.getR2Bucket('PHOTOS')) as unknown as R2Bucket;
  if (args.includes('--migrate')) await migrate(db);
  await seed(db, bucket);
  // `--twice` (e2e): the seed is idempotent, a second run adds nothing
  if (args.includes('--twice')) {
    const before = await members(db);
    await seed(db, bucket);
    const after = await members(db);
    if (after !== before || before === 0) throw new Error(`seeding twice changed the member count (${before} → ${after})`);
    console.log(`seed idempotent: ${before} members after two runs`);
  }
} finally {
  await mf.dispose();
}
