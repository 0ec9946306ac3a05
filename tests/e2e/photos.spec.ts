import { phonePhotoCached } from '../../scripts/lib/demo-photos.mjs';
import { acceptEntry, expect, loginFresh, screenshots, site, test } from './fixtures';

test.use({ country: 'NL' });

test('the members page at 375 px shows thumbnails: at most 1 MB of images for a page of 20 members with 12 MP photos', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const images = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'image' || !res.url().includes('/media/')) return;
    const body = await res.body().catch(() => null);
    if (body) images.set(res.url(), body.length);
  });
  // a Belgian member: their search (Belgian women) is the demo data's alone; the Dutch one of the demo
  // members fills with the new members, without photos, that specs running beside this one make
  await loginFresh(page, browser, 'Belg', 'male', 'BE');
  await page.goto(site('vonkje', '/members'));
  await expect(page.getByRole('heading', { name: /Gevonden leden: \d+/ })).toBeVisible();
  const tiles = page.locator('section[aria-labelledby="search-results"] li img');
  await expect(tiles.first()).toBeVisible();
  await expect(tiles).toHaveCount(20);
  // each lazy tile brought into view, then every one loaded (a state, not a time spent scrolling)
  for (const tile of await tiles.all()) await tile.scrollIntoViewIfNeeded();
  await expect.poll(() => tiles.evaluateAll((imgs) => imgs.filter((i) => !(i as HTMLImageElement).complete).length)).toBe(0);
  // every tile is a thumbnail (at most 400 px) that loaded
  const sizes = await tiles.evaluateAll((imgs) =>
    imgs.map((i) => ({
      complete: (i as HTMLImageElement).complete,
      w: (i as HTMLImageElement).naturalWidth,
      h: (i as HTMLImageElement).naturalHeight,
      src: (i as HTMLImageElement).currentSrc,
    })),
  );
  for (const s of sizes) {
    expect(s.complete && s.w > 0).toBe(true);
    expect(Math.max(s.w, s.h)).toBeLessThanOrEqual(400);
    expect(s.src).toMatch(/-t\.webp$/);
  }
  const total = [...images.values()].reduce((a, b) => a + b, 0);
  expect(images.size).toBeGreaterThanOrEqual(20);
  expect(total).toBeLessThanOrEqual(1_000_000);
  console.log(`members page at 375 px: ${images.size} images, ${(total / 1024).toFixed(0)} KB`);
  await screenshots(page, 'members-thumbnails');
});

test('a 12-megapixel phone photo uploads and shows upright, as a thumbnail in lists and the display version on the profile', async ({
  page,
  browser,
}) => {
  const phone = await phonePhotoCached(3); // stored turned, with orientation 6, 4000×3000, about 4 MB
  // a member of this test's own: it reads back the newest of the member's photos
  await loginFresh(page, browser, 'Telefoonfoto', 'female');
  await page.goto(site('vonkje', '/profile'));
  await acceptEntry(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'IMG_0003.jpg', mimeType: 'image/jpeg', buffer: phone });
  await expect(page.getByText('Wordt gecontroleerd').first()).toBeVisible({ timeout: 20_000 });
  const img = page.getByRole('img', { name: /Jouw foto \d+/ }).last();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const own = await img.evaluate((i: HTMLImageElement) => ({ w: i.naturalWidth, h: i.naturalHeight, src: i.currentSrc }));
  expect(own.h).toBeGreaterThan(own.w); // upright
  expect(own).toMatchObject({ w: 300, h: 400 });
  expect(own.src).toMatch(/-t\.webp$/);
  // the member's own profile shows it in the gallery from the display version on a wide screen
  const { photos, user } = (await page.evaluate(async () => (await fetch('/api/photos.php')).json())) as {
    photos: { id: string; filename: string; width: number; height: number }[];
    user: { id: number };
  };
  expect(photos.at(-1)).toMatchObject({ width: 1200, height: 1600 });
  const res = await page.evaluate(
    async (path) => {
      const r = await fetch(path);
      return { status: r.status, type: r.headers.get('content-type'), bytes: (await r.arrayBuffer()).byteLength };
    },
    `/media/${photos.at(-1)!.filename}`,
  );
  expect(res).toMatchObject({ status: 200, type: 'image/webp' });
  expect(res.bytes).toBeLessThan(phone.length / 4);
  expect(user.id).toBeGreaterThan(0);
});
