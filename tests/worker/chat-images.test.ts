import { env } from 'cloudflare:workers';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { activeMember, count, get, post } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
type Message = {
  id: number;
  conversation: number;
  mine: boolean;
  kind: string;
  text: string | null;
  gift: string | null;
  image: { match: string; thumb_filename: string } | null;
  client_id: string | null;
};
type SendAnswer = { message: Message; conversation: number; credits: number; free_messages_left: number; free_conversations_left: number };
type Chats = {
  chats: {
    conversation: number;
    profile: number;
    num_unread_messages: number;
    last_message: { kind: string; text: string | null; gift: string | null; mine: boolean } | null;
  }[];
  total_unread: number;
};
type Messages = { conversation: number | null; messages: Message[] };

let n = 0;
const cid = () => `img-${Date.now()}-${n++}`;
const read = async <T>(res: Response) => (await res.json()) as T;

/** An image send as the web makes it: multipart with the fields as text and the file. */
function sendImage(
  cookie: string | undefined,
  to: number,
  {
    bytes = fixtures.gpsJpg,
    name = 'holiday.jpg',
    type = 'image/jpeg',
    clientId = cid(),
    kind = 'image',
    file = true,
  }: { bytes?: Uint8Array; name?: string; type?: string; clientId?: string; kind?: string; file?: boolean } = {},
) {
  const form = new FormData();
  form.set('to', String(to));
  form.set('kind', kind);
  form.set('client_id', clientId);
  if (file) form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return call(`${V}/api/message.php`, {
    method: 'POST',
    body: form,
    headers: { 'request-type': 'client', ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
  });
}
/** A chat image by its `match` path under the cdn_prefix (/media/). */
const media = (match: string, cookie?: string, headers: Record<string, string> = {}) =>
  call(`${V}/media/${match}`, { headers: { ...headers, ...(cookie ? { cookie: `sid=${cookie}` } : {}) } });
const setMember = (id: number, fields: Record<string, number>) =>
  env.DB.prepare(
    `UPDATE members SET ${Object.keys(fields)
      .map((k) => `${k} = ?`)
      .join(', ')} WHERE id = ?`,
  )
    .bind(...Object.values(fields), id)
    .run();
const credits = (id: number) => env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(id).first<number>('credits');
/** Every chat image in the bucket (storage is this file's own). */
const chatObjects = async () => (await env.PHOTOS.list({ prefix: 'chat/' })).objects.map((o) => o.key);
const photoCredits = async () => (await read<{ photo_credits: number }>(await get(`${V}/api/settings.php`))).photo_credits;

/** A premium member with credits, a woman to write to, and a stranger. */
async function trio(balance = 100) {
  const a = await activeMember();
  const b = await activeMember(undefined, { gender: 'female' });
  const stranger = await activeMember();
  await setMember(a.id, { paid_user: 1, credits: balance });
  return { a, b, stranger };
}

describe('sending an image', () => {
  it('premium: stored without metadata under the conversation, charged photo_credits with a ledger row, answered as a message', async () => {
    const price = await photoCredits();
    const { a, b } = await trio(100);
    const clientId = cid();
    const res = await sendImage(a.cookie, b.id, { clientId });
    expect(res.status).toBe(201);
    const sent = await read<SendAnswer>(res);
    expect(sent).toMatchObject({
      credits: 100 - price,
      free_messages_left: 0,
      message: { kind: 'image', text: null, gift: null, mine: true, client_id: clientId },
    });
    const match = sent.message.image!.match;
    const thumb = sent.message.image!.thumb_filename;
    expect(match).toMatch(new RegExp(`^chat/${sent.conversation}/[0-9a-f-]{36}\\.webp$`));
    expect(thumb).toBe(match.replace(/\.webp$/, '-t.webp'));
    const ledger = await env.DB.prepare(
      "SELECT delta, balance_after b, reason, ref FROM credit_ledger WHERE member_id = ? AND reason LIKE 'message_%'",
    )
      .bind(a.id)
      .all();
    expect(ledger.results).toEqual([{ delta: -price, b: 100 - price, reason: 'message_image', ref: `message:${clientId}` }]);
    expect(await env.DB.prepare('SELECT image_key k, image_thumb_key t FROM messages WHERE id = ?').bind(sent.message.id).first()).toEqual({
      k: match,
      t: thumb,
    });

    // both stored versions are new WebP encodings without EXIF (the fixture has GPS); the upload is not kept
    expect(await exifr.gps(fixtures.gpsJpg)).toMatchObject({ latitude: expect.any(Number) });
    for (const key of [match, thumb]) {
      const stored = new TextDecoder('latin1').decode(await (await env.PHOTOS.get(key))!.arrayBuffer());
      expect(stored).toMatch(/^RIFF....WEBP/s);
      expect(stored).not.toContain('Exif');
    }
    expect((await env.PHOTOS.list({ prefix: `chat/${sent.conversation}/` })).objects).toHaveLength(2);

    // the recipient sees it in the conversation and the list ("Photo": no text, no gift)
    const page = await read<Messages>(await get(`${V}/api/messages.php?conversation=${sent.conversation}`, b.cookie));
    expect(page.messages[0]).toMatchObject({ kind: 'image', mine: false, image: { match, thumb_filename: thumb }, client_id: null });
    const list = await read<Chats>(await get(`${V}/api/chats.php`, b.cookie));
    expect(list.chats.find((c) => c.profile === a.id)?.last_message).toMatchObject({ kind: 'image', text: null, gift: null, mine: false });
  });

  it('a free member may not send images: 403 premium_required, nothing charged or stored', async () => {
    const a = await activeMember(); // free, with signup credits and the free allowance
    const b = await activeMember(undefined, { gender: 'female' });
    const before = await credits(a.id);
    const objects = await chatObjects();
    const res = await sendImage(a.cookie, b.id);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'premium_required',
      message: "Foto's sturen in de chat kan alleen als premium lid. Je wordt premium met je eerste creditpakket.",
    });
    expect(await credits(a.id)).toBe(before);
    expect(await count("SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND reason LIKE 'message_%'", a.id)).toBe(0);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(0);
    expect(await count('SELECT count(*) n FROM conversations WHERE member_a = ?1 OR member_b = ?1', a.id)).toBe(0);
    expect(await chatObjects()).toEqual(objects);
    // the free allowance is untouched too, and receiving images is open to free members
    expect(await env.DB.prepare('SELECT free_messages_left FROM members WHERE id = ?').bind(a.id).first('free_messages_left')).toBe(3);
    await setMember(b.id, { paid_user: 1, credits: 100 });
    const back = await sendImage(b.cookie, a.id);
    expect(back.status).toBe(201);
    expect((await media((await read<SendAnswer>(back)).message.image!.match, a.cookie)).status).toBe(200);
  });

  it.each([
    ['text pretending to be a JPEG', { bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>') }, 400, 'invalid_photo'],
    ['an empty file', { bytes: new Uint8Array(0) }, 400, 'invalid_photo'],
    ['no file', { file: false }, 400, 'invalid_photo'],
    [
      'an image too small',
      {
        bytes: (() => {
          const p = fixtures.png.slice();
          new DataView(p.buffer).setUint32(16, 10);
          new DataView(p.buffer).setUint32(20, 10);
          return p;
        })(),
        name: 'a.png',
        type: 'image/png',
      },
      400,
      'photo_dimensions',
    ],
    ['another kind as multipart', { kind: 'text' }, 400, 'invalid_request'],
    ['a bad client id', { clientId: 'short' }, 400, 'invalid_request'],
  ] as const)('refuses %s, charges and stores nothing', async (_, options, status, error) => {
    const { a, b } = await trio(100);
    const objects = await chatObjects();
    const res = await sendImage(a.cookie, b.id, options);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect(await credits(a.id)).toBe(100);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(0);
    expect(await chatObjects()).toEqual(objects);
  });

  it('stores a polyglot without its HTML; a file over 10 MB is 400 and a body over the upload limit 413; JSON kind image is 400; JSON sends keep the 1 MB limit', async () => {
    const { a, b } = await trio(100);
    const poly = await read<SendAnswer>(
      await sendImage(a.cookie, b.id, { bytes: fixtures.polyglotJpg, name: 'x.html', type: 'text/html' }),
    );
    const stored = new TextDecoder('latin1').decode(await (await env.PHOTOS.get(poly.message.image!.match))!.arrayBuffer());
    expect(stored).not.toContain('<script');

    const objects = await chatObjects();
    // a file just over 10 MB is refused like a profile photo's; a body over the upload limit is 413
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(fixtures.png);
    const over = await sendImage(a.cookie, b.id, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: 'invalid_photo' });
    const huger = new Uint8Array(11 * 1024 * 1024);
    huger.set(fixtures.png);
    const large = await sendImage(a.cookie, b.id, { bytes: huger, name: 'big.png', type: 'image/png' });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: 'invalid_photo' });
    expect(await chatObjects()).toEqual(objects);

    const json = await post(`${V}/api/message.php`, { to: b.id, kind: 'image', client_id: cid() }, a.cookie);
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    const huge = await post(`${V}/api/message.php`, { to: b.id, kind: 'text', text: 'x'.repeat(1024 * 1024), client_id: cid() }, a.cookie);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: 'payload_too_large' });
    expect(await credits(a.id)).toBe(100 - (await photoCredits()));
  });

  it('without enough credits: 402, and no object is left in R2', async () => {
    const { a, b } = await trio(1);
    const objects = await chatObjects();
    const res = await sendImage(a.cookie, b.id);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: 'insufficient_credits' });
    expect(await chatObjects()).toEqual(objects);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(0);
    expect(await count('SELECT count(*) n FROM conversations WHERE member_a = ?1 OR member_b = ?1', a.id)).toBe(0);
    expect(await credits(a.id)).toBe(1);
  });

  it('a retry with the same client_id is the same message, one charge and one object, also in parallel', async () => {
    const price = await photoCredits();
    const { a, b } = await trio(100);
    const objects = await chatObjects();
    const clientId = cid();
    const first = await read<SendAnswer>(await sendImage(a.cookie, b.id, { clientId }));
    const again = await sendImage(a.cookie, b.id, { clientId });
    expect(again.status).toBe(201);
    expect((await read<SendAnswer>(again)).message).toEqual(first.message);
    const parallelId = cid();
    const results = await Promise.all([0, 1, 2, 3].map(() => sendImage(a.cookie, b.id, { clientId: parallelId })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set((await Promise.all(results.map((r) => read<SendAnswer>(r)))).map((x) => x.message.id)).size).toBe(1);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(2);
    expect(await count("SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND reason = 'message_image'", a.id)).toBe(2);
    expect(await credits(a.id)).toBe(100 - 2 * price);
    expect((await chatObjects()).filter((k) => !objects.includes(k))).toHaveLength(4); // two images, two versions each
  });

  it('follows the rules of every send: a confirmed sender, a visible recipient, the operator queue for a fictional one', async () => {
    const { a, b } = await trio(100);
    const other = await activeMember('bdsm-nl.localhost', { gender: 'female' }); // another niche
    expect((await sendImage(a.cookie, other.id)).status).toBe(404);
    expect((await sendImage(a.cookie, 999999999)).status).toBe(404);
    expect((await sendImage(undefined, b.id)).status).toBe(403);
    await setMember(b.id, { fictional: 1 });
    const sent = await read<SendAnswer>(await sendImage(a.cookie, b.id));
    expect(
      await env.DB.prepare('SELECT awaiting_operator_since FROM conversations WHERE id = ?')
        .bind(sent.conversation)
        .first('awaiting_operator_since'),
    ).not.toBeNull();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(a.id).run();
    expect(await (await sendImage(a.cookie, b.id)).json()).toMatchObject({ error: 'email_not_confirmed' });
  });
});

describe('serving chat images', () => {
  it('to the sender and the recipient only, privately, with an ETag; a stranger gets 404, a visitor 403', async () => {
    const { a, b, stranger } = await trio(100);
    const { message } = await read<SendAnswer>(await sendImage(a.cookie, b.id));
    const match = message.image!.match;
    for (const [path, cookie] of [match, message.image!.thumb_filename].flatMap(
      (p) =>
        [
          [p, a.cookie],
          [p, b.cookie],
        ] as const,
    )) {
      const res = await media(path, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('content-disposition')).toBe('inline');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await (await env.PHOTOS.get(path))!.arrayBuffer()));
      const again = await media(path, cookie, { 'if-none-match': res.headers.get('etag')! });
      expect(again.status).toBe(304);
    }
    for (const path of [match, message.image!.thumb_filename]) {
      const strange = await media(path, stranger.cookie);
      expect(strange.status).toBe(404);
      expect(await strange.json()).toMatchObject({ error: 'not_found_generic' });
      const visitor = await media(path);
      expect(visitor.status).toBe(403);
      expect(await visitor.json()).toMatchObject({ error: 'authentication_required' });
    }
    // a thumbnail name on a key that is not this message's thumbnail is not found
    expect((await media(match.replace(/\.webp$/, '-t.jpg'), b.cookie)).status).toBe(404);
    // another key in the same conversation folder, or another site of the pool's niche, is not found
    expect((await media(match.replace(/[0-9a-f]{8}-/, '00000000-'), b.cookie)).status).toBe(404);
    expect((await call(`http://bdsm-nl.localhost/media/${match}`, { headers: { cookie: `sid=${b.cookie}` } })).status).toBe(404);
  });

  it('not between blocked members, either way', async () => {
    const { a, b } = await trio(100);
    const { message } = await read<SendAnswer>(await sendImage(a.cookie, b.id));
    await post(`${V}/api/block.php`, { id: a.id }, b.cookie);
    expect((await media(message.image!.match, a.cookie)).status).toBe(404);
    expect((await media(message.image!.match, b.cookie)).status).toBe(404);
    await post(`${V}/api/block.php`, { id: a.id }, b.cookie, 'DELETE');
    expect((await media(message.image!.match, b.cookie)).status).toBe(200);
  });

  it('not to a member who deleted the conversation past it; the other still sees it', async () => {
    const { a, b } = await trio(100);
    const { message, conversation } = await read<SendAnswer>(await sendImage(a.cookie, b.id));
    expect((await post(`${V}/api/chat.php`, { conversation }, b.cookie, 'DELETE')).status).toBe(200);
    expect((await media(message.image!.match, b.cookie)).status).toBe(404);
    expect((await media(message.image!.match, a.cookie)).status).toBe(200);
    // a newer image shows to both again, the older one stays gone for the one who deleted it
    const newer = await read<SendAnswer>(await sendImage(a.cookie, b.id));
    expect((await media(newer.message.image!.match, b.cookie)).status).toBe(200);
    expect((await media(message.image!.match, b.cookie)).status).toBe(404);
  });
});

describe('erasure', () => {
  it('removes the R2 objects of the images the member sent, with the rows', async () => {
    const { purgeDeletedAccounts } = await import('../../worker/features/account/purge');
    const { features } = await import('../../worker/features');
    const { getDb } = await import('../../worker/lib/db');
    const { a, b } = await trio(100);
    const mine = await Promise.all([0, 1].map(async () => (await read<SendAnswer>(await sendImage(a.cookie, b.id))).message.image!.match));
    await setMember(b.id, { paid_user: 1, credits: 100 });
    const theirs = (await read<SendAnswer>(await sendImage(b.cookie, a.id))).message.image!.match;
    await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, a.cookie);
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 15 * 86400_000).toISOString(), a.id)
      .run();
    await purgeDeletedAccounts({ db: getDb(env.DB), env, now: new Date(), features });
    expect(await count('SELECT count(*) n FROM members WHERE id = ? AND erased_at IS NOT NULL', a.id)).toBe(1);
    for (const key of mine) expect(await env.PHOTOS.head(key)).toBeNull();
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(0);
    // the other member keeps their own message and its image
    expect(await env.PHOTOS.head(theirs)).not.toBeNull();
  });
});

describe('the unread total in the user object', () => {
  it('equals chats.php total_unread as messages arrive, and is 0 after opening', async () => {
    const { a, b } = await trio(100);
    const c = await activeMember();
    await setMember(c.id, { paid_user: 1, credits: 100 });
    const user = async () =>
      (await read<{ user: { unread_messages: number } }>(await get(`${V}/api/user.php`, b.cookie))).user.unread_messages;
    const total = async () => (await read<Chats>(await get(`${V}/api/chats.php`, b.cookie))).total_unread;
    expect(await user()).toBe(0);
    const first = await read<SendAnswer>(await sendImage(a.cookie, b.id));
    await sendImage(a.cookie, b.id);
    await post(`${V}/api/message.php`, { to: b.id, kind: 'text', text: 'Hoi', client_id: cid() }, a.cookie);
    await post(`${V}/api/message.php`, { to: b.id, kind: 'text', text: 'Hallo', client_id: cid() }, c.cookie);
    expect(await user()).toBe(4);
    expect(await total()).toBe(4);
    // a blocked member's messages count in neither
    await post(`${V}/api/block.php`, { id: c.id }, b.cookie);
    expect(await user()).toBe(3);
    expect(await total()).toBe(3);
    // every answer with a user carries it, a profile edit too
    const edit = await read<{ user: { unread_messages: number } }>(
      await post(`${V}/api/profile.php`, { about_me: 'Hoi' }, b.cookie, 'PUT'),
    );
    expect(edit.user.unread_messages).toBe(3);
    // and the app shell inlines it for the first paint
    expect(await (await get(`${V}/chats`, b.cookie)).text()).toContain('"unread_messages":3');
    await get(`${V}/api/messages.php?conversation=${first.conversation}`, b.cookie);
    expect(await user()).toBe(0);
    expect(await total()).toBe(0);
  });
});
