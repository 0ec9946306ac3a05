import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Preloadable<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the component's code now; once in, the component renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy that can be loaded ahead of rendering: once its code is in (preloaded), its first
 * render does not suspend: React.lazy reads a thenable that calls back at once as already resolved.
 * The app uses it for a page the worker sent prerendered: the page's screen is loaded before
 * React's first render, so that render is the page already on screen and replaces it without a
 * flash. `wrap` is what a lazy load goes through (the progress bar and chunk-error reload); a
 * preload is the plain load.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  wrap: (load: () => Promise<ComponentType<P>>) => () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as Promise<{
          default: ComponentType<P>;
        }>)
      : wrap(load)().then((component) => ({ default: component })),
  );
  return Object.assign(Lazy, { preload: () => load().then((component) => (loaded = component)) });
}
