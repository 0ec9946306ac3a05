import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage, RouteError } from '../features/errors/error-page';
import { withChunkReload } from '../lib/chunk-reload';
import { ChatLayout } from './layouts/chat-layout';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { LanderLayout } from './layouts/lander-layout';
import { Root } from './root';

/** Route-level code splitting: each screen is its own chunk, guarded against stale deploys. */
export type LazyRoute = Pick<RouteObject, 'Component' | 'loader'>;
const lazy = (load: () => Promise<LazyRoute>) => withChunkReload(load);

const landing = lazy(() => import('../features/landing/landing-page').then((m) => ({ Component: m.LandingPage })));
const staticPage = lazy(() => import('../features/pages/static-page').then((m) => m.staticPageRoute));
const lander = lazy(() => import('../features/landers/lander-page').then((m) => m.landerRoute));

/** Spec section 2, routes of screens built so far; each route names itself in `handle`. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, handle: { name: 'index' }, lazy: landing },
              { path: 'pages/:page', handle: { name: 'pages' }, lazy: staticPage },
              { path: 'pricing', handle: { name: 'pricing' }, lazy: staticPage },
              { path: 'complaints', handle: { name: 'complaints' }, lazy: staticPage },
              { path: '*', handle: { name: 'not-found' }, element: <ErrorPage status={404} /> },
            ],
          },
        ],
      },
      {
        element: <LanderLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [{ path: 'landers/:name/:slug?', handle: { name: 'landers' }, lazy: lander }],
          },
        ],
      },
      // Chat screens (/chats, /members/:id/chat) and bare signup flows come with their features.
      { element: <ChatLayout />, children: [] },
      { element: <EmptyLayout />, children: [] },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
