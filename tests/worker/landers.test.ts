import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LANDERS } from '../../worker/contracts/landers.values';
import type { LanderAnswer } from '../../worker/contracts/landers';
import { registry } from '../../worker/lib/tenants';
import { activeMember, get, memberWithPhoto, signup } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';

const lander = (host: string, name: string, cookie?: string) =>
  call(`http://${host}/api/lander.php?name=${name}`, cookie ? { headers: { cookie } } : {});
const landerBody = async (host: string, name = 'gallery') => (await (await lander(host, name)).json()) as LanderAnswer;

describe('lander and campaign routes', () => {
  const paths = [
    ...LANDERS.map((name) => `/landers/${name}`),
    ...LANDERS.filter((name) => name !== 'tinderswipe').map((name) => `/landers/${name}/summer-campaign`),
    '/members/123456/landing',
    '/members/123456/signup',
    '/members/123456/landing2',
    '/members/123456/landing2/a',
    '/members/123456/landing3',
    '/members/123456/landing3/b',
  ];

  it.each(registry.tenants.map((t) => t.slug))(
    'every lander and campaign page answers on %s, in its language',
    async (slug) => {
      const site = registry.tenants.find((t) => t.slug === slug)!;
      // side by side: 30 pages and 9 calls a site
      const pages = await Promise.all(
        paths.map(async (path) => {
          const res = await call(`http://${slug}.localhost${path}`);
          return { path, status: res.status, html: await res.text() };
        }),
      );
      for (const { path, status, html } of pages) {
        expect(status, path).toBe(200);
        expect(html, path).toContain('<script id="boot" type="application/json">');
        expect(html, path).toContain(`lang="${site.default_locale}"`);
      }
      // every lander's profile call answers too
      const calls = await Promise.all(LANDERS.map(async (name) => ({ name, res: await lander(`${slug}.localhost`, name) })));
      for (const { name, res } of calls) {
        expect(res.status, name).toBe(200);
        await res.arrayBuffer();
      }
    },
    60_000,
  );

  it("serves the landers' own lean page for landers and campaign pages (never kept as the app shell), the member site's page elsewhere", async () => {
    // the entry's script tag, or the one start.js imports after the first paint on a prerendered page (data-entry)
    const scripts = (html: string) =>
      [...html.matchAll(/<script type="module" (?:crossorigin src|src="\/start\.js" data-entry)="\/assets\/([a-z-]+)-[\w-]{8}\.js"/g)].map(
        (m) => m[1],
      );
    const hints = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([a-z-]+)-[\w-]{8}\.js"/g)].map((m) => m[1]);
    for (const path of ['/landers/maplanding', '/landers/video/summer', '/members/123456/landing', '/members/123456/landing3/b']) {
      const res = await call(`http://vonkje.localhost${path}`);
      expect(res.headers.get('x-app-shell'), path).toBe('lander');
      const html = await res.text();
      expect(scripts(html), path).toEqual(['lander']);
      // the installed app's manifest is linked by the app after the page's load (web/app/installed-app), not in the page
      expect(html, path).not.toContain('rel="manifest"');
    }
    const map = await (await call('http://vonkje.localhost/landers/maplanding')).text();
    expect(hints(map)).toEqual(expect.arrayContaining(['lander-page', 'map', 'parts', 'nl']));
    expect(hints(map)).not.toContain('query-client');
    // the lander's profile call, preloaded (the page asks the same address); the video lander's poster too
    expect(map).toContain('<link rel="preload" as="fetch" href="/api/lander.php?name=maplanding" crossorigin>');
    expect(await (await call('http://vonkje.localhost/landers/video/summer')).text()).toContain(
      '<link rel="preload" as="image" href="/lander/reel-poster.webp" fetchpriority="high">',
    );
    for (const path of ['/', '/members', '/members/123456', '/landers/nope']) {
      const res = await call(`http://vonkje.localhost${path}`);
      expect(res.headers.get('x-app-shell'), path).toBeNull();
      expect(scripts(await res.text()), path).toEqual(['index']);
    }
    // the template itself is never served raw
    expect((await call('http://vonkje.localhost/lander.html')).status).toBe(404);
  });

  it('answers an unknown lander (or tinderswipe with a slug) with the 404 page', async () => {
    for (const path of ['/landers/nope', '/landers/nope/slug', '/landers/tinderswipe/slug', '/landers/gallery/a/b']) {
      const res = await call(`http://vonkje.localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<script id="boot"');
    }
    const api = await lander('vonkje.localhost', 'nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found_generic', message: 'Niet gevonden.' });
  }, 60_000);
});

describe('a prerendered lander (gallery, video)', () => {
  const page = async (host: string, path: string, cookie?: string) =>
    (await call(`http://${host}${path}`, cookie ? { headers: { cookie } } : {})).text();
  const inlined = (html: string) =>
    JSON.parse(/<script id="lander-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as {
      path: string;
      value: { status: string; data?: LanderAnswer; code?: number };
    };

  it("carries its first screen with this request's profiles, and the answer the app takes over with", async () => {
    // a photo large enough for a public page (decision 192)
    const m = await memberWithPhoto('vonkje.localhost', fixtures.largePng);
    // React's escaping, in text and attributes
    await env.DB.prepare("UPDATE members SET name = ?, fictional = 1, gender = 'female' WHERE id = ?").bind(`Zoë <b>"&'`, m.id).run();
    const answer = await landerBody('vonkje.localhost');
    const html = await page('vonkje.localhost', '/landers/gallery/autumn');
    expect(html).toContain('<div id="root" data-prerendered="">');
    expect(inlined(html)).toEqual({ path: '/api/lander.php?name=gallery', value: { status: 'ok', data: answer } });
    // no call left to preload; the app starts once the photos are in
    expect(html).not.toContain('as="fetch"');
    expect(html).toMatch(
      /<script type="module" src="\/start\.js" data-entry="\/assets\/lander-[\w-]{8}\.js" fetchpriority="low" data-after-load="">/,
    );
    expect(html).not.toMatch(/@@[a-z]+@@/);
    const tiles = [...html.matchAll(/<li><a href="\/members\/(\d+)"/g)].map((x) => Number(x[1]));
    expect(tiles).toEqual(answer.profiles.slice(0, 12).map((p) => p.id));
    expect(html).toContain('Zoë &lt;b&gt;&quot;&amp;&#x27;');
    expect(html).toContain('>Fictief profiel<'); // the label as the app shows it (useFictionalLabel)
    // the thumbnail, or the display version where the tile is wider than it
    for (const p of answer.profiles.slice(0, 12))
      expect(html).toContain(`srcSet="/media/${p.main_image!.thumb_filename} 300w, /media/${p.main_image!.match} 1200w"`);
    // the video lander: its video muted before any script runs, its poster preloaded
    const video = await page('vonkje.localhost', '/landers/video');
    expect(video).toMatch(/<video [^>]*poster="\/lander\/reel-poster\.webp" muted=""/);
    // it plays once the app has taken over (its 230 KB never compete with the first screen)
    expect(video).not.toMatch(/<video [^>]*autoPlay/i);
    expect(video).toMatch(/<video [^>]*preload="none"/);
    expect(inlined(video).path).toBe('/api/lander.php?name=video');
    // a member's lander, and a lander not prerendered, are rendered by the app
    for (const html of [
      await page('vonkje.localhost', '/landers/gallery', `sid=${m.cookie}`),
      await page('vonkje.localhost', '/landers/maplanding'),
    ]) {
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="lander-data"');
    }
  }, 60_000);

  it('keeps the template apart from a path under the same lander that is not prerendered, whichever comes first', async () => {
    // the template first, then a path it does not cover (an unknown route under the lander: 404)
    expect(await page('bdsm-nl.localhost', '/landers/gallery')).toContain('<div id="root" data-prerendered="">');
    const deeper = await call('http://bdsm-nl.localhost/landers/gallery/a/b');
    expect(deeper.status).toBe(404);
    const body = await deeper.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toMatch(/@@[a-z-]+@@/);
    // the uncovered path first: the lander's visitors still get their first screen
    expect((await call('http://milf-nl.localhost/landers/video/a/b')).status).toBe(404);
    const video = await page('milf-nl.localhost', '/landers/video');
    expect(video).toContain('<div id="root" data-prerendered="">');
    expect(inlined(video).path).toBe('/api/lander.php?name=video');
  });

  it('places the partner tiles as the app does, and follows the logged-out search rules', async () => {
    const bbw = await page('bbw-nl.localhost', '/landers/gallery');
    const items = [...bbw.matchAll(/<li><a href="(\/members\/\d+|https:[^"]+)"/g)].map((x) =>
      x[1]!.startsWith('/members/') ? 'profile' : x[1],
    );
    expect(items.indexOf('https://cams.partner.example/?kind=cam&amp;site=bbw-nl')).toBe(Math.min(4, items.length - 2));
    expect(items).toContain('https://cams.partner.example/?kind=resell&amp;site=bbw-nl');
    const site = registry.byHost.get('gilf-nl.localhost')!;
    const original = { ...site.settings };
    try {
      site.settings.logged_out_search_trafficsource = true;
      const refused = await page('gilf-nl.localhost', '/landers/gallery');
      expect(inlined(refused).value).toEqual({ status: 'refused', code: 403 });
      expect(refused).toContain('data-state="refused"');
      // arriving from an ad network: this page load records the source, and shows the profiles
      const arriving = await page('gilf-nl.localhost', '/landers/gallery?network=ads');
      expect(inlined(arriving).value.status).toBe('ok');
      expect(arriving).toContain('data-state="ok"');
    } finally {
      site.settings = original;
    }
  }, 60_000);
});

describe('GET /api/lander.php', () => {
  it("shows the site's own niche with photos, fictional profiles marked, never another niche's", async () => {
    const bbw = await memberWithPhoto('bbw-nl.localhost', fixtures.largePng);
    // a public page shows fictional profiles (and members who allowed it) of the gender the site's visitors look for
    await env.DB.prepare("UPDATE members SET fictional = 1, gender = 'female', name = ? WHERE id = ?").bind(`Bbw${bbw.id}`, bbw.id).run();
    const noPhoto = await activeMember('bbw-nl.localhost');
    const onBbw = await landerBody('bbw-nl.localhost');
    const card = onBbw.profiles.find((p) => p.id === bbw.id);
    expect(card).toMatchObject({ fictional: true });
    expect(card!.main_image!.thumb_filename).toMatch(/^photos\//);
    expect(card!.main_image).toEqual({
      filename: card!.main_image!.match,
      thumb_filename: card!.main_image!.thumb_filename,
      status: 'active',
      match: expect.stringMatching(/^photos\//),
    });
    expect(onBbw.profiles.some((p) => p.id === noPhoto.id)).toBe(false);
    expect(onBbw.profiles.length).toBeLessThanOrEqual(12);
    const niches = await env.DB.prepare(`SELECT DISTINCT niche FROM members WHERE id IN (${onBbw.profiles.map(() => '?').join(',')})`)
      .bind(...onBbw.profiles.map((p) => p.id))
      .all<{ niche: number }>();
    expect(niches.results).toEqual([{ niche: 3 }]);
    expect((await landerBody('vonkje.localhost')).profiles.some((p) => p.id === bbw.id)).toBe(false);
  }, 60_000);

  it('adds the marked partner tiles (cam, resell) only where member_resell asks for them', async () => {
    expect((await landerBody('bbw-nl.localhost')).partner).toEqual([
      { kind: 'cam', url: 'https://cams.partner.example/?kind=cam&site=bbw-nl' },
      { kind: 'resell', url: 'https://cams.partner.example/?kind=resell&site=bbw-nl' },
    ]);
    expect((await landerBody('vonkje.localhost')).partner).toEqual([]);
    const site = registry.byHost.get('vonkje.localhost')!;
    const original = { ...site.settings };
    try {
      site.settings.member_resell = true;
      site.settings.partner_url = 'https://partner.example/go?a=1';
      expect((await landerBody('vonkje.localhost')).partner.map((p) => p.url)).toEqual([
        'https://partner.example/go?a=1&kind=cam&site=vonkje',
        'https://partner.example/go?a=1&kind=resell&site=vonkje',
      ]);
    } finally {
      site.settings = original;
    }
  }, 60_000);

  it("follows the logged-out search rules on every lander: a traffic source recorded on a lander's arrival counts", async () => {
    const site = registry.byHost.get('gilf-nl.localhost')!;
    const original = { ...site.settings };
    try {
      site.settings.logged_out_search_trafficsource = true;
      for (const name of LANDERS) {
        const refused = await lander('gilf-nl.localhost', name);
        expect(refused.status, name).toBe(403);
        expect(await refused.json()).toMatchObject({ error: 'authentication_required', message: 'Log in om verder te gaan.' });
      }
      // arriving on a lander from an ad network records the source (a query parameter on the call itself does not)
      expect((await call('http://gilf-nl.localhost/api/lander.php?name=video&network=ads')).status).toBe(403);
      const arrival = await call('http://gilf-nl.localhost/landers/maplanding/autumn?network=ads&sub1=x');
      const ts = arrival.headers
        .getSetCookie()
        .find((c) => c.startsWith('ts='))!
        .split(';')[0]!;
      for (const name of LANDERS) expect((await lander('gilf-nl.localhost', name, ts)).status, name).toBe(200);
      // search closed to visitors: no lander shows profiles, whatever the source; members still see them
      site.settings.logged_out_search = false;
      expect((await lander('gilf-nl.localhost', 'gallery', ts)).status).toBe(403);
      const member = await activeMember('gilf-nl.localhost');
      expect((await lander('gilf-nl.localhost', 'gallery', `sid=${member.cookie}`)).status).toBe(200);
    } finally {
      site.settings = original;
    }
  }, 60_000);
});

describe('campaign pages', () => {
  it("serve a profile of the site's niche to visitors, and 404 for unknown ids and other niches", async () => {
    const own = await memberWithPhoto('milf-nl.localhost');
    const other = await memberWithPhoto('silver-nl.localhost');
    const res = await get(`http://milf-nl.localhost/api/member.php?id=${own.id}`);
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as { profile: { id: number; photos: { main: boolean; thumb_filename: string | null }[] } };
    expect(profile.id).toBe(own.id);
    expect(profile.photos.find((p) => p.main)?.thumb_filename).toMatch(/^photos\//);
    for (const id of [other.id, 999999999999, 1]) {
      const refused = await get(`http://milf-nl.localhost/api/member.php?id=${id}`);
      expect(refused.status, String(id)).toBe(404);
      expect(await refused.json()).toMatchObject({ error: 'not_found_generic' });
    }
  }, 60_000);
});

describe('tracking from a lander to the member row', () => {
  it('keeps network, ref and sub1–3 through the signup, under the signups policy', async () => {
    const site = registry.byHost.get('she-fr.localhost')!;
    const original = site.settings.signups;
    try {
      site.settings.signups = 'with_trafficsource';
      expect((await call('http://she-fr.localhost/landers/socialnetwork?network=x&sub1=y')).status).toBe(200);
      // without the traffic source the lander's signup is refused, in the site's language
      const closed = await signup('she-fr.localhost');
      expect(closed.res.status).toBe(403);
      expect(closed.body).toMatchObject({ error: 'signups_closed' });
      expect((closed.body as unknown as { message: string }).message).not.toBe('');
      const tracking = { network: 'x', ref: 'partner-7', sub1: 'y', sub2: 'banner-b', sub3: 'mobile' };
      const { res, body } = await signup('she-fr.localhost', { tracking });
      expect(res.status).toBe(201);
      const row = await env.DB.prepare(
        'SELECT tracking_network, tracking_ref, tracking_sub1, tracking_sub2, tracking_sub3, home_site FROM members WHERE id = ?',
      )
        .bind(body.user.id)
        .first();
      expect(row).toEqual({
        tracking_network: 'x',
        tracking_ref: 'partner-7',
        tracking_sub1: 'y',
        tracking_sub2: 'banner-b',
        tracking_sub3: 'mobile',
        home_site: 'she-fr',
      });
    } finally {
      site.settings.signups = original;
    }
  }, 60_000);
});
