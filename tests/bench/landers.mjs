// The landers (issue 17): each lander's initial JavaScript, gzipped, in its largest language
// (the landing page's 90 KB budget), and Lighthouse mobile performance on two landers.
import { tsImport } from 'tsx/esm/api';
import { audit } from './lighthouse.mjs';

/** Each lander's chunk under web/features/landers/kinds/: the one table the worker's shell reads too. */
const { LANDER_KINDS: KINDS } = await tsImport('../../worker/contracts/landers.values.ts', import.meta.url);
/** The counting, shared with the landing page's row and the budget's test (tests/unit/first-screen-budget.test.ts). */
const { INITIAL_JS_BUDGET_KB: GOAL_KB, LOCALES, landerInitialJs } = await tsImport('./initial-js.ts', import.meta.url);
const LIGHTHOUSE_GOAL = 95;

/** Rows: each lander's (and the campaign page's) initial JS in its largest language. */
export function landerJsRows() {
  const pages = [
    ...Object.entries(KINDS).map(([name, file]) => [
      `lander ${name}`,
      ['features/landers/lander-page.tsx', `features/landers/kinds/${file}.tsx`],
    ]),
    ['campaign page /members/{id}/landing', ['features/landers/campaign-page.tsx']],
  ];
  return pages.map(([name, keys]) => {
    const sizes = LOCALES.map((l) => ({ l, gz: landerInitialJs(keys, l).gz })).sort((a, b) => b.gz - a.gz);
    const kb = sizes[0].gz / 1024;
    return {
      name: `${name} initial JS, gzip (KB), largest language`,
      value: kb.toFixed(1),
      goal: `≤ ${GOAL_KB}`,
      note: `${kb <= GOAL_KB ? 'met' : 'NOT met'}; ${sizes[0].l}`,
    };
  });
}

/** Lighthouse (mobile preset, simulated throttling) on two landers as a visitor, median of `runs`. */
export async function landerLighthouseRows(base, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const rows = [];
  for (const path of ['/landers/gallery', '/landers/video/summer']) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await audit(`${base}${path}`, undefined));
    results.sort((a, b) => a.score - b.score || b.lcp - a.lcp);
    const { score, lcp } = results[Math.floor(results.length / 2)];
    rows.push({
      name: `Lighthouse lander ${path}, visitor: performance`,
      value: String(score),
      goal: `≥ ${LIGHTHOUSE_GOAL}`,
      note: `${score >= LIGHTHOUSE_GOAL ? 'met' : 'NOT met'}; mobile, simulated throttling; median of ${runs} (${results.map((r) => r.score).join('/')}); LCP ${(lcp / 1000).toFixed(2)} s`,
    });
  }
  return rows;
}

/** Everything of this module for the bench table (needs the running site at `base`). */
export async function landersBench(base) {
  return [...landerJsRows(), ...(await landerLighthouseRows(base))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2]?.replace(/\/$/, '');
  const rows = base ? await landersBench(base) : landerJsRows();
  for (const r of rows) console.log(`| ${r.name.padEnd(64)} | ${r.value.padEnd(6)} | ${r.goal.padEnd(6)} | ${r.note} |`);
}
