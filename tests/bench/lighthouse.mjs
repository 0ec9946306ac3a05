// Lighthouse on the landing page (a visitor) and the members page (the demo free member), with
// Lighthouse's default settings (mobile form factor, simulated slow 4G) but the CPU slowdown
// calibrated to this machine: Lighthouse's default 4× assumes a desktop with a benchmarkIndex of
// about 1,533; on a slower or busier machine 4× emulates a phone slower than Lighthouse's target,
// and the score means less. See calibratedSlowdown.
// Debian's Chromium, headless. Run by tests/bench/run.mjs, or by itself against a server you
// started (demo data seeded, see README):
//   node tests/bench/lighthouse.mjs http://127.0.0.1:8821
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { WebSocket } from 'undici';
import * as constants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const GOALS = { score: 95, lcpMs: 1500 };

/** The demo member's session cookie (a fresh login). */
export async function login(base, email, password) {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'request-type': 'client', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`lighthouse: login of ${email} answered ${res.status}`);
  return cookie;
}

/**
 * A returning member's browser: the entry warning answered on this site before (its dismissal in
 * localStorage, web/lib/dismissals.ts), set through the DevTools protocol on a page of the origin
 * that loads no app (the settings' JSON), so the HTTP cache holds nothing of the app. Lighthouse
 * clears the cache, service workers and cache storage before it loads the page, never localStorage
 * (its default clearStorageTypes), so the dismissal is there, as in the member's own browser.
 */
/** The first page target of a Chromium started by chrome-launcher, through the DevTools protocol. */
async function devtools(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((t) => t.type === 'page');
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (event) => {
    const msg = JSON.parse(String(event.data));
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

async function answerEntryWarning(port, base) {
  const { send, close } = await devtools(port);
  const url = `${base}/api/settings.php`;
  await send('Page.navigate', { url });
  for (let i = 0; i < 100; i++) {
    const r = await send('Runtime.evaluate', {
      expression: `location.href === ${JSON.stringify(url)} && document.readyState === 'complete'`,
      returnByValue: true,
    });
    if (r.result?.result?.value) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const set = await send('Runtime.evaluate', {
    expression: `localStorage.setItem('hide-site-entry-warning', String(Date.now())); localStorage.getItem('hide-site-entry-warning')`,
    returnByValue: true,
  });
  if (!set.result?.result?.value) throw new Error('lighthouse: could not answer the entry warning');
  await send('Page.navigate', { url: 'about:blank' });
  close();
}

/**
 * Lighthouse's throttling guide: the CPU slowdown that makes this machine emulate Lighthouse's
 * target phone, from the machine's benchmarkIndex (Lighthouse's own benchmark, the one it reports
 * as `environment.benchmarkIndex`). The guide's calculator maps an index of 1,533 to the default 4×,
 * 1,300 to 3×, 800 to 2× and 150 to 1×, linear between those points and +1× per 233 above 1,300.
 */
export function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

/** The benchmarkIndex of this Chromium right now: Lighthouse's own function, run three times in the blank page, the median. */
async function benchmarkIndex(port) {
  const { send, close } = await devtools(port);
  const values = [];
  for (let i = 0; i < 3; i++) {
    const r = await send('Runtime.evaluate', { expression: `(${pageFunctions.computeBenchmarkIndex})()`, returnByValue: true });
    values.push(r.result?.result?.value);
  }
  close();
  if (!values.every(Number.isFinite)) throw new Error('lighthouse: the benchmark index could not be measured');
  return values.sort((a, b) => a - b)[1];
}

/** LIGHTHOUSE_DEBUG=1: the metrics, the LCP element and its phases, the layout shifts, per run. */
function debug(url, lhr) {
  const a = lhr.audits;
  const ms = (id) => `${id} ${Math.round(a[id]?.numericValue ?? NaN)}`;
  const observed = a.metrics?.details?.items?.[0] ?? {};
  console.log(
    `\n${url}: observed FCP ${Math.round(observed.observedFirstContentfulPaint)}, LCP ${Math.round(observed.observedLargestContentfulPaint)}, DOMContentLoaded ${Math.round(observed.observedDomContentLoaded)}`,
  );
  console.log(
    `${url}: score ${Math.round(lhr.categories.performance.score * 100)}; ${['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive'].map(ms).join(', ')}; CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}`,
  );
  for (const table of a['largest-contentful-paint-element']?.details?.items ?? []) {
    for (const item of table.items ?? []) {
      if (item.node) console.log(`  LCP element: ${item.node.selector} ${item.node.snippet}`);
      else if (item.phase) console.log(`  LCP phase ${item.phase}: ${Math.round(item.timing)} ms`);
    }
  }
  for (const item of a['layout-shifts']?.details?.items ?? [])
    console.log(`  shift ${item.score?.toFixed(3)}: ${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`);
  for (const item of a['render-blocking-resources']?.details?.items ?? [])
    console.log(`  render-blocking: ${item.url} ${Math.round(item.wastedMs)} ms`);
  for (const item of a['bootup-time']?.details?.items ?? [])
    console.log(`  bootup: ${item.url} ${Math.round(item.total)} ms (script ${Math.round(item.scripting)})`);
  for (const item of a['long-tasks']?.details?.items ?? [])
    console.log(`  long task at ${Math.round(item.startTime)}: ${Math.round(item.duration)} ms ${item.url}`);
  for (const item of a['mainthread-work-breakdown']?.details?.items ?? [])
    console.log(`  main thread: ${item.groupLabel} ${Math.round(item.duration)} ms`);
  for (const item of (a['network-requests']?.details?.items ?? []).slice(0, 40))
    console.log(
      `  request ${Math.round(item.networkRequestTime ?? item.startTime ?? 0)}–${Math.round(item.networkEndTime ?? item.endTime ?? 0)} ${item.priority ?? ''} ${Math.round((item.transferSize ?? 0) / 1024)} KB ${item.url}`,
    );
  if (process.env.LIGHTHOUSE_DEBUG === 'json') writeFileSync(`/tmp/lhr-${Date.now()}.json`, JSON.stringify(lhr));
}

/**
 * One Lighthouse run (performance only) in a Chromium of its own: its score (0–100) and LCP (ms).
 * A failed recording (NO_NAVSTART and the like, on a busy machine) or a run that hangs past 2
 * minutes is tried again, twice at most.
 */
export async function audit(url, headers, { returning = false } = {}, attempt = 1) {
  const chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'silent' });
  let timer;
  try {
    if (returning) await answerEntryWarning(chrome.port, new URL(url).origin);
    // measured in this run's own browser just before it: the machine as busy as it is now
    const index = await benchmarkIndex(chrome.port);
    const slowdown = calibratedSlowdown(index);
    const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown };
    const run = lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: headers,
      throttling,
    });
    run.catch(() => {}); // a run given up on may still fail later
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out after 2 minutes')), 120_000)));
    const lhr = (await Promise.race([run, timeout]))?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result');
    if (process.env.LIGHTHOUSE_DEBUG) debug(url, lhr);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      index,
      slowdown,
    };
  } catch (err) {
    if (attempt >= 3) throw new Error(`lighthouse: ${url}: ${err.message}`);
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
  return audit(url, headers, { returning }, attempt + 1);
}

/**
 * Rows for the bench table ({ name, value, goal, note }): performance score, LCP, CLS and total
 * blocking time of each page, the median of `runs` runs (by score; the other figures of that same run).
 */
export async function lighthouseRows(base, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const cookie = await login(base, 'free@example.com', 'demo-password');
  const only = process.env.LIGHTHOUSE_PAGES; // "landing" or "members": one page only (development)
  // the members page twice: a returning member's browser (the entry warning answered before: the
  // usual case, answered at signup) and a fresh browser (the warning due: its static copy in the page, then the app's)
  const pages = [
    ['landing page /, visitor', `${base}/`, undefined, {}],
    // the returning browser has the app's cookie mirrors too (written at every start): the dismissal's (web/lib/dismissals.ts)
    // and its push state's (web/lib/push.ts; headless Chromium can turn notifications on, so the page has the push alert)
    [
      'members page /members, logged in, returning (warning answered)',
      `${base}/members`,
      { Cookie: `${cookie}; hide-site-entry-warning=${Date.now()}; push-state=capable` },
      { returning: true },
    ],
    ['members page /members, logged in, fresh browser (warning due)', `${base}/members`, { Cookie: cookie }, {}],
  ].filter(([name]) => !only || name.startsWith(only));
  const rows = [];
  for (const [name, url, headers, options] of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      if (process.env.LIGHTHOUSE_DEBUG) console.log(`\n— ${name}, run ${i + 1}`);
      results.push(await audit(url, headers, options));
    }
    results.sort((a, b) => a.score - b.score || b.lcp - a.lcp);
    const { score, lcp, cls, tbt, index, slowdown } = results[Math.floor(results.length / 2)];
    const all = results.map((r) => r.score).join('/');
    rows.push({
      name: `Lighthouse ${name}: performance`,
      value: String(score),
      goal: `≥ ${GOALS.score}`,
      note: `${score >= GOALS.score ? 'met' : 'NOT met'}; mobile, slow 4G, CPU ${slowdown.toFixed(1)}× for benchmarkIndex ${Math.round(index)} (runs: ${results.map((r) => Math.round(r.index)).join('/')}); median of ${runs} (${all})`,
    });
    rows.push({
      name: `Lighthouse ${name}: LCP (s)`,
      value: (lcp / 1000).toFixed(2),
      goal: `≤ ${GOALS.lcpMs / 1000}`,
      note: `${lcp <= GOALS.lcpMs ? 'met' : 'NOT met'}; all runs ${results.map((r) => (r.lcp / 1000).toFixed(2)).join('/')}`,
    });
    rows.push({ name: `Lighthouse ${name}: CLS`, value: cls.toFixed(3), goal: '', note: 'of the median run' });
    rows.push({
      name: `Lighthouse ${name}: TBT (ms)`,
      value: tbt.toFixed(0),
      goal: name.includes('returning') ? '< 200' : '',
      note: `of the median run${name.includes('returning') ? (tbt < 200 ? '; met' : '; NOT met') : ''}`,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:8821').replace(/\/$/, '');
  const rows = await lighthouseRows(base);
  const w = [Math.max(...rows.map((r) => r.name.length)), 6, 6];
  for (const r of rows) console.log(`| ${r.name.padEnd(w[0])} | ${r.value.padEnd(w[1])} | ${r.goal.padEnd(w[2])} | ${r.note} |`);
}
