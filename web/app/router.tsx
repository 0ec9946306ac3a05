import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ErrorPage } from '../features/errors/error-page';
import { track } from '../lib/activity';
import { withChunkReload } from '../lib/chunk-reload';
import { DefaultLayout } from './layouts/default-layout';
import { LanderLayout } from './layouts/lander-layout';

/**
 * Route-level code splitting: each screen is its own chunk, counted by the progress bar and
 * guarded against stale deploys (one reload a minute at most).
 */
const screen = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(withChunkReload(() => track(load()).then((Component) => ({ default: Component }))));

const LandingPage = screen(() => import('../features/landing/landing-page').then((m) => m.LandingPage));
const StaticPage = screen(() => import('../features/pages/static-page').then((m) => m.StaticPage));
const LanderPage = screen(() => import('../features/landers/lander-page').then((m) => m.LanderPage));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<DefaultLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="pages/:page" element={<StaticPage />} />
        <Route path="pricing" element={<StaticPage page="pricing" />} />
        <Route path="complaints" element={<StaticPage page="complaints" />} />
        <Route path="*" element={<ErrorPage status={404} />} />
      </Route>
      <Route element={<LanderLayout />}>
        <Route path="landers/:name/:slug?" element={<LanderPage />} />
      </Route>
      {/* The chat and empty layouts get their routes with the chat and signup screens. */}
    </Routes>
  );
}
