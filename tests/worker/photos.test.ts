import { env } from 'cloudflare:workers';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { get, post, signup } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
type PhotoJson = { id: string; filename: string; status: string; match: string; main: boolean; width: number; height: number };
type PhotosBody = { photos: PhotoJson[]; limit: number; user: { profile: { main_image: PhotoJson | null } } };

function upload(cookie: string | undefined, bytes: Uint8Array, name = 'photo.png', type = 'image/png', host = V) {
  const form = new FormData();
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return call(`${host}/api/photo.php`, { method: 'POST', body: form, headers: { 'request-type': 'client', ...(cookie ? { cookie: `sid=${cookie}` } : {}) } });
}
/** The operators' API answers on the operator host only. */
const OP = 'http://operator.localhost';
const approve = (id: string, status = 'active', secret = 'test-operator-secret', host = OP) =>
  call(`${host}/api/operator/photo.php`, {
    method: 'POST',
    body: JSON.stringify({ id, status }),
    headers: { 'request-type': 'client', 'content-type': 'application/json', authorization: `Bearer ${secret}` },
  });
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

describe('photo upload', () => {
  it('stores a PNG under a server-made key, pending, as the main photo', async () => {
    const { cookie, body } = await signup();
    const res = await upload(cookie, fixtures.png, '../../../etc/passwd', 'text/plain');
    expect(res.status).toBe(201);
    const out = (await res.json()) as PhotosBody;
    expect(out.photos).toHaveLength(1);
    const photo = out.photos[0]!;
    expect(photo).toMatchObject({ status: 'pending', main: true, width: 64, height: 64 });
    expect(photo.filename).toMatch(new RegExp(`^photos/${body.user.id}/[0-9a-f-]{36}\\.png$`));
    expect(photo.match).toBe(photo.filename); // the path under the site's cdn_prefix
    expect(out.user.profile.main_image).toMatchObject({ filename: photo.filename, status: 'pending' });
    expect(await env.PHOTOS.head(photo.filename)).not.toBeNull();
  });

  it('removes EXIF with GPS before storing a JPEG', async () => {
    expect(await exifr.gps(fixtures.gpsJpg)).toMatchObject({ latitude: expect.any(Number) });
    const { cookie } = await signup();
    const out = (await (await upload(cookie, fixtures.gpsJpg, 'holiday.jpg', 'image/jpeg')).json()) as PhotosBody;
    const stored = new Uint8Array(await (await env.PHOTOS.get(out.photos[0]!.filename))!.arrayBuffer());
    expect(stored.length).toBeLessThan(fixtures.gpsJpg.length);
    expect(await exifr.parse(stored).catch(() => undefined)).toBeFalsy();
    expect(new TextDecoder('latin1').decode(stored)).not.toContain('Exif');
    expect(out.photos[0]).toMatchObject({ width: 80, height: 60 });
  });

  it('strips the HTML of an HTML/JPEG polyglot and serves photos sandboxed as images', async () => {
    const { cookie } = await signup();
    const out = (await (await upload(cookie, fixtures.polyglotJpg, 'x.html', 'text/html')).json()) as PhotosBody;
    const stored = new TextDecoder('latin1').decode(await (await env.PHOTOS.get(out.photos[0]!.filename))!.arrayBuffer());
    expect(stored).not.toContain('<script');
    const res = await media(out.photos[0]!.match, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
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
    expect(out.photos[0]!.filename.endsWith(`.${ext}`)).toBe(true);
    const stored = new TextDecoder('latin1').decode(await (await env.PHOTOS.get(out.photos[0]!.filename))!.arrayBuffer());
    expect(stored).not.toContain('<script');
    expect(stored).not.toContain('Exif');
    if (ext === 'jpg') expect(stored.endsWith('\xff\xd9')).toBe(true);
  });

  it('keeps the orientation of a phone photo and nothing else of its EXIF', async () => {
    const { cookie } = await signup();
    const out = (await (await upload(cookie, fixtures.orientedJpg, 'phone.jpg', 'image/jpeg')).json()) as PhotosBody;
    const stored = new Uint8Array(await (await env.PHOTOS.get(out.photos[0]!.filename))!.arrayBuffer());
    const exif = (await exifr.parse(stored, { translateValues: false })) as Record<string, unknown>;
    expect(exif.Orientation).toBe(6);
    expect(exif.Make).toBeUndefined();
    expect(await exifr.gps(stored).catch(() => undefined)).toBeFalsy();
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
    expect((await env.DB.prepare('SELECT count(*) n FROM photos WHERE member_id = ?').bind(body.user.id).first<{ n: number }>())!.n).toBe(0);
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
    expect((await env.DB.prepare('SELECT count(*) n FROM photos WHERE member_id = ?').bind(body.user.id).first<{ n: number }>())!.n).toBe(3);
    expect((await env.PHOTOS.list({ prefix: `photos/${body.user.id}/` })).objects).toHaveLength(3);
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

  it('only an operator with the secret approves', async () => {
    const { owner, main } = await memberWithTwoPhotos();
    expect((await approve(main.id, 'active', 'wrong')).status).toBe(403);
    const asMember = await call(`${OP}/api/operator/photo.php`, {
      method: 'POST',
      body: JSON.stringify({ id: main.id, status: 'active' }),
      headers: { 'request-type': 'client', 'content-type': 'application/json', cookie: `sid=${owner.cookie}` },
    });
    expect(asMember.status).toBe(403);
    // a member site's host never serves the operators' API, even with the secret
    const onSite = await approve(main.id, 'active', 'test-operator-secret', V);
    expect(onSite.status).toBe(404);
    expect(await onSite.json()).toMatchObject({ error: 'api_not_found' });
    // and the operator host serves no member site
    expect((await get(`${OP}/`)).status).toBe(404);
    expect((await get(`${OP}/api/settings.php`)).status).toBe(404);
    // the CSRF guard holds there too: a page of a member site cannot post to the operator host
    const fromSite = await call(`${OP}/api/operator/photo.php`, {
      method: 'POST',
      body: JSON.stringify({ id: main.id, status: 'active' }),
      headers: { 'request-type': 'client', 'content-type': 'application/json', origin: V, authorization: 'Bearer test-operator-secret' },
    });
    expect(fromSite.status).toBe(403);
    const fromConsole = await call(`${OP}/api/operator/photo.php`, {
      method: 'POST',
      body: JSON.stringify({ id: main.id, status: 'active' }),
      headers: { 'request-type': 'client', 'content-type': 'application/json', origin: OP, authorization: 'Bearer test-operator-secret' },
    });
    expect(fromConsole.status).toBe(200);
    expect((await approve(main.id)).status).toBe(409); // decided already
    expect((await approve('00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('pending photos are seen by their owner only', async () => {
    const { owner, main } = await memberWithTwoPhotos();
    const other = await signup();
    const own = await media(main.match, owner.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await media(main.match, other.cookie)).status).toBe(404);
    expect((await media(main.match)).status).toBe(404);
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
    expect(visitorMain.headers.get('content-type')).toBe('image/png');
    const visitorSecond = await media(second.match);
    expect(visitorSecond.status).toBe(403);
    expect(visitorSecond.headers.get('cache-control')).toBe('private, no-store');

    const free = await signup();
    const locked = await media(second.match, free.cookie);
    expect(locked.status).toBe(403);
    expect(locked.headers.get('content-type')).toMatch(/application\/json/);
    expect(locked.headers.get('cache-control')).toBe('private, no-store');
    expect(await locked.json()).toMatchObject({ error: 'photo_locked' });
    expect((await media(main.match, free.cookie)).status).toBe(200);

    const premium = await signup();
    await makePremium(premium.body.user.id);
    const open = await media(second.match, premium.cookie);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(open.headers.get('vary')).toMatch(/Cookie/);
    expect(new Uint8Array(await open.arrayBuffer()).slice(0, 3)).toEqual(Uint8Array.from([0xff, 0xd8, 0xff]));
  });

  it("is not served on another company's site, nor for a removed photo or a made-up path", async () => {
    const { main, second } = await memberWithTwoPhotos();
    await approve(main.id);
    expect((await media(main.match, undefined, 'http://she-eng.localhost')).status).toBe(404);
    await approve(second.id, 'removed');
    expect((await media(second.match)).status).toBe(404);
    expect(await env.PHOTOS.head(second.filename)).toBeNull();
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
