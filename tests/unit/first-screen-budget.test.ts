// The first screens' JS budget (issue 32 §2, issue 17): the landing page's initial JS (start.js counted) and each
// lander's, gzip, in every language, at most 90 KB. Counted on the build (npm run build: web/dist) as the bench counts
// it (tests/bench/initial-js.ts), so a dependency or a later screen's code pulled into the first chunks fails here.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDER_KINDS } from '../../worker/contracts/landers.values';
import { INITIAL_JS_BUDGET_KB, LOCALES, landerInitialJs, landingInitialJs } from '../bench/initial-js';

const KB = 1024;
const built = existsSync('web/dist/.vite/manifest.json') && existsSync('web/dist/.vite/lander-manifest.json');

describe('the first screens stay in their JS budget', () => {
  it('the build is there (npm run build)', () => {
    expect(built, 'web/dist has no manifest: run npm run build first').toBe(true);
  });

  it.runIf(built)('the landing page: entry, landing chunk, the visitor’s catalogue and start.js, ≤ 90 KB gzip in every language', () => {
    for (const locale of LOCALES) {
      const js = landingInitialJs(locale);
      expect(js.files).toContain('start.js');
      expect(js.gz / KB, `${locale}: ${js.files.join(', ')}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    }
  });

  it.runIf(built)('the landing page loads no React Query (the members’ screens’ chunk)', () => {
    const js = landingInitialJs('nl');
    expect(js.files.filter((f) => /query-client/.test(f))).toEqual([]);
  });

  it.runIf(built)('every lander and the campaign page, ≤ 90 KB gzip in every language', () => {
    const pages = [
      ...Object.values(LANDER_KINDS).map((file) => ['features/landers/lander-page.tsx', `features/landers/kinds/${file}.tsx`]),
      ['features/landers/campaign-page.tsx'],
    ];
    for (const keys of pages)
      for (const locale of LOCALES)
        expect(landerInitialJs(keys, locale).gz / KB, `${keys.join(' + ')}, ${locale}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });
});
