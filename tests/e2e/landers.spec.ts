import { readZip } from '../worker/zip-reader';
import { browserJson, createAccount, expect, finishWizard, screenshots, site, test } from './fixtures';

/** Spec section 2's landers, each with a heading of its own (Dutch, English). */
const LANDERS = [
  ['alonetonight', 'Vanavond alleen thuis?', 'Home alone tonight?'],
  ['collagelanding', 'Echte mensen, echte spanning', 'Real people, real excitement'],
  ['gallery', 'Nieuw op Vonkje', 'New on Sparkly'],
  ['iconslanding', 'Daten zoals jij het wilt', 'Dating the way you want it'],
  ['maplanding', 'Leden bij jou in de buurt', 'Members near you'],
  ['socialnetwork', 'Wat er nu gebeurt', "What's happening now"],
  ['transitionsvideolanding', 'Zie wie er op je wacht', 'See who is waiting for you'],
  ['video', 'Zie het zelf', 'See for yourself'],
  ['tinderswipe', 'Swipe en ontmoet', 'Swipe and meet'],
] as const;

const stamp = Date.now();

// from the US: the lander layout shows the entry warning only in NL and DE (spec section 2)
test.use({ country: 'US' });

for (const [name, dutch, english] of LANDERS) {
  test(`the ${name} lander on two sites, with its profiles and the signup`, async ({ page }) => {
    for (const [slug, heading] of [
      ['vonkje', dutch],
      ['she-eng', english],
    ] as const) {
      await page.goto(site(slug, name === 'tinderswipe' ? `/landers/${name}` : `/landers/${name}/autumn`));
      await expect(page.locator(`[data-lander="${name}"][data-state="ok"]`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (name === 'tinderswipe') {
        // the deck: like (or skip) every card, then the signup shows the matches
        const like = page.getByRole('button', { name: slug === 'vonkje' ? 'Leuk' : 'Like' });
        await screenshots(page, `lander-${name}-deck-${slug}`);
        while (await like.isVisible()) await like.click();
      }
      await expect(page.getByRole('link', { name: slug === 'vonkje' ? 'Meld je gratis aan' : 'Sign up for free' }).first()).toBeVisible();
      if (name === 'video') {
        const video = page.locator('video');
        await expect(video).toHaveAttribute('poster', '/lander/reel-poster.webp');
        expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, inline: v.playsInline }))).toEqual({
          muted: true,
          inline: true,
        });
      }
      // the cam and resell tiles: on she-eng (member_resell), marked and linking out; never on vonkje
      const partner = page.locator('a[data-kind]');
      if (slug === 'she-eng' && !['iconslanding', 'socialnetwork', 'tinderswipe'].includes(name)) {
        await expect(partner).toHaveCount(2);
        await expect(partner.first()).toHaveAttribute('rel', 'sponsored noopener');
        await expect(partner.first()).toHaveAttribute('href', /^https:\/\/cams\.partner\.example\/\?kind=cam&site=she-eng$/);
        await expect(partner.first()).toContainText('Partner');
      } else if (slug === 'vonkje') await expect(partner).toHaveCount(0);
      // thumbnails only
      for (const src of await page
        .locator('main img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''))) {
        if (src.startsWith('/photos/') || src.includes('photos/')) expect(src).toMatch(/-t\.webp$/);
      }
      await screenshots(page, `lander-${name}-${slug}`);
    }
  });
}

test('an unknown lander is the 404 page', async ({ page }) => {
  const res = await page.goto(site('vonkje', '/landers/nope'));
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina kon niet worden gevonden');
});

test('a visitor from a lander with ?network=x&sub1=y signs up and the tracking is stored', async ({ page }) => {
  await page.goto(site('vonkje', '/landers/gallery/black-friday?network=x&sub1=y&sub2=z'));
  await expect(page.locator('[data-state="ok"]')).toBeVisible();
  await page.getByRole('link', { name: 'Meld je gratis aan' }).first().click();
  const email = `e2e-lander-${stamp}@example.org`;
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/signup.php') && r.method() === 'POST');
  await createAccount(page, email, 'Lander');
  expect((await sent).postDataJSON()).toMatchObject({ tracking: { network: 'x', sub1: 'y', sub2: 'z' } });
  // stored with the account: the member's own data download holds it (read through the worker: another process
  // opening the database file while the server runs makes the server's reads fail busy)
  const zip = await page.evaluate(async () => [...new Uint8Array(await (await fetch('/api/export.php')).arrayBuffer())]);
  const account = JSON.parse(new TextDecoder().decode(readZip(Uint8Array.from(zip)).get('account.json'))) as { tracking: unknown };
  expect(account.tracking).toEqual({ network: 'x', ref: null, sub1: 'y', sub2: 'z', sub3: null });
});

test("the campaign page leads to that profile's chat after signup", async ({ page }) => {
  await page.goto(site('vonkje', '/landers/gallery'));
  const { profiles } = await browserJson<{ profiles: { id: number; name: string }[] }>(page, '/api/lander.php?name=gallery');
  const profile = profiles[0]!;
  for (const variant of ['landing', 'landing2/spring', 'landing3']) {
    await page.goto(site('vonkje', `/members/${profile.id}/${variant}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
    await expect(page.getByRole('img', { name: profile.name })).toBeVisible();
    await screenshots(page, `campaign-${variant.replace('/', '-')}`);
  }
  // another niche's profile and an unknown id: the 404 page
  await page.goto(site('bbw-nl', `/members/${profile.id}/landing`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina kon niet worden gevonden');
  await page.goto(site('vonkje', '/members/999999999999/landing'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina kon niet worden gevonden');

  await page.goto(site('vonkje', `/members/${profile.id}/landing`));
  await page.getByRole('link', { name: `Chat met ${profile.name}` }).click();
  await createAccount(page, `e2e-campaign-${stamp}@example.org`, 'Campagne');
  await finishWizard(page);
  await expect(page).toHaveURL(new RegExp(`/members/${profile.id}/chat$`));
  // the landers' app leaves for the member site's with a page load: the chat is there, ready to write
  await expect(page.getByRole('textbox', { name: `Bericht aan ${profile.name}` })).toBeVisible();
});

test("a lander's first load is the landers' own lean entry; its links lead into the member site's app", async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/lander.php')) calls.push(r.url());
  });
  await page.goto(site('vonkje', '/landers/maplanding?network=x'));
  await expect(page.locator('[data-state="ok"]')).toBeVisible();
  // the shell's preload of the profile call is the page's own call: asked once
  expect(calls).toEqual([site('vonkje', '/api/lander.php?name=maplanding')]);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );
  expect(scripts.some((p) => /^\/assets\/lander-[\w-]{8}\.js$/.test(p))).toBe(true);
  expect(scripts.filter((p) => /^\/assets\/(index|query-client|member-screens)-/.test(p))).toEqual([]);
  // the logo: the landing page, rendered by the member site's app
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Vonkje/ })
    .click();
  await expect(page).toHaveURL(site('vonkje', '/'));
  // the member app: its entry as a script, or imported by start.js after a prerendered first paint
  await expect(page.locator('script[src^="/assets/index-"], script[data-entry^="/assets/index-"]')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});

test('/members/{id}/signup opens the signup at once', async ({ page }) => {
  await page.goto(site('vonkje', '/landers/gallery'));
  const { profiles } = await browserJson<{ profiles: { id: number; name: string }[] }>(page, '/api/lander.php?name=gallery');
  await page.goto(site('vonkje', `/members/${profiles[1]!.id}/signup`));
  await expect(page.getByRole('dialog').getByText('Stap 1 van 7')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profiles[1]!.name);
  await screenshots(page, 'campaign-signup');
});
