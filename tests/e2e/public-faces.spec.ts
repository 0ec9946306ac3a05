import type { APIRequestContext } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { wantedGender } from '../../worker/contracts/niches';
import { LANDER_PROFILES, LANDING_FACES } from '../../worker/contracts/landers.values';
import type { CampaignAnswer, FacesAnswer, LanderAnswer } from '../../worker/contracts/landers';
import { expect, port, test } from './fixtures';

/**
 * Issue 33, "each site's landing page shows real faces": the demo data gives every site enough
 * people for its public pages (docs/decisions/195-demo-public-faces.md). On each of the 18 sites
 * a visitor from the site's first country (the sites of one company and niche share their members, each
 * visitor's country first) finds that its collage lander answers LANDER_PROFILES profiles and the landing page's faces
 * LANDING_FACES, each first name once, every one of the gender the site's visitors look for and a
 * public page's person (its campaign page answers). API calls only: one spec for all sites.
 */
// the site files as the registry reads them (tenants/index.ts imports JSON, which Playwright's loader does not)
const SITES = readdirSync('tenants')
  .filter((f) => f.endsWith('.json') && f !== 'companies.json')
  .map((f) => JSON.parse(readFileSync(`tenants/${f}`, 'utf8')) as { slug: string; niche: number; settings?: { countries?: string[] } })
  .map((t) => ({ slug: t.slug, niche: t.niche, country: t.settings?.countries?.[0] ?? 'NL' }));

/** A visitor's GET on the site (Node resolves no `*.localhost`, Chromium does: the loopback address, the site's host named). */
async function json<T>(request: APIRequestContext, slug: string, path: string, country: string): Promise<T> {
  const res = await request.get(`http://127.0.0.1:${port}${path}`, {
    headers: { Host: `${slug}.localhost:${port}`, 'CF-IPCountry': country },
  });
  expect(res.status(), `${slug} ${path}`).toBe(200);
  return (await res.json()) as T;
}

test('every site has a full collage lander and eight landing faces, all of the gender its visitors look for', async ({ request }) => {
  expect(SITES).toHaveLength(18);
  await Promise.all(
    SITES.map(async ({ slug, niche, country }) => {
      const lander = await json<LanderAnswer>(request, slug, '/api/lander.php?name=collagelanding', country);
      const faces = await json<FacesAnswer>(request, slug, '/api/faces.php', country);
      expect(lander.profiles.length, `${slug}: the collage lander's profiles`).toBe(LANDER_PROFILES);
      expect(faces.profiles.length, `${slug}: the landing page's faces`).toBe(LANDING_FACES);
      for (const answer of [lander, faces]) {
        const names = answer.profiles.map((p) => p.name.toLocaleLowerCase());
        expect(new Set(names).size, `${slug}: each first name once`).toBe(names.length);
      }
      // each one's gender, as the campaign page (a public page of one person) answers it
      const ids = [...new Set([...lander.profiles, ...faces.profiles].map((p) => p.id))];
      const genders = await Promise.all(
        ids.map(async (id) => (await json<CampaignAnswer>(request, slug, `/api/campaign.php?id=${id}`, country)).profile.gender),
      );
      expect([...new Set(genders)], `${slug}: the genders shown`).toEqual([wantedGender(niche, null)]);
    }),
  );
});
