import { Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import type { LanderName } from '../../../worker/contracts/landers.values';
import { ErrorPage } from '../../components/ui/error-page';
import { withChunkReload } from '../../lib/chunk-reload';
import { preloadable, type Preloadable } from '../../lib/preloadable';
import { useLander } from './api/get-lander';
import * as s from './landers.css';
import type { LanderProps } from './parts';

/**
 * Each kind of lander is a chunk of its own: a visitor loads only the one they landed on. Loaded
 * ahead of the first render on a prerendered lander (web/lander-main.tsx), so it does not suspend.
 */
const kind = (load: () => Promise<{ default: ComponentType<LanderProps> }>) =>
  preloadable(
    () => load().then((m) => m.default),
    (l) => withChunkReload(l),
  );
const KINDS: Record<LanderName, Preloadable<LanderProps>> = {
  alonetonight: kind(() => import('./kinds/alone-tonight')),
  collagelanding: kind(() => import('./kinds/collage')),
  gallery: kind(() => import('./kinds/gallery')),
  iconslanding: kind(() => import('./kinds/icons')),
  maplanding: kind(() => import('./kinds/map')),
  socialnetwork: kind(() => import('./kinds/social')),
  transitionsvideolanding: kind(() => import('./kinds/transitions')),
  video: kind(() => import('./kinds/video')),
  tinderswipe: kind(() => import('./kinds/swipe')),
};

// (the names from this table, not from the contracts' LANDERS: constants.ts lives in a shared chunk with React Query)
const isLander = (name: string): name is LanderName => Object.hasOwn(KINDS, name);

function Lander({ name }: { name: LanderName }) {
  const answer = useLander(name);
  const Kind = KINDS[name];
  const props: LanderProps =
    answer.status === 'ok'
      ? { profiles: answer.data.profiles, partner: answer.data.partner, state: 'ok' }
      : { profiles: [], partner: [], state: answer.status };
  return (
    <div className={s.page} data-lander={name} data-state={props.state}>
      <Suspense fallback={null}>
        <Kind {...props} />
      </Suspense>
    </div>
  );
}

/** Loads a lander's own chunk before the first render (a page the worker sent prerendered). */
export const preloadLanderKind = (name: string) => (isLander(name) ? KINDS[name].preload() : Promise.resolve());

/** Spec section 2: the landing pages under /landers/{name}/{slug?} (the slug names a campaign; the page is the same). */
export function LanderPage() {
  const { name = '', slug } = useParams();
  if (!isLander(name) || (name === 'tinderswipe' && slug)) return <ErrorPage status={404} />;
  return <Lander key={name} name={name} />;
}

/** Loaded with this page by the router (web/app/router.tsx), so the entry carries no catalogue loaders of the landers. */
export { loadLandersCatalogue } from '../../lib/landers-catalogue';
