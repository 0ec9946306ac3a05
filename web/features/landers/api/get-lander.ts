import { useEffect, useState } from 'react';
import type { CampaignAnswer, LanderName } from '../../../../worker/contracts/landers';
import type { AnswerOf, CallPath, MemberRoutes } from '../../../../worker/contracts/routes';
import { retryingFetch } from '../../../lib/fetch';

export type Loaded<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'refused'; code: number };

/**
 * GET /api/lander.php, /api/campaign.php and /api/regions.php for the landers and campaign pages,
 * without React Query: these pages are first visits from ads and must stay within the landing
 * page's JS budget (README, "Landers"). The web's one retry loop (web/lib/fetch.ts) with the
 * landers' rules: no header of our own (GETs, which the CSRF guard leaves alone: the browser then
 * uses the shell's preload of the same address), a network error or a 5xx tried once more after
 * 500 ms. Each answer is asked once per page load and kept for the visit.
 */
const http = retryingFetch(500, undefined, undefined, { retries: 1, clientHeader: false });
async function getJson<T>(path: string): Promise<Loaded<T>> {
  try {
    const res = await http(path);
    return res.ok ? { status: 'ok', data: (await res.json()) as T } : { status: 'refused', code: res.status };
  } catch {
    return { status: 'refused', code: 0 };
  }
}
const answers = new Map<string, Promise<Loaded<unknown>>>();
/** Answers known before the first render: the shell's inlined lander answer, or the build's prerendering. */
const settled = new Map<string, Loaded<unknown>>();

/** An answer given ahead (web/lander-main.tsx: the page's #lander-data; web/lander-prerender.tsx: its template's). */
export function seedAnswer(path: string, value: Loaded<unknown>) {
  settled.set(path, value);
  answers.set(path, Promise.resolve(value));
}

/** The lander's answer the shell put into a prerendered page (`#lander-data`: { path, value }), if any. */
export function seedInlinedAnswer(): boolean {
  const text = document.getElementById('lander-data')?.textContent;
  if (!text) return false;
  try {
    const { path, value } = JSON.parse(text) as { path: string; value: Loaded<unknown> };
    seedAnswer(path, value);
    return true;
  } catch {
    return false;
  }
}

function once<T>(path: string): Promise<Loaded<T>> {
  let found = answers.get(path);
  if (!found) {
    found = getJson<unknown>(path);
    answers.set(path, found);
  }
  return found as Promise<Loaded<T>>;
}

/** The answer's type comes from the route table (worker/contracts/routes.ts) by the path. */
function useAnswer<S extends CallPath<MemberRoutes, 'GET'>, T = AnswerOf<MemberRoutes, 'GET', S>>(path: S): Loaded<T> {
  const [state, setState] = useState<{ path: string; value: Loaded<T> }>(() => ({
    path,
    value: (settled.get(path) as Loaded<T> | undefined) ?? { status: 'loading' },
  }));
  useEffect(() => {
    let live = true;
    void once<T>(path).then((value) => {
      if (live) setState({ path, value });
    });
    return () => {
      live = false;
    };
  }, [path]);
  return state.path === path ? state.value : ((settled.get(path) as Loaded<T> | undefined) ?? { status: 'loading' });
}

/** The lander's profiles (and partner tiles); `refused` where the logged-out search rules say no. */
export const landerPath = (name: LanderName) => `/api/lander.php?name=${name}` as const;
export const useLander = (name: LanderName) => useAnswer(landerPath(name));

/** Starts a campaign page's profile call at once (web/lander-main.tsx), while the page's chunk and texts load. */
export const startCampaignProfile = (id: string) => void once<CampaignAnswer>(`/api/campaign.php?id=${encodeURIComponent(id)}`);

/** A campaign page's profile; 404 for an unknown id, another niche's member, or one who may not appear on a public page. */
export const useCampaignProfile = (id: string) => useAnswer(`/api/campaign.php?id=${encodeURIComponent(id)}`);

/** GET /api/regions.php: the names of a country's regions (the map lander's labels). */
export const useRegionNames = (country: string) => useAnswer(`/api/regions.php?country=${encodeURIComponent(country)}`);
