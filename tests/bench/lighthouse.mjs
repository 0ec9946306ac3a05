// Lighthouse on the landing page (a visitor) and the members page (the demo free member), with
// Lighthouse's default settings: mobile form factor, simulated throttling (slow 4G, 4× CPU).
// Debian's Chromium, headless. Run by tests/bench/run.mjs, or by itself against a server you
// started (demo data seeded, see README):
//   node tests/bench/lighthouse.mjs http://127.0.0.1:8821
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const GOALS = { score: 95, lcpMs: 1500 };

/** The demo member's session cookie (a fresh login). */
async function login(base, email, password) {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'request-type': 'client', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`lighthouse: login of ${email} answered ${res.status}`);
  return cookie;
}

/**
 * One Lighthouse run (performance only) in a Chromium of its own: its score (0–100) and LCP (ms).
 * A failed recording (NO_NAVSTART and the like, on a busy machine) or a run that hangs past 2
 * minutes is tried again, twice at most.
 */
export async function audit(url, headers, attempt = 1) {
  const chrome = await launch({ chromePath: CHROME, chromeFlags: FLAGS, logLevel: 'silent' });
  let timer;
  try {
    const run = lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
    run.catch(() => {}); // a run given up on may still fail later
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out after 2 minutes')), 120_000)));
    const lhr = (await Promise.race([run, timeout]))?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result');
    return { score: Math.round((lhr.categories.performance.score ?? 0) * 100), lcp: lhr.audits['largest-contentful-paint'].numericValue };
  } catch (err) {
    if (attempt >= 3) throw new Error(`lighthouse: ${url}: ${err.message}`);
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
  return audit(url, headers, attempt + 1);
}

/**
 * Rows for the bench table ({ name, value, goal, note }): performance score and LCP of each page,
 * the median of `runs` runs (by score; LCP of that same run).
 */
export async function lighthouseRows(base, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const cookie = await login(base, 'free@example.com', 'demo-password');
  const pages = [
    ['landing page /, visitor', `${base}/`, undefined],
    ['members page /members, logged in', `${base}/members`, { Cookie: cookie }],
  ];
  const rows = [];
  for (const [name, url, headers] of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await audit(url, headers));
    results.sort((a, b) => a.score - b.score || b.lcp - a.lcp);
    const { score, lcp } = results[Math.floor(results.length / 2)];
    const all = results.map((r) => r.score).join('/');
    rows.push({ name: `Lighthouse ${name}: performance`, value: String(score), goal: `≥ ${GOALS.score}`, note: `${score >= GOALS.score ? 'met' : 'NOT met'}; mobile, simulated throttling; median of ${runs} (${all})` });
    rows.push({ name: `Lighthouse ${name}: LCP (s)`, value: (lcp / 1000).toFixed(2), goal: `≤ ${GOALS.lcpMs / 1000}`, note: lcp <= GOALS.lcpMs ? 'met' : 'NOT met' });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:8821').replace(/\/$/, '');
  const rows = await lighthouseRows(base);
  const w = [Math.max(...rows.map((r) => r.name.length)), 6, 6];
  for (const r of rows) console.log(`| ${r.name.padEnd(w[0])} | ${r.value.padEnd(w[1])} | ${r.goal.padEnd(w[2])} | ${r.note} |`);
}
