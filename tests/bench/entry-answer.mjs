// What the entry warning's answer costs a fresh browser (issue 11): under the warning's static copy the
// app waits for the visitor's accept (web/start.js), so its start comes after the answer. Side by
// side in one run, in Debian's Chromium at 4× CPU (Lighthouse's mobile slowdown), 375 px:
//  - fresh browser: from the click on the copy's accept (the visitor answering 1.5 s after the page's
//    load) to the app's take-over of the page and to the first search's cards on the screen;
//  - returning member (the warning answered before): from the navigation to the same two moments.
// Run by tests/bench/run.mjs, or by itself against a server you started (demo data seeded):
//   node tests/bench/entry-answer.mjs http://127.0.0.1:8787
import { chromium } from '@playwright/test';
import { login } from './lighthouse.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const READING_MS = 1500;

/**
 * In the page from its start: each animation frame, once `__t0` is set (a time on the page's clock), notes when
 * `#root` was taken over by the app and when the first search's cards were in, in ms after `__t0`. (The cards'
 * photos are left out: the bench's generated members have photo rows without files.)
 */
function watch() {
  window.__marks = {};
  const tick = () => {
    const root = document.getElementById('root');
    if (typeof window.__t0 === 'number' && root) {
      const now = performance.now() - window.__t0;
      if (window.__marks.app === undefined && !root.hasAttribute('data-prerendered')) window.__marks.app = now;
      if (window.__marks.card === undefined && root.querySelector('section[aria-busy="false"] a[href^="/members/"]'))
        window.__marks.card = now;
    }
    if (window.__marks.card === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function measure(browser, base, sid, fresh) {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, serviceWorkers: 'block' });
  try {
    const cookies = [{ name: 'sid', value: sid, url: base }];
    if (!fresh)
      cookies.push(
        { name: 'hide-site-entry-warning', value: String(Date.now()), url: base },
        { name: 'push-state', value: 'capable', url: base },
      );
    await context.addCookies(cookies);
    if (!fresh) await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));
    await context.addInitScript(watch);
    // the returning member's clock starts with the navigation (performance.now() is 0 there)
    if (!fresh) await context.addInitScript(() => (window.__t0 = 0));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/members`, { waitUntil: 'load' });
    if (fresh) {
      await page.waitForTimeout(READING_MS);
      const answered = await page.evaluate(() => {
        const accept = document.querySelector('#static-entry-warning button');
        if (!accept || !document.getElementById('root')?.hasAttribute('data-prerendered')) return false;
        window.__t0 = performance.now();
        accept.click();
        return true;
      });
      if (!answered) throw new Error('entry-answer: the fresh page had no static warning over the prerendered page');
    }
    await page.waitForFunction(() => window.__marks.card !== undefined, null, { timeout: 30_000 });
    return page.evaluate(() => window.__marks);
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Rows for the bench table: the median of `runs` page loads per browser, alternating. */
export async function entryAnswerRows(base, { runs = Number(process.env.ENTRY_ANSWER_RUNS ?? 5) } = {}) {
  const sid = (await login(base, 'free@example.com', 'demo-password')).slice('sid='.length);
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  const fresh = [];
  const returning = [];
  try {
    for (let i = 0; i < runs; i++) {
      fresh.push(await measure(browser, base, sid, true));
      returning.push(await measure(browser, base, sid, false));
    }
  } finally {
    await browser.close();
  }
  const all = (list, key) => list.map((m) => Math.round(m[key])).join('/');
  const note = `4× CPU, 375 px, median of ${runs}`;
  return [
    {
      name: "members page, fresh browser: the warning's accept to the app's take-over (ms)",
      value: median(fresh.map((m) => m.app)).toFixed(0),
      goal: '',
      note: `${note} (${all(fresh, 'app')}); the app starts with the answer`,
    },
    {
      name: "members page, fresh browser: the warning's accept to the cards (ms)",
      value: median(fresh.map((m) => m.card)).toFixed(0),
      goal: '',
      note: `${note} (${all(fresh, 'card')})`,
    },
    {
      name: "members page, returning member: navigation to the app's take-over (ms)",
      value: median(returning.map((m) => m.app)).toFixed(0),
      goal: '',
      note: `${note} (${all(returning, 'app')})`,
    },
    {
      name: 'members page, returning member: navigation to the cards (ms)',
      value: median(returning.map((m) => m.card)).toFixed(0),
      goal: '',
      note: `${note} (${all(returning, 'card')})`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:8787').replace(/\/$/, '');
  for (const r of await entryAnswerRows(base)) console.log(`| ${r.name} | ${r.value} | ${r.note} |`);
}
