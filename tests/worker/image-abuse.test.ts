// Crafted uploads (issue 12): files made to cost the check time or memory, or to declare far
// more pixels than they hold. Each is refused with 400 and the right error, nothing stored, never
// a 5xx; the check itself stays bounded (worker/lib/images.ts, CAPS). The files are made here
// from the small fixtures (tests/worker/crafted-images.ts): nothing large is committed.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../worker/contracts/photos.values';
import { CAPS, checkImage, webpImageOnly, type CheckedImage } from '../../worker/lib/images';
import { activeMember, count, signup, uploadPhoto } from './account-helpers';
import * as crafted from './crafted-images';
import { fixtures } from './fixtures';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (out.set(p, o), o + p.length), 0);
  return out;
};
const segment = (marker: number, body: Uint8Array) =>
  join(Uint8Array.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body);
/** A JPEG fixture with `segments` put right after its SOI marker. */
const jpegWith = (...segments: Uint8Array[]) => join(fixtures.jpg.subarray(0, 2), ...segments, fixtures.jpg.subarray(2));
const accepted = (r: CheckedImage | string): CheckedImage => {
  if (typeof r === 'string') throw new Error(`refused: ${r}`);
  return r;
};

/** A small simple lossy WebP (80×60, one VP8 chunk) made by the image service from the JPEG fixture. */
async function smallWebp() {
  const out = await env.IMAGES.input(new Blob([fixtures.jpg as Uint8Array<ArrayBuffer>]).stream()).output({
    format: 'image/webp',
    quality: 80,
  });
  return new Uint8Array(await out.response().arrayBuffer());
}

/** Files of at most 10 MB (what the routes take) made to be expensive, each with the error it must get. */
const CRAFTED: [string, () => Promise<Uint8Array> | Uint8Array, 'not_an_image' | 'bad_dimensions'][] = [
  ['a 10 MB JPEG of 2.6 million empty segments', () => crafted.jpegOfTinySegments(fixtures.jpg, MAX_PHOTO_BYTES - 1024), 'not_an_image'],
  [
    'a 10 MB JPEG whose scan is stuffed bytes and restarts and never ends',
    () => crafted.jpegOfEndlessScan(fixtures.jpg, MAX_PHOTO_BYTES - 1024),
    'not_an_image',
  ],
  ['a 10 MB WebP of 1.3 million empty chunks', () => crafted.webpOfEmptyChunks(fixtures.largeWebp, 1_300_000), 'not_an_image'],
  ['a 9 MB PNG of 800,000 empty chunks', () => crafted.pngOfEmptyChunks(fixtures.png, 800_000), 'not_an_image'],
  ['a 1 KB JPEG declaring 8000×5000', () => crafted.jpegDeclaring(fixtures.jpg, 8000, 5000), 'not_an_image'],
  ['an 8 KB PNG declaring 4000×4000', () => crafted.pngDeclaring(fixtures.png, 4000, 4000), 'not_an_image'],
  ['a small WebP whose frame declares 8000×5000', async () => crafted.webpDeclaring(await smallWebp(), 8000, 5000), 'not_an_image'],
  ['a WebP whose canvas is not its frame', () => crafted.webpOnCanvas(fixtures.largeWebp, 4000, 4000), 'not_an_image'],
  ['a PNG declaring 9000×9000', () => crafted.pngDeclaring(fixtures.png, 9000, 9000), 'bad_dimensions'],
];

const upload = (cookie: string, bytes: Uint8Array, name: string) => uploadPhoto(V, cookie, bytes, { name, type: null });

describe('checkImage on crafted files', () => {
  it.each(CRAFTED)('refuses %s', async (_, make, problem) => {
    const bytes = await make();
    expect(bytes.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    // the answer only: workerd's clock does not move during CPU work, so the check's time is a row of
    // `npm run bench` (tests/bench/images.mjs, in Node), one per file of this list
    expect(checkImage(bytes)).toBe(problem);
  });

  it('counts segments and chunks against the caps, just under and just over', () => {
    const comments = (n: number) => Array.from({ length: n }, () => segment(0xfe, ascii('x')));
    // the fixture's scan is its 5th segment (APP0, DQT, SOF0, DHT, SOS): fill up to the cap, then one more
    expect(checkImage(jpegWith(...comments(CAPS.jpegHeaderSegments - 5)))).toMatchObject({ width: 80, height: 60 });
    expect(checkImage(jpegWith(...comments(CAPS.jpegHeaderSegments - 4)))).toBe('not_an_image');
    const webp = (n: number) => crafted.webpOfEmptyChunks(fixtures.largeWebp, n);
    expect(checkImage(webp(CAPS.webpChunks - 1))).toMatchObject({ width: 2400 });
    expect(checkImage(webp(CAPS.webpChunks))).toBe('not_an_image');
    const png = (n: number) => crafted.pngOfEmptyChunks(fixtures.png, n);
    expect(checkImage(png(10))).toMatchObject({ width: 64 });
    expect(checkImage(png(CAPS.pngChunks))).toBe('not_an_image');
  });

  it('keeps accepting real photos, orientation read, metadata gone', () => {
    const phone = accepted(checkImage(fixtures.phoneJpg));
    expect(phone).toMatchObject({ format: 'jpg', width: 2016, height: 1512, orientation: 6 });
    expect(latin1(phone.bytes)).not.toMatch(/Apple|iPhone|GPS/);
    expect(accepted(checkImage(fixtures.gpsJpg)).bytes.length).toBeLessThan(fixtures.gpsJpg.length);
    expect(accepted(checkImage(fixtures.largePng))).toMatchObject({ format: 'png', width: 1800, height: 1200 });
    expect(accepted(checkImage(fixtures.largeWebp))).toMatchObject({ format: 'webp', width: 2400, height: 1600 });
    expect(accepted(checkImage(crafted.webpOnCanvas(fixtures.largeWebp, 2400, 1600)))).toMatchObject({ width: 2400, height: 1600 });
  });

  it('keeps no markup-carrying segment: JFIF, Adobe or ICC lookalikes, JPGn segments', () => {
    const html = ascii('<script>alert(1)</script>');
    for (const bytes of [
      jpegWith(segment(0xe0, join(ascii('JFIF\0'), html))),
      jpegWith(segment(0xe2, join(ascii('ICC_PROFILE\0'), Uint8Array.from([1, 1]), html))),
      jpegWith(segment(0xee, join(ascii('Adobe'), html))),
      jpegWith(segment(0xf0, html), segment(0xfd, html)),
    ]) {
      const out = accepted(checkImage(bytes));
      expect(latin1(out.bytes)).not.toContain('<script');
    }
  });

  it('refuses arithmetic-coded, lossless and 12-bit JPEGs, a JPEG without an end, an animated WebP, an unknown critical PNG chunk', () => {
    const jpg = fixtures.jpg;
    const sof = latin1(jpg).indexOf('\xff\xc0');
    const withByte = (b: Uint8Array, at: number, v: number) => ((b = b.slice()), (b[at] = v), b);
    expect(checkImage(withByte(jpg, sof + 1, 0xc9))).toBe('not_an_image'); // arithmetic
    expect(checkImage(withByte(jpg, sof + 1, 0xc3))).toBe('not_an_image'); // lossless
    expect(checkImage(withByte(jpg, sof + 4, 12))).toBe('not_an_image'); // 12 bits a sample
    expect(checkImage(jpg.subarray(0, jpg.length - 2))).toBe('not_an_image');
    const animated = crafted.webpOnCanvas(fixtures.largeWebp, 2400, 1600);
    expect(checkImage(withByte(animated, 20, 0x02))).toBe('not_an_image');
    const png = fixtures.png;
    const critical = join(
      png.subarray(0, 33),
      Uint8Array.from([0, 0, 0, 0]),
      ascii('ABCD'),
      Uint8Array.from([0, 0, 0, 0]),
      png.subarray(33),
    );
    expect(checkImage(critical)).toBe('not_an_image');
  });

  it('drops a WebP service answer down to its image chunks', () => {
    const riffChunk = (type: string, data: Uint8Array) =>
      join(ascii(type), Uint8Array.from([data.length, 0, 0, 0]), data, new Uint8Array(data.length & 1));
    const made = crafted.webpOnCanvas(fixtures.largeWebp, 2400, 1600);
    const body = join(made.subarray(12), riffChunk('EXIF', ascii('Exif\0\0GPS')), riffChunk('XMP ', ascii('<x:xmpmeta>')));
    const withMeta = join(
      ascii('RIFF'),
      Uint8Array.from([(body.length + 4) & 255, ((body.length + 4) >> 8) & 255, (body.length + 4) >> 16, 0]),
      ascii('WEBP'),
      body,
    );
    withMeta[20] = 0x0c; // EXIF and XMP flags
    const clean = webpImageOnly(withMeta)!;
    expect(latin1(clean)).not.toMatch(/EXIF|XMP|GPS|xmpmeta/);
    expect(clean[20]).toBe(0);
    expect(accepted(checkImage(clean))).toMatchObject({ width: 2400, height: 1600 });
  });
});

describe('crafted uploads through the routes', () => {
  it.each(CRAFTED)('refuses %s as a profile photo: 400, no object, no row', async (_, make, problem) => {
    const { cookie, body } = await signup();
    const res = await upload(cookie!, await make(), 'crafted');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: problem === 'bad_dimensions' ? 'photo_dimensions' : 'invalid_photo' });
    expect((await env.PHOTOS.list({ prefix: `photos/${body.user.id}/` })).objects).toHaveLength(0);
    expect(await count('SELECT count(*) n FROM photos WHERE member_id = ?', body.user.id)).toBe(0);
  });

  it('refuses the 10 MB crafted JPEG and WebP in chat: 400, nothing charged or stored', async () => {
    const a = await activeMember();
    const b = await activeMember(undefined, { gender: 'female' });
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(a.id).run();
    for (const bytes of [
      crafted.jpegOfTinySegments(fixtures.jpg, MAX_PHOTO_BYTES - 1024),
      crafted.webpOfEmptyChunks(fixtures.largeWebp, 1_300_000),
    ]) {
      const form = new FormData();
      form.set('to', String(b.id));
      form.set('kind', 'image');
      form.set('client_id', `abuse-${crypto.randomUUID()}`);
      form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], 'x.jpg', { type: 'image/jpeg' }));
      const res = await call(`${V}/api/message.php`, {
        method: 'POST',
        body: form,
        headers: { 'request-type': 'client', cookie: `sid=${a.cookie}` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_photo' });
    }
    expect(await count('SELECT credits n FROM members WHERE id = ?', a.id)).toBe(100);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(0);
    expect((await env.PHOTOS.list({ prefix: 'chat/' })).objects).toHaveLength(0);
  });
});
