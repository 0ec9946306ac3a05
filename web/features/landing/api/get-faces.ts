import { useEffect, useState } from 'react';
import type { FacesAnswer } from '../../../../worker/contracts/landers';
import { retryingFetch } from '../../../lib/fetch';

/** The faces' state: loading, the answer, or none to show (refused by the logged-out search rules, or a failure). */
export type Faces = { status: 'loading' } | { status: 'ok'; profiles: FacesAnswer['profiles'] } | { status: 'none' };

/** GETs without our header (the CSRF guard leaves GETs alone), one retry on a network error or a 5xx, as the landers do. */
const http = retryingFetch(500, undefined, undefined, { retries: 1, clientHeader: false });

/** GET /api/faces.php: the landing page's faces; 403 where a visitor may not search. */
export async function getFaces(): Promise<Faces> {
  try {
    const res = await http('/api/faces.php');
    return res.ok ? { status: 'ok', profiles: ((await res.json()) as FacesAnswer).profiles } : { status: 'none' };
  } catch {
    return { status: 'none' };
  }
}

/**
 * The faces, asked once the app has taken the page over (an effect: after the prerendered page's
 * first paint, so the call never competes with it), into boxes the page reserved.
 */
export function useFaces(): Faces {
  const [faces, setFaces] = useState<Faces>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void getFaces().then((answer) => live && setFaces(answer));
    return () => {
      live = false;
    };
  }, []);
  return faces;
}
