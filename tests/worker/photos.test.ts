import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { activeMember, get, post, signup, uploadPhoto } from './account-helpers';
import worker from '../../worker/index';
import { fixtures } from './fixtures';
import { call } from './helpers';
import { opCall, operatorSession } from './operator-helpers';
import { previewPhotos, versionPhotos } from '../../worker/features/photos/photos.feature';
import { getDb } from '../../worker/lib/db';
import { translator } from '../../worker/lib/i18n';
import { checkImage, type CheckedImage } from '../../worker/lib/images';
import { PREVIEW_SIDE, versionsOf as versionsOfUpload } from '../../worker/lib/photo-versions';

const V = 'http://vonkje.localhost';
type PhotoJson = {
  id: string;
  filename: string;
  thumb_filename: string;
  status: string;
  match: string;
  main: boolean;
  width: number;
  height: number;
};
type PhotosBody = { photos: PhotoJson[]; limit: number; user: { profile: { main_image: PhotoJson | null } } };

const upload = (cookie: string | undefined, bytes: Uint8Array, name = 'photo.png', type = 'image/png', host = V) =>
  uploadPhoto(host, cookie, bytes, { name, type });
/** A moderator decides on the operator host (tests/worker/operator.test.ts covers who may). */
let moderator: string | undefined;
async function approve(id: string, status: 'active' | 'removed' = 'active') {
  moderator ??= (await operatorSession('moderator')).cookie;
  return opCall('photo.php', moderator, status === 'active' ? { id, decision: 'approve' } : { id, decision: 'remove', reason: 'other' });
}
/** A photo by its `match` path (under the cdn_prefix /media/), or by an absolute path. */
const media = (path: string, cookie?: string, host = V) => get(`${host}${path.startsWith('/') ? path : `/media/${path}`}`, cookie);
const makePremium = (id: number) => env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(id).run();

/** A PNG whose header claims the given size (enough for the dimension check). */
function pngOfSize(width: number, height: number) {
  const b = fixtures.png.slice();
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

/** Both versions of an uploaded photo, as stored in R2. */
async function versionsOf(photo: PhotoJson) {
  const bytes = async (key: string) => new Uint8Array(await (await env.PHOTOS.get(key))!.arrayBuffer());
  return { display: await bytes(photo.filename), thumb: await bytes(photo.thumb_filename) };
}
/** Width and height of stored bytes, read by the image service itself. */
const sizeOf = async (bytes: Uint8Array) => {
  const info = (await env.IMAGES.info(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream())) as {
    width: number;
    height: number;
    format: string;
  };
  return { width: info.width, height: info.height, format: info.format };
};
const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
/** The chunk types of a WebP (a version carries its image and nothing else: no EXIF, XMP or ICC chunk). */
function webpChunks(b: Uint8Array) {
  expect(latin1(b.slice(0, 12))).toMatch(/^RIFF....WEBP$/s);
  const types: string[] = [];
  for (let i = 12; i + 8 <= b.length;) {
    const len = b[i + 4]! | (b[i + 5]! << 8) | (b[i + 6]! << 16) | (b[i + 7]! << 24);
    types.push(latin1(b.slice(i, i + 4)));
    i += 8 + len + (len & 1);
  }
  return types;
}
const IMAGE_CHUNKS = /^(VP8 |VP8L|VP8X|ALPH)$/;

describe('photo upload', () => {
  it('stores a display version and a thumbnail under server-made keys, pending, as the main photo', async () => {
    const { cookie, body } = await signup();
    const res = await upload(cookie, fixtures.png, '../../../etc/passwd', 'text/plain');
    expect(res.status).toBe(201);
    const out = (await res.json()) as PhotosBody;
    expect(out.photos).toHaveLength(1);
    const photo = out.photos[0]!;
    expect(photo).toMatchObject({ status: 'pending', main: true, width: 64, height: 64 });
    expect(photo.filename).toMatch(new RegExp(`^photos/${body.user.id}/[0-9a-f-]{36}\\.webp$`));
    expect(photo.thumb_filename).toBe(photo.filename.replace(/\.webp$/, '-t.webp'));
    expect(photo.match).toBe(photo.filename); // the path under the site's cdn_prefix
    expect(out.user.profile.main_image).toMatchObject({
      filename: photo.filename,
      thumb_filename: photo.thumb_filename,
      status: 'pending',
    });
    // the versions and nothing else: the upload itself is not kept
    expect((await env.PHOTOS.list({ prefix: `photos/${body.user.id}/` })).objects.map((o) => o.key).sort()).toEqual(
      [photo.filename, photo.thumb_filename].sort(),
    );
    expect(await sizeOf((await versionsOf(photo)).thumb)).toEqual({ width: 64, height: 64, format: 'image/webp' });
  });

  it.each([
    [
      'a JPEG phone photo, turned upright',
      () => fixtures.phoneJpg,
      'image/jpeg',
      { width: 1200, height: 1600 },
      { width: 300, height: 400 },
    ],
    ['a PNG', () => fixtures.largePng, 'image/png', { width: 1600, height: 1067 }, { width: 400, height: 267 }],
    ['a WebP', () => fixtures.largeWebp, 'image/webp', { width: 1600, height: 1067 }, { width: 400, height: 267 }],
  ])('makes the versions of %s: at most 1600 and 400 px, the thumbnail at most 40 KB', async (_, bytes, type, display, thumb) => {
    const { cookie } = await signup();
    const res = await upload(cookie, bytes(), 'upload', type);
    expect(res.status).toBe(201);
    const photo = ((await res.json()) as PhotosBody).photos[0]!;
    expect(photo).toMatchObject(display);
    const stored = await versionsOf(photo);
    expect(await sizeOf(stored.display)).toEqual({ ...display, format: 'image/webp' });
    expect(await sizeOf(stored.thumb)).toEqual({ ...thumb, format: 'image/webp' });
    expect(stored.thumb.length).toBeLessThanOrEqual(40 * 1024);
    expect(stored.display.length).toBeLessThan(bytes().length);
    expect(stored.thumb.length).toBeLessThan(stored.display.length);
  });

  it('applies the orientation of a phone photo and keeps none of its EXIF in either version', async () => {
    expect(await exifr.gps(fixtures.phoneJpg)).toMatchObject({ latitude: expect.any(Number) });
    const { cookie } = await signup();
    const photo = ((await (await upload(cookie, fixtures.phoneJpg, 'phone.jpg', 'image/jpeg')).json()) as PhotosBody).photos[0]!;
    for (const version of Object.values(await versionsOf(photo))) {
      for (const chunk of webpChunks(version)) expect(chunk).toMatch(IMAGE_CHUNKS);
      expect(latin1(version)).not.toMatch(/Exif|Apple|iPhone|XMP/);
      const { width, height } = await sizeOf(version);
      expect(height).toBeGreaterThan(width); // stored landscape, stands upright
    }
    // the small oriented fixture too
    const small = ((await (await upload(cookie, fixtures.orientedJpg, 'o.jpg', 'image/jpeg')).json()) as PhotosBody).photos.at(-1)!;
    for (const chunk of webpChunks((await versionsOf(small)).display)) expect(chunk).toMatch(IMAGE_CHUNKS);
  });

  it('removes EXIF with GPS from every version of a JPEG', async () => {
    expect(await exifr.gps(fixtures.gpsJpg)).toMatchObject({ latitude: expect.any(Number) });
    const { cookie } = await signup();
    const out = (await (await upload(cookie, fixtures.gpsJpg, 'holiday.jpg', 'image/jpeg')).json()) as PhotosBody;
    for (const version of Object.values(await versionsOf(out.photos[0]!))) {
      for (const chunk of webpChunks(version)) expect(chunk).toMatch(IMAGE_CHUNKS);
      expect(latin1(version)).not.toContain('Exif');
    }
    expect(out.photos[0]).toMatchObject({ width: 80, height: 60 });
  });

  it('strips the HTML of an HTML/JPEG polyglot and serves both versions sandboxed as images', async () => {
    const { cookie } = await signup();
    const out = (await (await upload(cookie, fixtures.polyglotJpg, 'x.html', 'text/html')).json()) as PhotosBody;
    const photo = out.photos[0]!;
    for (const version of Object.values(await versionsOf(photo))) expect(latin1(version)).not.toContain('<script');
    for (const path of [photo.match, photo.thumb_filename]) {
      const res = await media(path, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each([
    ['HTML after the end of a JPEG', () => fixtures.htmlAfterEoi, 'jpg'],
    ['an EXIF block after the scan data', () => fixtures.exifAfterScan, 'jpg'],
    ['HTML in an APP2 segment', () => fixtures.htmlInApp2, 'jpg'],
    ['a WebP with an HTML chunk and an EXIF chunk', () => fixtures.webpWithHtml, 'webp'],
  ])('stores %s without it', async (_, bytes, ext) => {
    const { cookie } = await signup();
    const res = await upload(cookie, bytes(), `x.${ext}`, `image/${ext}`);
    expect(res.status).toBe(201);
    const out = (await res.json()) as PhotosBody;
    for (const version of Object.values(await versionsOf(out.photos[0]!))) {
      expect(latin1(version)).not.toContain('<script');
      expect(latin1(version)).not.toContain('Exif');
      for (const chunk of webpChunks(version)) expect(chunk).toMatch(IMAGE_CHUNKS);
    }
  });

  it.each([
    ['text pretending to be a JPEG', new TextEncoder().encode('<html>not an image</html>'), 'a.jpg', 'image/jpeg', 'invalid_photo'],
    ['a GIF', Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]), 'a.png', 'image/png', 'invalid_photo'],
    ['a 0-byte file', new Uint8Array(0), 'a.jpg', 'image/jpeg', 'invalid_photo'],
    ['a truncated PNG', fixtures.png.slice(0, 40), 'a.png', 'image/png', 'invalid_photo'],
    ['an image too large in pixels', pngOfSize(9000, 9000), 'a.png', 'image/png', 'photo_dimensions'],
    ['an image too small', pngOfSize(10, 10), 'a.png', 'image/png', 'photo_dimensions'],
    ['an image of too many pixels', pngOfSize(7000, 7000), 'a.png', 'image/png', 'photo_dimensions'],
  ])('refuses %s and stores nothing', async (_, bytes, name, type, error) => {
    const { cookie, body } = await signup();
    const res = await upload(cookie, bytes, name, type);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error });
    expect((await env.PHOTOS.list({ prefix: `photos/${body.user.id}/` })).objects).toHaveLength(0);
    expect((await env.DB.prepare('SELECT count(*) n FROM photos WHERE member_id = ?').bind(body.user.id).first<{ n: number }>())!.n).toBe(
      0,
    );
  });

  it('refuses a file over 10 MB, and a visitor', async () => {
    const { cookie } = await signup();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(fixtures.png);
    expect([400, 413]).toContain((await upload(cookie, big)).status);
    expect((await upload(undefined, fixtures.png)).status).toBe(403);
  });
});

describe('photo limits', () => {
  it('a free member may have 3 photos: the 4th is refused', async () => {
    const { cookie } = await signup();
    for (let i = 0; i < 3; i++) expect((await upload(cookie, fixtures.png)).status).toBe(201);
    const fourth = await upload(cookie, fixtures.png);
    expect(fourth.status).toBe(400);
    expect(await fourth.json()).toMatchObject({ error: 'photo_limit', message: "Je kunt maximaal 3 foto's uploaden." });
  });

  it('a premium member may have 25: the 26th is refused', async () => {
    const { cookie, body } = await signup();
    await makePremium(body.user.id);
    for (let i = 0; i < 25; i++) expect((await upload(cookie, fixtures.jpg, 'a.jpg', 'image/jpeg')).status).toBe(201);
    expect((await upload(cookie, fixtures.jpg, 'a.jpg', 'image/jpeg')).status).toBe(400);
  });

  it('holds under concurrent uploads', async () => {
    const { cookie, body } = await signup();
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(cookie, fixtures.png)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect((await env.DB.prepare('SELECT count(*) n FROM photos WHERE member_id = ?').bind(body.user.id).first<{ n: number }>())!.n).toBe(
      3,
    );
    expect((await env.PHOTOS.list({ prefix: `photos/${body.user.id}/` })).objects).toHaveLength(6); // two versions each, nothing of the refused
  });
});

describe('photo states and access', () => {
  async function memberWithTwoPhotos() {
    const owner = await signup();
    await upload(owner.cookie, fixtures.png);
    const out = (await (await upload(owner.cookie, fixtures.jpg, 'b.jpg', 'image/jpeg')).json()) as PhotosBody;
    const [main, second] = out.photos as [PhotoJson, PhotoJson];
    return { owner, main, second };
  }

  it('pending photos are seen by their owner only', async () => {
    const { owner, main } = await memberWithTwoPhotos();
    const other = await signup();
    for (const path of [main.match, main.thumb_filename]) {
      const own = await media(path, owner.cookie);
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      expect((await media(path, other.cookie)).status).toBe(404);
      expect((await media(path)).status).toBe(404);
    }
  });

  it('visitor: main photo only; free member: locked answer without bytes; premium: all', async () => {
    const { main, second } = await memberWithTwoPhotos();
    await approve(main.id);
    await approve(second.id);
    const visitorMain = await media(main.match);
    expect(visitorMain.status).toBe(200);
    expect(visitorMain.headers.get('cache-control')).toBe('public, no-cache'); // shared caches must revalidate
    const etag = visitorMain.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await call(`${V}/media/${main.match}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(visitorMain.headers.get('content-type')).toBe('image/webp');
    expect((await media(main.thumb_filename)).status).toBe(200);
    // every version of a locked photo is as locked as the other
    const free = await signup();
    const premium = await signup();
    await makePremium(premium.body.user.id);
    for (const path of [second.match, second.thumb_filename]) {
      const visitorSecond = await media(path);
      expect(visitorSecond.status).toBe(403);
      expect(visitorSecond.headers.get('cache-control')).toBe('private, no-store');
      const locked = await media(path, free.cookie);
      expect(locked.status).toBe(403);
      expect(locked.headers.get('content-type')).toMatch(/application\/json/);
      expect(locked.headers.get('cache-control')).toBe('private, no-store');
      expect(await locked.json()).toMatchObject({ error: 'photo_locked' });
      const open = await media(path, premium.cookie);
      expect(open.status).toBe(200);
      expect(open.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(open.headers.get('vary')).toMatch(/Cookie/);
      expect(latin1(new Uint8Array(await open.arrayBuffer()).slice(0, 12))).toMatch(/^RIFF....WEBP$/s);
    }
    expect((await media(main.match, free.cookie)).status).toBe(200);
    expect((await media(main.thumb_filename, free.cookie)).status).toBe(200);
    // another photo's thumbnail name, or a version that does not exist, is not found
    expect((await media(main.match.replace(/\.webp$/, '-d.webp'))).status).toBe(404);
    expect((await media(main.thumb_filename.replace(/^photos\/[0-9]+\//, 'photos/1/'))).status).toBe(404);
  });

  it("shows a locked photo's server-made preview (tiny, not the photo) to free members and visitors, the photo itself to premium", async () => {
    const owner = await activeMember();
    await upload(owner.cookie, fixtures.png);
    const out = (await (await upload(owner.cookie, fixtures.phoneJpg, 'b.jpg', 'image/jpeg')).json()) as PhotosBody;
    const second = out.photos[1]!;
    await env.DB.prepare("UPDATE photos SET status = 'active' WHERE member_id = ?").bind(owner.id).run();
    type Shown = {
      id: string;
      match: string | null;
      thumb_filename: string | null;
      locked: boolean;
      preview: string | null;
      unlock: string | null;
    };
    const photosFor = async (cookie?: string) =>
      ((await (await get(`${V}/api/member.php?id=${owner.id}`, cookie)).json()) as { profile: { photos: Shown[] } }).profile.photos;
    const fromDataUri = (uri: string) => Uint8Array.from(atob(uri.replace(/^data:image\/webp;base64,/, '')), (c) => c.charCodeAt(0));
    const { display, thumb } = await versionsOf(second);

    const free = await activeMember();
    const locked = (await photosFor(free.cookie)).find((p) => p.id === second.id)!;
    expect(locked).toMatchObject({ locked: true, match: null, thumb_filename: null, unlock: 'premium' });
    expect(locked.preview).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    const preview = fromDataUri(locked.preview!);
    // a tiny image, decoded by the image service: 16 px on its long side (the photo is 3:4, 1200×1600)
    expect(await sizeOf(preview)).toEqual({ width: 12, height: PREVIEW_SIDE, format: 'image/webp' });
    expect(preview.length).toBeLessThan(1024);
    expect(webpChunks(preview).every((t) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(t))).toBe(true);
    // not the photo: other bytes than either version
    expect(latin1(preview)).not.toBe(latin1(display));
    expect(latin1(preview)).not.toBe(latin1(thumb));
    // and the photo's own addresses stay refused to this member (and to a visitor)
    for (const path of [second.match, second.thumb_filename]) {
      expect((await media(path, free.cookie)).status).toBe(403);
      expect((await media(path)).status).toBe(403);
    }
    // a visitor gets the preview too, with another way to open it
    const forVisitor = (await photosFor()).find((p) => p.id === second.id)!;
    expect(forVisitor).toMatchObject({ locked: true, match: null, unlock: 'login', preview: locked.preview });

    // a premium member gets the photo, no preview
    const premium = await activeMember();
    await makePremium(premium.id);
    const open = (await photosFor(premium.cookie)).find((p) => p.id === second.id)!;
    expect(open).toMatchObject({ locked: false, match: second.match, thumb_filename: second.thumb_filename, preview: null, unlock: null });
    const served = await media(open.match!, premium.cookie);
    expect(served.status).toBe(200);
    expect(latin1(new Uint8Array(await served.arrayBuffer()))).toBe(latin1(display));
  });

  it("is not served on another company's site, nor for a removed photo or a made-up path", async () => {
    const { main, second } = await memberWithTwoPhotos();
    await approve(main.id);
    expect((await media(main.match, undefined, 'http://she-eng.localhost')).status).toBe(404);
    await approve(second.id, 'removed');
    expect((await media(second.match)).status).toBe(404);
    expect((await media(second.thumb_filename)).status).toBe(404);
    expect(await env.PHOTOS.head(second.filename)).toBeNull();
    expect(await env.PHOTOS.head(second.thumb_filename)).toBeNull();
    expect((await approve(second.id, 'active')).status).toBe(409); // a removed photo stays removed
    for (const path of ['/media/photos/1/../../x.png', '/media/photos/abc/def.png', `/media/${main.match}.html`])
      expect((await media(path)).status).toBe(404);
  });
});

describe('managing own photos', () => {
  it('chooses the main photo and deletes, the main handing over; never on another member', async () => {
    const owner = await signup();
    await upload(owner.cookie, fixtures.png);
    const out = (await (await upload(owner.cookie, fixtures.jpg, 'b.jpg', 'image/jpeg')).json()) as PhotosBody;
    const [first, second] = out.photos as [PhotoJson, PhotoJson];
    expect(first.main).toBe(true);

    const intruder = await signup();
    expect((await post(`${V}/api/photo.php`, { id: second.id, main: true }, intruder.cookie, 'PUT')).status).toBe(404);
    expect((await post(`${V}/api/photo.php`, { id: first.id }, intruder.cookie, 'DELETE')).status).toBe(404);
    expect(await env.PHOTOS.head(first.filename)).not.toBeNull();

    const chosen = (await (await post(`${V}/api/photo.php`, { id: second.id, main: true }, owner.cookie, 'PUT')).json()) as PhotosBody;
    expect(chosen.photos.find((p) => p.main)!.id).toBe(second.id);
    expect(chosen.user.profile.main_image!.filename).toBe(second.filename);

    const afterDelete = (await (await post(`${V}/api/photo.php`, { id: second.id }, owner.cookie, 'DELETE')).json()) as PhotosBody;
    expect(afterDelete.photos.map((p) => p.id)).toEqual([first.id]);
    expect(afterDelete.user.profile.main_image!.filename).toBe(first.filename);
    expect(await env.PHOTOS.head(second.filename)).toBeNull();
    expect(await env.PHOTOS.head(second.thumb_filename)).toBeNull();
    const none = (await (await post(`${V}/api/photo.php`, { id: first.id }, owner.cookie, 'DELETE')).json()) as PhotosBody;
    expect(none.user.profile.main_image).toBeNull();
    for (const bad of [{ id: 'nope' }, {}, { id: first.id, main: false }])
      expect((await post(`${V}/api/photo.php`, bad, owner.cookie, 'PUT')).status).toBe(400);
  });

  it('the signup photo step accepts an uploaded photo', async () => {
    const { cookie } = await signup();
    expect((await post(`${V}/api/signup.php`, { step: 'photo' }, cookie, 'PUT')).status).toBe(400);
    await upload(cookie, fixtures.png);
    const res = await post(`${V}/api/signup.php`, { step: 'photo' }, cookie, 'PUT');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { signup_step: string } }).user.signup_step).toBe('location');
  });
});

describe('the versions job for photos from before the versions', () => {
  /** The 5-minute Cron Trigger, through the worker's own scheduled handler. */
  async function every5() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const row = (id: string) =>
    env.DB.prepare('SELECT key, thumb_key, content_type, width, height FROM photos WHERE id = ?')
      .bind(id)
      .first<Record<string, string | number | null>>();

  it('makes the versions of kept originals once, deletes the originals, and leaves what it cannot read as it was', async () => {
    const { cookie, body } = await signup();
    const id = body.user.id;
    // an original as uploads stored them before: the checked upload itself, no thumbnail
    const legacy = crypto.randomUUID(),
      missing = crypto.randomUUID();
    await env.PHOTOS.put(`photos/${id}/${legacy}.jpg`, fixtures.phoneJpg);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO photos (id, member_id, key, content_type, width, height, bytes, status, created_at) VALUES (?, ?, ?, 'image/jpeg', 2016, 1512, 1, 'active', '2020-01-01T00:00:00.000Z')`,
      ).bind(legacy, id, `photos/${id}/${legacy}.jpg`),
      env.DB.prepare(
        `INSERT INTO photos (id, member_id, key, content_type, width, height, bytes, status, created_at) VALUES (?, ?, ?, 'image/png', 64, 64, 1, 'active', '2020-01-01T00:00:01.000Z')`,
      ).bind(missing, id, `photos/${id}/${missing}.png`),
    ]);
    // before the job, the photo is its own thumbnail
    const before = ((await (await get(`${V}/api/photos.php`, cookie)).json()) as PhotosBody).photos.find((p) => p.id === legacy)!;
    expect(before.thumb_filename).toBe(before.filename);
    expect((await media(before.match, cookie)).status).toBe(200);

    await every5();
    const done = (await row(legacy))!;
    expect(done).toEqual({
      key: `photos/${id}/${legacy}-d.webp`,
      thumb_key: `photos/${id}/${legacy}-t.webp`,
      content_type: 'image/webp',
      width: 1200,
      height: 1600,
    });
    expect(await env.PHOTOS.head(`photos/${id}/${legacy}.jpg`)).toBeNull();
    const after = ((await (await get(`${V}/api/photos.php`, cookie)).json()) as PhotosBody).photos.find((p) => p.id === legacy)!;
    expect(after).toMatchObject({ filename: done.key, thumb_filename: done.thumb_key, width: 1200, height: 1600 });
    expect(await sizeOf((await versionsOf(after)).thumb)).toEqual({ width: 300, height: 400, format: 'image/webp' });
    // the same access rules: a visitor sees neither version of a photo that is not the main one
    for (const path of [after.match, after.thumb_filename]) {
      expect((await media(path, cookie)).status).toBe(200);
      expect((await media(path)).status).toBe(403);
    }
    expect((await row(missing))!.thumb_key).toBe(''); // tried once, served as it was

    // idempotent: a second run changes nothing
    const objects = async () => (await env.PHOTOS.list({ prefix: `photos/${id}/` })).objects.map((o) => `${o.key}:${o.etag}`).sort();
    const list = await objects();
    await every5();
    expect(await row(legacy)).toEqual(done);
    expect(await objects()).toEqual(list);
  });
});

describe('the previews job for photos from before the previews', () => {
  const previewOf = async (id: string) =>
    (await env.DB.prepare('SELECT preview FROM photos WHERE id = ?').bind(id).first<{ preview: string | null }>())!.preview;

  it("makes a versioned photo's missing preview from its thumbnail once, and marks an unreadable one", async () => {
    const { cookie, body } = await signup();
    const out = (await (await upload(cookie, fixtures.png)).json()) as PhotosBody;
    const made = out.photos[0]!;
    const fresh = await previewOf(made.id);
    expect(fresh).toMatch(/^data:image\/webp;base64,/); // an upload makes its preview at once
    // as photos stood before the previews: no preview; and one whose thumbnail is gone
    const gone = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare('UPDATE photos SET preview = NULL WHERE id = ?').bind(made.id),
      env.DB.prepare(
        `INSERT INTO photos (id, member_id, key, thumb_key, content_type, width, height, bytes, status, created_at) VALUES (?, ?, ?, ?, 'image/webp', 64, 64, 1, 'active', '2000-01-01T00:00:00.000Z')`,
      ).bind(gone, body.user.id, `photos/${body.user.id}/${gone}.webp`, `photos/${body.user.id}/${gone}-t.webp`),
    ]);
    const db = getDb(env.DB);
    // other files' photos may wait in the same table: run until nothing is left
    while ((await previewPhotos({ db, env })) > 0);
    expect(await previewOf(made.id)).toBe(fresh);
    expect(await previewOf(gone)).toBe(''); // tried once, not again
    expect(await previewPhotos({ db, env })).toBe(0);
    expect(await previewOf(made.id)).toBe(fresh);
  });
});

describe('a failing image service is no verdict on the photo', () => {
  /**
   * The platform's Images binding as it behaves when the service fails (the local one lost its
   * connection under load in the bench) or refuses the input (ImagesError code 9412); the real
   * binding does the rest of this file.
   */
  const failing = (error: unknown) => {
    const transformer = { transform: () => transformer, output: () => Promise.reject(error) };
    return { ...env.IMAGES, input: () => transformer } as unknown as ImagesBinding;
  };
  const checked = () => checkImage(fixtures.phoneJpg) as CheckedImage;

  it('an upload answers 503 photo_service_unavailable when the service fails, 400 invalid_photo when it refuses the photo', async () => {
    await expect(versionsOfUpload(failing(new Error('Network connection lost.')), checked())).rejects.toMatchObject({
      code: 'photo_service_unavailable',
      status: 503,
    });
    await expect(
      versionsOfUpload(failing(Object.assign(new Error('ERROR 9412: not an image'), { code: 9412 })), checked()),
    ).rejects.toMatchObject({ code: 'invalid_photo', status: 400 });
    // and the member reads why, in their language
    const t = translator('nl');
    expect(t('errors.photo_service_unavailable')).toBe('Je foto kon nu niet worden verwerkt. Probeer het over een minuut opnieuw.');
  });

  it('the versions job leaves the photo for its next run when the service fails', async () => {
    const { body } = await signup();
    const id = body.user.id;
    const legacy = crypto.randomUUID();
    await env.PHOTOS.put(`photos/${id}/${legacy}.jpg`, fixtures.phoneJpg);
    await env.DB.prepare(
      `INSERT INTO photos (id, member_id, key, content_type, width, height, bytes, status, created_at) VALUES (?, ?, ?, 'image/jpeg', 2016, 1512, 1, 'active', '2000-01-01T00:00:00.000Z')`,
    )
      .bind(legacy, id, `photos/${id}/${legacy}.jpg`)
      .run();
    const thumbKey = () => env.DB.prepare('SELECT thumb_key FROM photos WHERE id = ?').bind(legacy).first<string>('thumb_key');
    expect(await versionPhotos({ db: getDb(env.DB), env: { ...env, IMAGES: failing(new Error('Network connection lost.')) } })).toBe(0);
    expect(await thumbKey()).toBeNull(); // not marked as unreadable: still waiting
    expect(await env.PHOTOS.head(`photos/${id}/${legacy}.jpg`)).not.toBeNull();
    // the service back: the next run makes its versions
    await versionPhotos({ db: getDb(env.DB), env });
    expect(await thumbKey()).toBe(`photos/${id}/${legacy}-t.webp`);
  });
});
