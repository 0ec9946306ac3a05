import { describe, expect, it } from 'vitest';
import { activeMember, get } from './account-helpers';
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
    // no script fetched before that paint: start.js (low priority) imports the entry it names
    expect(html).toMatch(/<script type="module" src="\/start.js" data-entry="\/assets\/index-[\w-]+\.js" fetchpriority="low"><\/script>/);
    expect(html).not.toContain('modulepreload');
    // its screen's and the footer's stylesheets, applied for the first paint
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/landing-page-[\w-]+\.css" crossorigin>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/footer-[\w-]+\.css" crossorigin>/);
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

  it('prerenders nothing for a member, another route or a script\'s fetch (the service worker\'s shell serves every path)', async () => {
    const plain = /<div id="root"><\/div>/;
    const entry = /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/;
    const { cookie } = await activeMember();
    const member = await (await get(`${V}/`, cookie)).text();
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

describe("app shell: the members page's first search", () => {
  const hint = /<link rel="preload" as="fetch" href="([^"]+)" crossorigin fetchpriority="high">/;

  it("names the member's first search in a preload hint of /members, which the page's own request takes (same address)", async () => {
    const { cookie } = await activeMember();
    const html = await (await get(`${V}/members`, cookie)).text();
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
    const fetched = await (await call(`${V}/members`, { headers: { cookie: `sid=${cookie}`, 'sec-fetch-dest': 'empty' } })).text();
    expect(fetched).toContain('"user":{');
    expect(fetched).not.toMatch(hint);
  });
});
