import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { activeMember, get, memberWithPhoto, post, signup } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
const rootOf = (html: string) => /<div id="root"[^>]*>(.*)<\/body>/s.exec(html)![1]!;

describe('app shell: the landing page prerendered in the page', () => {
  it("puts the visitor's landing page, prerendered by the build, in #root, and fetches its scripts only after the first paint", async () => {
    const html = await (await get(`${V}/`)).text();
    // the site's hero (niche 1), its call to action and the footer, before any script has run; marked until the app takes over
    expect(html).toContain('<div id="root" data-prerendered="">');
    expect(rootOf(html)).toContain('Vrouwen bij jou in de buurt willen je leren kennen');
    expect(rootOf(html)).toContain('href="/signup"');
    expect(rootOf(html)).toContain('Vonk Media B.V.');
    // no script fetched before that paint: start.js (low priority) imports the entry it names; the screen's chunks are
    // named for the app to hint as it starts (the landing page's and the footer's, from the build's manifest: web/main.tsx)
    expect(html).toMatch(
      /<script type="module" src="\/start.js" data-entry="\/assets\/index-[\w-]+\.js" fetchpriority="low" data-preload="[^"]+"><\/script>/,
    );
    expect(html).not.toContain('modulepreload');
    const chunks = /data-preload="([^"]+)"/.exec(html)![1]!.split(' ');
    expect(chunks).toContainEqual(expect.stringMatching(/^\/assets\/landing-page-[\w-]+\.js$/));
    expect(chunks).toContainEqual(expect.stringMatching(/^\/assets\/footer-[\w-]+\.js$/));
    expect(chunks).not.toContainEqual(expect.stringMatching(/^\/assets\/index-/));
    // each a chunk the build made
    for (const chunk of chunks) expect((await get(`${V}${chunk}`)).status).toBe(200);
    // its screen's and the footer's stylesheets, in the page for the first paint (inline-styles.ts)
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/landing-page-[\w-]+\.css" crossorigin disabled>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/footer-[\w-]+\.css" crossorigin disabled>/);
    // other sites and locales: their own texts
    const english = await (await get('http://she-eng.localhost/')).text();
    expect(english).toContain('lang="en"');
    expect(rootOf(english)).toContain('Sign up for free');
    expect(english).not.toContain('Vrouwen bij jou in de buurt');
    const german = await (await call('http://she-de.localhost/', { headers: { cookie: 'locale=en' } })).text();
    expect(german).toContain('lang="en"');
    expect(rootOf(german)).toContain('Sign up for free');
    // every page's footer in its own language: the footer's texts are a catalogue of their own
    // (the build rendered every page after the first without them: raw keys such as footer.terms)
    expect(rootOf(english)).toContain('Terms and conditions');
    expect(rootOf(english)).toContain('18 U.S.C. § 2257');
    expect(rootOf(german)).toContain('Terms and conditions');
    const polish = await (await get('http://she-pl.localhost/')).text();
    expect(rootOf(polish)).toContain('Regulamin');
    for (const page of [english, german, polish, html]) expect(rootOf(page)).not.toMatch(/>footer\.[a-z_]+/);
  });

  it("prerenders nothing for a member, another route or a script's fetch (the service worker's shell serves every path)", async () => {
    const plain = /<div id="root"><\/div>/;
    const entry = /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/;
    const { cookie } = await activeMember();
    // a member's page load of / goes home (below); the app's own fetch of / (the service worker's shell) is the plain page
    const member = await (await call(`${V}/`, { headers: { cookie: `sid=${cookie}`, 'sec-fetch-dest': 'empty' } })).text();
    expect(member).toMatch(plain);
    expect(member).toMatch(entry);
    expect(member).toMatch(/<link rel="modulepreload" href="\/assets\/landing-page-[\w-]+\.js"/);
    const login = await (await get(`${V}/login`)).text();
    expect(login).toMatch(plain);
    const fetched = await (await call(`${V}/`, { headers: { 'sec-fetch-dest': 'empty' } })).text();
    expect(fetched).toMatch(plain);
    expect(fetched).toMatch(entry);
    // a browser's page load (sec-fetch-dest: document) gets it prerendered
    expect(await (await call(`${V}/`, { headers: { 'sec-fetch-dest': 'document' } })).text()).toContain('data-prerendered');
  });
});

describe("app shell: a member's home is people (issue 33)", () => {
  const done = (id: number) => env.DB.prepare("UPDATE members SET signup_step = 'done' WHERE id = ?").bind(id).run();

  it('sends a member’s page load of / to /members (302, its query along), and one with an unfinished signup to /complete-signup', async () => {
    const m = await activeMember();
    const unfinished = await get(`${V}/`, m.cookie);
    expect(unfinished.status).toBe(302);
    expect(unfinished.headers.get('location')).toBe('/complete-signup');
    await done(m.id);
    const res = await get(`${V}/`, m.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/members');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const withQuery = await get(`${V}/?ref=partner-1`, m.cookie);
    expect(withQuery.headers.get('location')).toBe('/members?ref=partner-1');
    // the service worker passing the navigation on (Sec-Fetch-Dest empty, mode navigate) is a page load too
    const viaWorker = await call(`${V}/`, {
      redirect: 'manual',
      headers: { cookie: `sid=${m.cookie}`, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'navigate' },
    });
    expect(viaWorker.status).toBe(302);
    // other pages are theirs as before: /members itself, a static page, a lander
    for (const path of ['/members', '/pages/faq', '/landers/gallery/autumn'])
      expect((await get(`${V}${path}`, m.cookie)).status, path).toBe(200);
  });

  it('gives a visitor, a revoked or an unknown session the landing page (200), and a script’s fetch of / the plain page', async () => {
    const landing = (html: string) => expect(rootOf(html)).toContain('Vrouwen bij jou in de buurt willen je leren kennen');
    const visitor = await get(`${V}/`);
    expect(visitor.status).toBe(200);
    landing(await visitor.text());
    const m = await activeMember();
    await done(m.id);
    expect((await get(`${V}/api/logout.php`, m.cookie)).status).toBe(200);
    const revoked = await get(`${V}/`, m.cookie);
    expect(revoked.status).toBe(200);
    landing(await revoked.text());
    const banned = await activeMember();
    await done(banned.id);
    await env.DB.prepare("UPDATE members SET moderation = 'banned' WHERE id = ?").bind(banned.id).run();
    expect((await get(`${V}/`, banned.cookie)).status).toBe(200);
    const unknown = await get(`${V}/`, 'not-a-session-token');
    expect(unknown.status).toBe(200);
    landing(await unknown.text());
    // the service worker's install fetch of / (a script's fetch, not a navigation) stays the app's page, even with a live session
    const live = await activeMember();
    await done(live.id);
    const shell = await call(`${V}/`, { redirect: 'manual', headers: { cookie: `sid=${live.cookie}`, 'sec-fetch-dest': 'empty' } });
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<div id="root"></div>');
  });
});

describe("app shell: a prerendered page's stylesheets come in the page (issue 11: its first paint waits for no stylesheet)", () => {
  /** The page's `<style>` elements, its disabled and its active stylesheet links, and its CSP's style-src. */
  const styles = async (res: Response) => {
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    return {
      head,
      blocks: [...head.matchAll(/<style>(.*?)<\/style>/gs)].map((m) => m[1]!),
      disabled: links.filter((l) => /\bdisabled\b/.test(l)).map((l) => /href="\/([^"]+)"/.exec(l)![1]!),
      active: links.filter((l) => !/\bdisabled\b/.test(l)),
      styleSrc: /style-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1],
      // the site's palette (issue 33), in every page
      theme: /<style id="site-theme">(.*?)<\/style>/s.exec(head)?.[1],
    };
  };
  const sha256 = async (text: string) =>
    `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}'`;

  it.each([
    ["the visitor's landing page", `${V}/`, undefined],
    ["a member's /members", `${V}/members`, 'member'],
    ['a prerendered lander', `${V}/landers/gallery`, undefined],
  ])('%s: one <style> with every stylesheet it links, each link kept but disabled, allowed by its hash in the CSP', async (_, url, who) => {
    const cookie = who ? `sid=${(await activeMember()).cookie}` : '';
    const page = await styles(await call(url, { headers: { cookie } }));
    expect(page.blocks).toHaveLength(1);
    expect(page.active).toEqual([]);
    expect(page.disabled.length).toBeGreaterThan(1);
    // each disabled stylesheet's rules are in the style, in the links' order (the entry's first)
    const css = page.blocks[0]!;
    let at = -1;
    for (const file of new Set(page.disabled)) {
      const text = await (await env.ASSETS.fetch(new Request(`${V}/${file}`))).text();
      const found = css.indexOf(text);
      expect(found, file).toBeGreaterThan(at);
      at = found;
    }
    // the CSP allows this style and the site's palette by their hashes, and no other inline style
    expect(page.styleSrc).toBe(`'self' ${await sha256(css)} ${await sha256(page.theme!)}`);
  });

  it("leaves every other page's stylesheets linked, and its CSP with the site palette's hash alone", async () => {
    const { cookie } = await activeMember();
    for (const [url, c] of [
      [`${V}/likes`, cookie],
      [`${V}/login`, ''],
      [`${V}/members/1`, cookie],
    ] as const) {
      const page = await styles(await call(url, { headers: { cookie: c ? `sid=${c}` : '' } }));
      expect(page.blocks, url).toEqual([]);
      expect(page.disabled, url).toEqual([]);
      expect(page.active.length, url).toBeGreaterThan(0);
      expect(page.styleSrc, url).toBe(`'self' ${await sha256(page.theme!)}`);
    }
  });
});

describe("app shell: the members page's first search", () => {
  // named for web/start.js, which adds its preload hint when it starts the app, after the first paint
  const hint = /<meta name="first-search" content="([^"]+)">/;

  // a browser that answered the entry warning (its cookie mirror): the warning's copy does not cover the page
  const answered = (cookie: string, headers: Record<string, string> = {}) =>
    call(`${V}/members`, {
      redirect: 'manual',
      headers: { cookie: `sid=${cookie}; hide-site-entry-warning=1700000000000`, ...headers },
    }).then((r) => r.text());

  it("names the member's first search for its preload hint on /members, which the page's own request takes (same address)", async () => {
    const { cookie } = await activeMember();
    const html = await answered(cookie);
    const href = hint.exec(html)?.[1];
    // web/features/profiles: a man's first search is for women, in his country, every age (worker/contracts/first-search.ts)
    expect(href).toMatch(/^\/api\/members\.php\?gender=female&amp;country=[A-Z]{2}&amp;min_age=18&amp;max_age=99&amp;page=1$/);
    // in the head, before the page's scripts run
    expect(html.indexOf(href!)).toBeLessThan(html.indexOf('</head>'));
    // the address answers the member's search (a GET without our client header: what the browser's preload sends)
    const res = await get(`${V}${href!.replace(/&amp;/g, '&')}`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Array.isArray(((await res.json()) as { results: unknown[] }).results)).toBe(true);
  });

  it("names it for a member's /members only: not for a visitor, another route, or a script's fetch (the service worker's shell)", async () => {
    const { cookie } = await activeMember();
    expect(await (await get(`${V}/members`)).text()).not.toMatch(hint);
    expect(await (await get(`${V}/members/1`, cookie)).text()).not.toMatch(hint);
    expect(await (await get(`${V}/chats`, cookie)).text()).not.toMatch(hint);
    const fetched = await answered(cookie, { 'sec-fetch-dest': 'empty' });
    expect(fetched).toContain('"user":{');
    expect(fetched).not.toMatch(hint);
    // and under the entry warning's copy too (a browser that has not answered it); never as a hint in the page itself
    const warned = await (await get(`${V}/members`, cookie)).text();
    expect(warned).toContain('id="static-entry-warning"');
    expect(warned).toMatch(hint);
    expect(warned).not.toContain('rel="preload" as="fetch"');
  });
});

describe("app shell: a member's /members comes with its first screen (issue 11)", () => {
  // with or without inert (the entry warning's copy over it)
  const prerendered = '<div id="root" data-prerendered=""';
  const nav = (html: string) => /<header[^>]*>(.*?)<\/header>/s.exec(rootOf(html))?.[1] ?? '';

  it("puts the page as the app first renders it in #root, with THAT member's values escaped as React escapes them", async () => {
    const { cookie, id } = await activeMember('vonkje.localhost', { name: 'Zoë Tester' });
    await env.DB.prepare('UPDATE members SET name = ? WHERE id = ?').bind(`Zoë <b>"&'`, id).run();
    const html = await (await call(`${V}/members`, { headers: { cookie: `sid=${cookie}; hide-site-entry-warning=1700000000000` } })).text();
    expect(html).toContain(prerendered);
    const root = rootOf(html);
    // the page's title, its filters and the results area while the first search loads, the member's footer
    expect(root).toContain('>Leden zoeken</h1>');
    expect(root).toContain('Zoekfilters');
    expect(root).toContain('aria-busy="true"');
    expect(root).toContain('Leden laden…');
    expect(root).toContain('Vonk Media B.V.');
    // the member's navigation: name (escaped as React does), the initial for a member without a photo, the premium link of a free member, no unread badge
    expect(nav(html)).toContain('>Zoë &lt;b&gt;&quot;&amp;&#x27;</span>');
    expect(nav(html)).toContain('aria-label="Mijn account: Zoë &lt;b&gt;&quot;&amp;&#x27;"');
    expect(nav(html)).toContain('data-initial="Z"');
    expect(nav(html)).toContain('href="/premium"');
    expect(nav(html)).not.toContain('href="/credits"');
    expect(root).not.toContain('<b>');
    expect(root).not.toMatch(/@@[a-z_]+@@/);
    // the first search's filters chosen: a man looks for women, in his country
    expect(root).toMatch(
      /name="gender"><option value="">[^<]*<\/option><option value="male">Man<\/option><option value="female" selected="">Vrouw<\/option>/,
    );
    expect(root).toMatch(/name="country">.*<option value="[A-Z]{2}" selected="">/s);
    // scripts after the first paint, as the landing page's (the members screen's chunks named for the app to hint), and
    // the first search's hint with them (start.js); the page stays private
    expect(html).toMatch(
      /<script type="module" src="\/start.js" data-entry="\/assets\/index-[\w-]+\.js" fetchpriority="low" data-preload="[^"]+">/,
    );
    expect(/data-preload="([^"]+)"/.exec(html)![1]!.split(' ')).toContainEqual(
      expect.stringMatching(/^\/assets\/member-screens-[\w-]+\.js$/),
    );
    expect(html).toMatch(/<meta name="first-search" content="\/api\/members\.php\?[^"]+">/);
  });

  it('gives each member their own values (the page cache keeps no member): name, credits or the premium link', async () => {
    const a = await activeMember('vonkje.localhost', { name: 'Anna Eerste' });
    const b = await activeMember('vonkje.localhost', { name: 'Bert Tweede' });
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 3 WHERE id = ?').bind(b.id).run();
    const first = await get(`${V}/members`, a.cookie);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const one = await first.text();
    const two = await (await get(`${V}/members`, b.cookie)).text();
    expect(nav(one)).toContain('>Anna Eerste</span>');
    expect(nav(one)).not.toContain('Bert');
    expect(nav(two)).toContain('>Bert Tweede</span>');
    expect(nav(two)).not.toContain('Anna');
    // a premium member with few credits: the credits link with its badge and texts (plural: account_menu)
    expect(nav(two)).toContain('href="/credits"');
    expect(nav(two)).toContain('title="3 credits"');
    expect(nav(two)).toMatch(/aria-hidden="true">3<\/span><span class="[^"]+">, <!-- -->nog 3 credits<\/span>/);
    expect(nav(one)).toContain('href="/premium"');
    // the same member again: the same page
    expect(nav(await (await get(`${V}/members`, a.cookie)).text())).toBe(nav(one));
  });

  it("prerenders it for a member's page load of /members only: not for a visitor, another route, or a script's fetch", async () => {
    const { cookie } = await activeMember();
    expect(await (await get(`${V}/members`)).text()).not.toContain('data-prerendered');
    expect(await (await get(`${V}/chats`, cookie)).text()).not.toContain('data-prerendered');
    expect(await (await get(`${V}/profile`, cookie)).text()).not.toContain('data-prerendered');
    expect(await (await get(`${V}/members/1`, cookie)).text()).not.toContain('data-prerendered');
    const fetched = await (await call(`${V}/members`, { headers: { cookie: `sid=${cookie}`, 'sec-fetch-dest': 'empty' } })).text();
    expect(fetched).not.toContain('data-prerendered');
    expect(fetched).toContain('<div id="root"></div>');
    // a page load the service worker passes on (its fetch of the navigation: Sec-Fetch-Dest empty, mode navigate) is a page load
    const passedOn = await (
      await call(`${V}/members`, { headers: { cookie: `sid=${cookie}`, 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'navigate' } })
    ).text();
    expect(passedOn).toContain(prerendered);
    // after the template page, the other member screens still get their plain page (the page cache keeps them apart)
    expect(await (await get(`${V}/members`, cookie)).text()).toContain(prerendered);
    expect(await (await get(`${V}/likes`, cookie)).text()).toContain('<div id="root"></div>');
  });
});

describe("app shell: a member's /members is React's own render of the app with the member's data (issue 32)", () => {
  const nav = (html: string) => /<header[^>]*>(.*?)<\/header>/s.exec(rootOf(html))?.[1] ?? '';
  const status = (html: string) => /role="status" aria-live="polite">([^<]*)<\/span>/.exec(nav(html))?.[1];
  const answered = (cookie: string) => `sid=${cookie}; hide-site-entry-warning=1700000000000`;

  it("marks the page for hydration: React's markup of the whole tree, its Suspense boundaries complete (none left to the browser)", async () => {
    const { cookie } = await activeMember();
    const html = await (await call(`${V}/members`, { headers: { cookie: answered(cookie) } })).text();
    expect(html).toContain('<div id="root" data-prerendered="" data-hydrate="">');
    const root = rootOf(html);
    // the member layer, the navigation, the screen and the footer: each lazy part's boundary rendered, none client-rendered (<!--$!-->)
    expect(root.match(/<!--\$-->/g)!.length).toBeGreaterThanOrEqual(4);
    expect(root).not.toContain('<!--$!-->');
    expect(root).not.toContain('<template');
    expect(root).not.toMatch(/@@[a-z_]+@@/);
  });

  it("shows the member's unread messages with the app's own plural and badge, as many as there are", async () => {
    const a = await activeMember('vonkje.localhost', { name: 'Schrijver' });
    const b = await activeMember('vonkje.localhost', { name: 'Lezer' });
    const page = async () => (await call(`${V}/members`, { headers: { cookie: answered(b.cookie) } })).text();
    const none = await page();
    expect(status(none)).toBe('');
    expect(nav(none)).not.toContain('ongelezen');
    let n = 0;
    const send = async () =>
      expect(
        (await post(`${V}/api/message.php`, { to: b.id, kind: 'text', text: `Hoi ${n}`, client_id: `ssr-${Date.now()}-${n++}` }, a.cookie))
          .status,
      ).toBe(201);
    await send();
    const one = await page();
    expect(status(one)).toBe('1 ongelezen bericht');
    expect(nav(one)).toMatch(/>1<\/span>/);
    await send();
    await send();
    const three = await page();
    expect(status(three)).toBe('3 ongelezen berichten');
    expect(nav(three)).toMatch(/>3<\/span>/);
  });

  it("renders members of different sites and languages at once, each page with its own member and language (the app's stores hold one render)", async () => {
    const nl = await activeMember('vonkje.localhost', { name: 'Nederlander' });
    const de = await activeMember('flirtfunke.de', { name: 'Deutscher' });
    const load = (host: string, cookie: string) =>
      call(`http://${host}/members`, { headers: { cookie: answered(cookie) } }).then((r) => r.text());
    const pages = await Promise.all([
      load('vonkje.localhost', nl.cookie),
      load('flirtfunke.de', de.cookie),
      load('vonkje.localhost', nl.cookie),
      load('flirtfunke.de', de.cookie),
    ]);
    for (const [i, html] of pages.entries()) {
      const dutch = i % 2 === 0;
      expect(nav(html)).toContain(dutch ? '>Nederlander</span>' : '>Deutscher</span>');
      expect(nav(html)).not.toContain(dutch ? 'Deutscher' : 'Nederlander');
      expect(html).toContain(dutch ? '<html lang="nl">' : '<html lang="de">');
      expect(rootOf(html)).toContain(dutch ? '>Leden zoeken</h1>' : '>Mitglieder suchen</h1>');
    }
  });
});

describe("app shell: the member banners in a member's /members (issue 11: no shift when the app takes over)", () => {
  const page = (cookie: string, extra = '') =>
    call(`${V}/members`, { redirect: 'manual', headers: { cookie: `sid=${cookie}${extra}` } }).then((r) => r.text());
  /** The aria-labels of the banners between the header and main, in the page's order. */
  const banners = (html: string) => {
    const between = /<\/header>(.*?)<main/s.exec(rootOf(html))![1]!;
    return [...between.matchAll(/<div class="[^"]+" role="region" aria-label="([^"]+)">/g)].map((m) => m[1]);
  };
  const PHOTO = 'Profielfoto toevoegen';
  const PUSH = 'Meldingen';
  const BONUS = 'Welkomstbonus';
  const ACTIVATION = 'Bevestig je e-mailadres';
  const DISABLED = 'E-mails staan uit';
  /** A new member's time bonus comes before the photo and push alerts (issue 33: one banner at a time): dismissed here, for a day. */
  const noBonus = () => `; hide-welcome-bonus-alert=${Date.now()}`;
  const HOUR = 3_600_000;

  it('puts the photo alert in for a member without a photo, and leaves it out once dismissed (its cookie mirror) or with a photo', async () => {
    const { cookie } = await activeMember();
    const html = await page(cookie, noBonus());
    expect(banners(html)).toEqual([PHOTO]);
    // the app's markup: its texts, its link to the profile and its close button; the banners' CSS is in the head
    expect(rootOf(html)).toMatch(
      /<\/header><!--\$--><div class="[^"]+" role="region" aria-label="Profielfoto toevoegen">.*?>Nog geen profielfoto<\/span>.*?href="\/profile"[^>]*>Foto toevoegen<\/a><button type="button" class="[^"]+" aria-label="Melding sluiten">×<\/button><\/div><\/div><\/div><!--\/\$--><main/s,
    );
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(
      /<link rel="stylesheet" href="\/assets\/member-layer-[\w-]+\.css" crossorigin disabled>/,
    );
    expect(banners(await page(cookie, noBonus() + '; hide-enrich-alert=1700000000000'))).toEqual([]);
    // a cookie that is not a time of dismissal is no dismissal
    expect(banners(await page(cookie, noBonus() + '; hide-enrich-alert=later'))).toEqual([PHOTO]);
    const withPhoto = await memberWithPhoto('vonkje.localhost');
    expect(banners(await page(withPhoto.cookie, noBonus()))).toEqual([]);
  });

  it("puts the push alert in only where the browser's push state says it can turn notifications on, and not once dismissed", async () => {
    const { cookie } = await memberWithPhoto('vonkje.localhost');
    // no state known (a browser whose app never ran): left to the app
    expect(banners(await page(cookie, noBonus()))).toEqual([]);
    expect(banners(await page(cookie, noBonus() + '; push-state=capable'))).toEqual([PUSH]);
    expect(banners(await page(cookie, noBonus() + '; push-state=subscribed'))).toEqual([]);
    expect(banners(await page(cookie, noBonus() + '; push-state=denied'))).toEqual([]);
    expect(banners(await page(cookie, noBonus() + '; push-state=<b>'))).toEqual([]);
    expect(banners(await page(cookie, `${noBonus()}; push-state=capable; hide-push-notification-alert=${Date.now() - HOUR}`))).toEqual([]);
  });

  it('carries what it was rendered with of the browser (the push state, the dismissals), for the browser to hydrate it the same', async () => {
    const { cookie } = await memberWithPhoto('vonkje.localhost');
    const renderedWith = (html: string) => {
      const m = /<script id="rendered-with" type="application\/json">(.*?)<\/script>/.exec(html);
      return m ? (JSON.parse(m[1]!) as { push: string; dismissals: Record<string, string> }) : null;
    };
    // the cookie mirrors as the request carried them (a browser's script may not see them: a cookie sent by other means),
    // the entry warning's too (the app's first render then leaves its dialog out, as the worker did)
    const html = await page(
      cookie,
      '; push-state=capable; hide-push-notification-alert=1700000000000; hide-site-entry-warning=1700000000001',
    );
    expect(banners(html)).toEqual([BONUS]);
    expect(renderedWith(html)).toEqual({
      push: 'capable',
      dismissals: { 'hide-push-notification-alert': '1700000000000', 'hide-site-entry-warning': '1700000000001' },
    });
    // after #root, outside what React hydrates; none known: empty
    expect(html.indexOf('id="rendered-with"')).toBeGreaterThan(html.indexOf('</main>'));
    expect(renderedWith(await page(cookie, '; hide-site-entry-warning=1700000000001'))).toEqual({
      push: '',
      dismissals: { 'hide-site-entry-warning': '1700000000001' },
    });
    // escaped as JSON in a script: a value cannot close it
    expect(await page(cookie, '; hide-site-entry-warning=1700000000001; push-state=</script><b>')).not.toContain('</script><b>');
  });

  it('one banner at a time (issue 33), the first due: mail confirmation, mail off, welcome bonus, photo, push; each dismissal shows the next', async () => {
    const m = await signup('vonkje.localhost', { email: `o'neil-${Date.now()}@example.org` });
    // a new member: e-mail not confirmed (profile disabled until then), the time bonus, no photo, the browser can turn notifications on
    let cookies = '; push-state=capable';
    const html = await page(m.cookie, cookies);
    expect(banners(html)).toEqual([ACTIVATION]);
    expect(rootOf(html)).toContain(`naar ${m.email.replace("'", '&#x27;')} stuurden`);
    expect(rootOf(html)).not.toMatch(/@@[a-z_]+@@/);
    // the reminder is dismissible too (for a day), as the app's
    expect(rootOf(html)).toMatch(
      /aria-label="Bevestig je e-mailadres">.*?Stuur opnieuw<\/button><button type="button" class="[^"]+" aria-label="Melding sluiten">×<\/button>/s,
    );
    for (const [cookie, shown] of [
      [`hide-activation-alert=${Date.now()}`, BONUS],
      [`hide-welcome-bonus-alert=${Date.now()}`, PHOTO],
      ['hide-enrich-alert=1700000000000', PUSH],
      [`hide-push-notification-alert=${Date.now()}`, undefined],
    ] as const) {
      cookies += `; ${cookie}`;
      expect(banners(await page(m.cookie, cookies)), cookie).toEqual(shown ? [shown] : []);
    }
    const { cookie, id } = await activeMember();
    await env.DB.prepare(`UPDATE members SET notifications_disabled = '["bounce"]' WHERE id = ?`).bind(id).run();
    expect(banners(await page(cookie))).toEqual([DISABLED]);
    expect(banners(await page(cookie, '; hide-disabled-notifications-alert=1700000000000'))).toEqual([BONUS]);
  });

  it('a dismissal holds for its time: the mail confirmation and the bonus a day, push two weeks, the photo and mail off for good', async () => {
    const m = await signup();
    const ago = (hours: number) => Date.now() - hours * HOUR;
    expect(banners(await page(m.cookie, `; hide-activation-alert=${ago(23)}`))).toEqual([BONUS]);
    expect(banners(await page(m.cookie, `; hide-activation-alert=${ago(25)}`))).toEqual([ACTIVATION]);
    const { cookie } = await memberWithPhoto('vonkje.localhost');
    expect(banners(await page(cookie, `; hide-welcome-bonus-alert=${ago(23)}`))).toEqual([]);
    expect(banners(await page(cookie, `; hide-welcome-bonus-alert=${ago(25)}`))).toEqual([BONUS]);
    const push = `${noBonus()}; push-state=capable; hide-push-notification-alert=`;
    expect(banners(await page(cookie, `${push}${ago(13 * 24)}`))).toEqual([]);
    expect(banners(await page(cookie, `${push}${ago(15 * 24)}`))).toEqual([PUSH]);
    const bare = await activeMember();
    expect(banners(await page(bare.cookie, `${noBonus()}; hide-enrich-alert=${ago(24 * 365)}`))).toEqual([]);
  });
});

describe("app shell: the welcome bonus banner in a free member's /members, and its discount for the app (issue 11)", () => {
  const page = (cookie: string) => call(`${V}/members`, { redirect: 'manual', headers: { cookie: `sid=${cookie}` } }).then((r) => r.text());
  const bonus = (html: string) =>
    /<div class="[^"]+" role="region" aria-label="Welkomstbonus"><div class="[^"]+"><p class="[^"]+">(.*?)<\/p><a [^>]*href="\/credits"[^>]*>Credits kopen<\/a><button type="button" class="[^"]+" aria-label="Melding sluiten">×<\/button><\/div><\/div><!--\/\$--><main/s.exec(
      rootOf(html),
    )?.[1] ?? null;
  const inlined = (html: string) => {
    const m = /<script id="active-discount" type="application\/json">(.*?)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]!) as { kind: string; percentage: number; code: string } | null) : undefined;
  };
  const joined = async (cookie: string, id: number, hoursAgo: number) => {
    await env.DB.prepare('UPDATE members SET created_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - hoursAgo * 3_600_000).toISOString(), id)
      .run();
    return page(cookie);
  };

  it('shows a new member the time bonus with its countdown, and the discount the banner shows in the page (the call answers the same)', async () => {
    const { cookie } = await activeMember();
    const html = await page(cookie);
    expect(bonus(html)).toMatch(
      /^Je welkomstbonus: 25% korting op je eerste creditpakket, nog<span class="[^"]+" role="timer" aria-label="Resterende tijd">03:59:[0-5]\d<\/span>$/,
    );
    const answer = inlined(html);
    expect(answer).toMatchObject({ kind: 'time_bonus', code: 'TIMEBONUS25', percentage: 25 });
    // at the end of body, after #root (the app reads it once), and what GET /api/discountcode.php?welcome=true answers
    expect(html.indexOf('id="active-discount"')).toBeGreaterThan(html.indexOf('<div id="root"'));
    const call_ = (await (await get(`${V}/api/discountcode.php?welcome=true`, cookie)).json()) as { discountcode: Record<string, unknown> };
    expect({ ...answer, validity: null }).toEqual({ ...call_.discountcode, validity: null });
  });

  it("shows the welcome code's days after the time bonus, the welcome code alone on its last day, and nothing after", async () => {
    const { cookie, id } = await activeMember();
    expect(bonus(await joined(cookie, id, 3 * 24 + 1))).toBe('Je welkomstkorting: 25% op je eerste creditpakket, nog 4 dagen geldig.');
    expect(inlined(await page(cookie))).toMatchObject({ kind: 'welcome', code: 'WELKOM25' });
    expect(bonus(await joined(cookie, id, 6.5 * 24))).toBe('Je welkomstkorting: 25% op je eerste creditpakket.');
    const past = await joined(cookie, id, 8 * 24);
    expect(bonus(past)).toBeNull();
    expect(past).not.toContain('aria-label="Welkomstbonus"');
    // none: said in the page too (the app asks nothing)
    expect(inlined(past)).toBeNull();
  });

  it('shows none once a built-in code was redeemed, nor to a premium member (whose page carries no discount at all)', async () => {
    const a = await activeMember();
    await env.DB.prepare(
      "INSERT INTO discount_redemptions (code, member_id, payment_id, status, created_at) VALUES ('WELKOM25', ?, 'p-test', 'used', ?)",
    )
      .bind(a.id, new Date().toISOString())
      .run();
    const redeemed = await page(a.cookie);
    expect(bonus(redeemed)).toBeNull();
    expect(inlined(redeemed)).toBeNull();
    const b = await activeMember();
    await env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(b.id).run();
    const paid = await page(b.cookie);
    expect(bonus(paid)).toBeNull();
    expect(inlined(paid)).toBeUndefined();
    // another member screen: no discount in the page
    expect(await (await get(`${V}/likes`, a.cookie)).text()).not.toContain('active-discount');
  });
});

describe("app shell: the entry warning's static copy in a member's /members (issue 11)", () => {
  const page = (url: string, cookie: string, extra = '', headers: Record<string, string> = {}) =>
    call(url, { redirect: 'manual', headers: { cookie: `sid=${cookie}${extra}`, ...headers } }).then((r) => r.text());
  const copy =
    /<div id="static-entry-warning"><div class="[^"]+"><div class="[^"]+" role="dialog" autofocus="" aria-modal="true" aria-labelledby="([^"]+)" tabindex="-1"><h2 id="\1">Let op: erotische inhoud<\/h2>/;

  it("puts the app's dialog at the end of body, with its CSS in the head, for a browser without the dismissal's cookie", async () => {
    const { cookie } = await activeMember();
    const html = await page(`${V}/members`, cookie);
    // the page behind the copy is inert until the warning is answered (the app's dialog keeps it so while it shows)
    expect(html).toContain('<div id="root" data-prerendered="" data-hydrate="" inert="">');
    expect(html).toMatch(copy);
    // where the app's portal puts its dialog: after #root, the last thing in body
    expect(html).toMatch(/<\/div><\/div><\/div><\/div><\/body>/);
    expect(html.indexOf('id="static-entry-warning"')).toBeGreaterThan(html.indexOf('<div id="root"'));
    expect(html).toContain('>Ik ben 18+ en ga verder</button>');
    expect(html).toContain('href="https://www.google.com/"');
    // the dialog's and the modal's stylesheets are in the head: the copy paints styled, before any script
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/entry-warning-dialog-[\w-]+\.css" crossorigin disabled>/);
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/modal-[\w-]+\.css" crossorigin disabled>/);
    const answered = await page(`${V}/members`, cookie, '; hide-site-entry-warning=1700000000000');
    expect(answered.slice(0, answered.indexOf('</head>'))).not.toContain('entry-warning-dialog');
  });

  it("leaves it out with the cookie, on a site without the warning, for a visitor, on another route and for a script's fetch", async () => {
    const { cookie } = await activeMember();
    const answered = await page(`${V}/members`, cookie, '; hide-site-entry-warning=1700000000000');
    expect(answered).toContain('<div id="root" data-prerendered="" data-hydrate="">');
    expect(answered).not.toContain('inert');
    expect(answered).not.toContain('id="static-entry-warning"');
    // a cookie that is not a time of dismissal is no answer
    expect(await page(`${V}/members`, cookie, '; hide-site-entry-warning=yes')).toMatch(copy);
    // a site whose warning is off (gay-nl: enable_site_entry_popup no)
    const gay = await activeMember('gay-nl.localhost');
    const off = await page('http://gay-nl.localhost/members', gay.cookie);
    expect(off).toContain('<div id="root" data-prerendered="" data-hydrate="">');
    expect(off).not.toContain('id="static-entry-warning"');
    // a visitor, another member route, a script's fetch: no template, no copy (the app's own dialog shows there)
    expect(await (await get(`${V}/members`)).text()).not.toContain('id="static-entry-warning"');
    expect(await page(`${V}/likes`, cookie)).not.toContain('id="static-entry-warning"');
    expect(await page(`${V}/members/1`, cookie)).not.toContain('id="static-entry-warning"');
    expect(await page(`${V}/members`, cookie, '', { 'sec-fetch-dest': 'empty' })).not.toContain('id="static-entry-warning"');
    // and the page cache keeps the two pages apart: the copy again without the cookie
    expect(await page(`${V}/members`, cookie)).toMatch(copy);
  });
});
