import { useEffect, useState } from 'react';
import type { LanderAnswer, LanderName } from '../../../../worker/contracts/landers';
import type { MemberAnswer } from '../../../../worker/contracts/profiles';
import type { RegionsAnswer } from '../../../../worker/contracts/site';
import { apiRequest, type ApiResult } from '../../../lib/request';

/**
 * GET /api/lander.php and GET /api/member.php for the landers and campaign pages, without React
 * Query: these pages are first visits from ads and must stay within the landing page's JS budget
 * (README, "Landers"). Each answer is asked once per page load and kept for the visit.
 */
const answers = new Map<string, Promise<ApiResult<unknown>>>();
function once<T>(path: string): Promise<ApiResult<T>> {
  let found = answers.get(path);
  if (!found) {
    found = apiRequest<unknown>(path);
    answers.set(path, found);
  }
  return found as Promise<ApiResult<T>>;
}

export type Loaded<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'refused'; code: number };

function useAnswer<T>(path: string): Loaded<T> {
  const [state, setState] = useState<{ path: string; value: Loaded<T> }>({ path, value: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    void once<T>(path).then((res) => {
      if (live) setState({ path, value: res.ok ? { status: 'ok', data: res.data } : { status: 'refused', code: res.status } });
    });
    return () => {
      live = false;
    };
  }, [path]);
  return state.path === path ? state.value : { status: 'loading' };
}

/** The lander's profiles (and partner tiles); `refused` where the logged-out search rules say no. */
export const useLander = (name: LanderName) => useAnswer<LanderAnswer>(`/api/lander.php?name=${name}`);

/** A campaign page's profile; 404 for an unknown id or another niche's member. */
export const useCampaignProfile = (id: string) => useAnswer<MemberAnswer>(`/api/member.php?id=${encodeURIComponent(id)}`);

/** GET /api/regions.php: the names of a country's regions (the map lander's labels). */
export const useRegionNames = (country: string) => useAnswer<RegionsAnswer>(`/api/regions.php?country=${encodeURIComponent(country)}`);
