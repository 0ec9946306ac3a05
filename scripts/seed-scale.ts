// Fills a migrated local D1 with one company pool at a network's size, for `npm run bench -- --scale`
// (tests/bench/scale.mjs): SCALE_MEMBERS members (default 1,000,000) spread over every site, country
// and niche as the demo data is, 10 likes and 2 conversations per member (5 messages per conversation
// on average), and the ledger rows the paid messages imply.
//   tsx scripts/seed-scale.ts <persist-dir>
// Written straight into the SQLite file miniflare keeps for the D1 binding (node:sqlite, prepared
// statements in large transactions): the API would take days at this size, this takes minutes.
// Nothing may have the file open meanwhile. Generated data only; the skew is written down below.
import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { demoMembers } from './demo-data';

const [persistTo = '.wrangler/scale'] = process.argv.slice(2);
const N = Number(process.env.SCALE_MEMBERS ?? 1_000_000);
const LIKES = Number(process.env.SCALE_LIKES ?? N * 10);
const CONVERSATIONS = Number(process.env.SCALE_CONVERSATIONS ?? N * 2);
const MESSAGES = Number(process.env.SCALE_MESSAGES ?? N * 10);
/** The bench's chat member's conversations (the "a member with 2,000 conversations"). */
const HEAVY_CONVERSATIONS = 2_000;
const FIRST_ID = 100_000_000;

const dir = `${persistTo}/v3/d1/miniflare-D1DatabaseObject`;
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
if (!file) throw new Error(`seed-scale: no D1 file in ${dir} (run the migrations first)`);
const db = new DatabaseSync(`${dir}/${file}`);
db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -3000000; PRAGMA temp_store = MEMORY');

/** mulberry32: a small seeded generator, so every run builds the same pool. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = prng(7);
const started = Date.now();
const step = (what: string, n: number) =>
  console.log(`seed-scale: ${what}: ${n.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
/** Runs `fill` in transactions of `every` calls of the returned `tick`. */
function inTransactions(every: number, fill: (tick: () => void) => void) {
  let n = 0;
  db.exec('BEGIN');
  fill(() => {
    if (++n % every === 0) {
      db.exec('COMMIT');
      db.exec('BEGIN');
    }
  });
  db.exec('COMMIT');
}
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
/** The session token of a bench member (43 characters, like a real one); the bench knows the same function. */
const scaleToken = (id: number) => `scale${id}`.padEnd(43, 'x');

// ---- members and their photos (rows only: search reads rows, not files)
const company = new Uint8Array(N);
/** A member's pool: likes and conversations stay inside one company's niche (a site's members meet on their niche's sites). */
const poolOf = new Uint16Array(N);
const fictional = new Uint8Array(N);
const male = new Uint8Array(N);
const insertMember = db.prepare(
  `INSERT INTO members (id, company_id, home_site, email, name, gender, birth_date, country, region, city, niche, fictional, status, profile_status, signup_step, created_at, interests, hair_colour, eye_colour, body_type, relationship_status, tattoos, sexuality, main_photo_id, language, last_active_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 'active', 'done', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'nl', ?)`,
);
const insertPhoto = db.prepare(
  `INSERT INTO photos (id, member_id, key, thumb_key, content_type, width, height, bytes, status, created_at) VALUES (?, ?, ?, ?, 'image/webp', 1200, 1600, 180000, 'active', ?)`,
);
const uuid = (n: number) => {
  const h = createHash('md5').update(String(n)).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const CHUNK = 50_000;
inTransactions(20_000, (tick) => {
  for (let from = 0; from < N; from += CHUNK) {
    for (const m of demoMembers(Math.min(CHUNK, N - from), FIRST_ID + from, 1000 + from / CHUNK, false)) {
      const i = m.id - FIRST_ID;
      company[i] = m.companyId;
      poolOf[i] = m.companyId * 100 + m.niche;
      fictional[i] = m.fictional ? 1 : 0;
      male[i] = m.gender === 'male' ? 1 : 0;
      const photos = 1 + (m.id % 3);
      const main = uuid(m.id * 4);
      insertMember.run(
        m.id,
        m.companyId,
        m.site,
        `scale-${m.id}@seed.invalid`,
        m.name,
        m.gender,
        m.birthDate,
        m.country,
        m.region,
        m.city,
        m.niche,
        m.fictional ? 1 : 0,
        m.createdAt,
        JSON.stringify(m.interests),
        m.hairColour,
        m.eyeColour,
        m.bodyType,
        m.relationshipStatus,
        m.tattoos,
        m.sexuality,
        main,
        iso(Date.parse(m.createdAt) + r() * (NOW - Date.parse(m.createdAt))),
      );
      for (let k = 0; k < photos; k++) {
        const id = k === 0 ? main : uuid(m.id * 4 + k);
        insertPhoto.run(id, m.id, `photos/${m.id}/${id}.webp`, `photos/${m.id}/${id}-t.webp`, m.createdAt);
      }
      tick();
    }
    if ((from / CHUNK) % 4 === 3) step('members', from + CHUNK);
  }
});
step('members', N);

// Each pool's members in one list.
const pools = new Map<number, Int32Array>();
{
  const counts = new Map<number, number>();
  for (let i = 0; i < N; i++) counts.set(poolOf[i]!, (counts.get(poolOf[i]!) ?? 0) + 1);
  const fill = new Map<number, number>();
  for (const [c, n] of counts) (pools.set(c, new Int32Array(n)), fill.set(c, 0));
  for (let i = 0; i < N; i++) {
    const c = poolOf[i]!;
    const at = fill.get(c)!;
    pools.get(c)![at] = i;
    fill.set(c, at + 1);
  }
}
/**
 * A member of `pool` by popularity: rank = len × u³ puts half the picks on the top 12.5 %, and
 * the top handful get thousands (the profiles everyone writes to). Ranks map to members through a
 * fixed stride, so the popular ones are spread over sites and ages, not the lowest ids.
 */
function popular(pool: Int32Array) {
  const rank = Math.floor(pool.length * r() ** 3);
  return pool[(rank * 7_919) % pool.length]!;
}
const uniform = (pool: Int32Array) => pool[Math.floor(r() * pool.length)]!;

// ---- likes: every member likes about 10 others of the pool, the liked ones skewed by popularity
const insertLike = db.prepare(`INSERT OR IGNORE INTO likes (liker_id, liked_id, source, created_at, seen_at) VALUES (?, ?, ?, ?, ?)`);
let likes = 0;
const likedCount = new Int32Array(N);
inTransactions(100_000, (tick) => {
  for (let i = 0; likes < LIKES; i = (i + 1) % N) {
    const pool = pools.get(poolOf[i]!)!;
    const liked = popular(pool);
    if (liked === i) continue;
    const at = NOW - r() * 200 * DAY;
    const res = insertLike.run(FIRST_ID + i, FIRST_ID + liked, r() < 0.7 ? 'profile' : 'swipe', iso(at), r() < 0.9 ? iso(at + DAY) : null);
    likes += Number(res.changes);
    if (res.changes) likedCount[liked]!++;
    tick();
    if (likes % 1_000_000 === 0 && res.changes) step('likes', likes);
  }
});
step('likes', likes);

// ---- conversations and messages
// The bench's members are of the main site's pool (company 1, niche 1: the bench asks on localhost, Vonkje).
// Its chat member: a real man with HEAVY_CONVERSATIONS conversations.
const MAIN = 101;
const main = pools.get(MAIN)!;
const heavy = main.find((i) => male[i] === 1 && fictional[i] === 0) ?? -1;
if (heavy < 0) throw new Error('seed-scale: no real man in company 1');
const insertConversation = db.prepare(
  `INSERT OR IGNORE INTO conversations (id, company_id, member_a, member_b, started_by, created_at, last_message_id, last_message_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertSide = db.prepare(
  `INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_activity_at) VALUES (?, ?, ?, ?, ?)`,
);
const insertMessage = db.prepare(
  `INSERT INTO messages (id, conversation_id, sender_id, kind, text, client_id, credits, created_at, read_at) VALUES (?, ?, ?, 'text', ?, ?, ?, ?, ?)`,
);
const insertLedger = db.prepare(
  `INSERT INTO credit_ledger (member_id, delta, balance_after, reason, ref, created_at) VALUES (?, ?, ?, 'message_text', ?, ?)`,
);
const TEXTS = [
  'Hoi! Hoe gaat het met je?',
  'Leuk profiel, waar kom je vandaan?',
  'Haha, dat herken ik wel. Wat doe je zoal in het weekend?',
  'Goedemorgen! Lekker geslapen?',
  'Ik ben net terug van het werk, even bijkomen met een kop thee. En jij?',
  'Zullen we een keer iets drinken?',
  'Dank je, jij ook een fijne avond!',
  'Wat voor muziek vind je leuk? Ik luister zelf veel naar oude rock en soms een beetje jazz als ik wil ontspannen.',
];
/** Messages of one conversation: mostly a few, sometimes a long talk, rarely thousands. */
const messageCount = () => {
  const u = r();
  if (u < 0.0002) return 2_000 + Math.floor(r() * 3_000);
  if (u < 0.02) return 30 + Math.floor(r() * 100);
  return 1 + Math.floor(-Math.log(1 - r()) * 2);
};
let conversations = 0;
let messages = 0;
let ledger = 0;
let messageId = 1_000_000_000;
/** The main company's longest conversation (the bench pages it) and one of its members. */
let longest = { id: 0, member: 0, messages: 0 };
const balance = new Int32Array(N).fill(1_000_000);
const pairs = new Set<string>();
function conversation(a: number, b: number, forceMessages?: number) {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const key = `${lo}:${hi}`;
  if (a === b || pairs.has(key)) return false;
  pairs.add(key);
  const id = 9_000_000_000 + conversations;
  const count = forceMessages ?? messageCount();
  let at = NOW - r() * 300 * DAY;
  const createdAt = iso(at);
  const unread = [0, 0];
  for (let k = 0; k < count; k++) {
    const from = k % 2 === 0 ? a : b;
    at += r() * 3 * 3_600_000;
    const read = k < count - 2 || r() < 0.5;
    // a real member pays 2 credits a message (the shipped price); a fictional profile's answers cost nobody anything
    const paid = fictional[from] ? 0 : 2;
    const clientId = `s${messageId}`;
    insertMessage.run(
      messageId,
      id,
      FIRST_ID + from,
      TEXTS[Math.floor(r() * TEXTS.length)]!,
      clientId,
      paid,
      iso(at),
      read ? iso(at + 60_000) : null,
    );
    if (paid) {
      balance[from] = balance[from]! - paid;
      insertLedger.run(FIRST_ID + from, -paid, balance[from]!, `message:${clientId}`, iso(at));
      ledger++;
    }
    if (!read) unread[from === a ? 1 : 0]!++;
    messageId++;
    messages++;
  }
  if (poolOf[a] === MAIN && count > longest.messages) longest = { id, member: FIRST_ID + a, messages: count };
  insertConversation.run(id, company[a]!, FIRST_ID + lo, FIRST_ID + hi, FIRST_ID + a, createdAt, messageId - 1, iso(at));
  insertSide.run(id, FIRST_ID + a, FIRST_ID + b, unread[0]!, iso(at));
  insertSide.run(id, FIRST_ID + b, FIRST_ID + a, unread[1]!, iso(at));
  conversations++;
  return true;
}
inTransactions(20_000, (tick) => {
  // the heavy member's conversations first: 2,000 partners, 3 messages each
  for (let made = 0; made < HEAVY_CONVERSATIONS;) if (conversation(heavy, uniform(main), 3)) (made++, tick());
  while (conversations < CONVERSATIONS && messages < MESSAGES) {
    const a = Math.floor(r() * N);
    if (conversation(a, popular(pools.get(poolOf[a]!)!))) tick();
    if (conversations % 250_000 === 0) step(`conversations (${messages.toLocaleString('en')} messages)`, conversations);
  }
});
pairs.clear();
step('conversations', conversations);
step('messages', messages);
step('ledger rows of paid messages', ledger);

// ---- the bench's members: sessions with known tokens, credits, a login with the demo password
const senders = main.filter((i) => male[i] && !fictional[i] && i !== heavy).slice(0, 50);
const women = main.filter((i) => !male[i] && !fictional[i]).slice(0, 50);
const top = main.reduce((best, i) => (likedCount[i]! > likedCount[best]! ? i : best), main[0]!);
const liked = { id: FIRST_ID + top, n: likedCount[top]! };
const demoHash = (
  db.prepare(`SELECT password_hash AS h FROM members WHERE email = 'premium@example.com'`).get() as { h: string } | undefined
)?.h;
const insertSession = db.prepare(
  `INSERT OR REPLACE INTO sessions (token_hash, member_id, created_at, expires_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z')`,
);
db.exec('BEGIN');
for (const id of [FIRST_ID + heavy, liked.id, longest.member, ...senders.map((i) => FIRST_ID + i), ...women.map((i) => FIRST_ID + i)]) {
  insertSession.run(createHash('sha256').update(scaleToken(id)).digest('hex'), id);
  db.prepare(`UPDATE members SET credits = 1000000, paid_user = 1 WHERE id = ?`).run(id);
}
if (demoHash)
  db.prepare(`UPDATE members SET password_hash = ?, email = 'scale-login@seed.invalid' WHERE id = ?`).run(demoHash, FIRST_ID + senders[0]!);
db.exec('COMMIT');
db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
db.close();
// what the bench reads: its members and conversations, and what was made
const facts = {
  heavy: FIRST_ID + heavy,
  liked: liked.id,
  likedCount: liked.n,
  longest,
  login: demoHash ? 'scale-login@seed.invalid' : null,
  senders: Array.from(senders, (i) => FIRST_ID + i),
  women: Array.from(women, (i) => FIRST_ID + i),
  made: { members: N, likes, conversations, messages, ledger },
  seconds: Math.round((Date.now() - started) / 1000),
};
writeFileSync(`${persistTo}/scale.json`, JSON.stringify(facts, null, 2));
console.log(`seed-scale: done in ${facts.seconds} s; the bench's members in ${persistTo}/scale.json`);
