import { createContext, useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';

/**
 * The landers' build (web/lander/vite.config.ts) resolves `react-router-dom` to this module: the
 * landers and campaign pages are one page each, so their links are plain links (a full page load
 * into the member site's app) and React Router's 14 KB gzip stay out of their first load. It
 * offers what the landers' tree (its layout, pages, footer and signup modal) imports from React
 * Router, with the same meaning for a page that never changes its path: navigating is loading the
 * page. The member site's build never imports it.
 */

type To = string | { pathname?: string; search?: string; hash?: string };
type NavigateOptions = { replace?: boolean; state?: unknown };
type Params = Record<string, string | undefined>;

const hrefOf = (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? location.pathname}${to.search ?? ''}${to.hash ?? ''}`);

function go(to: To | number, options?: NavigateOptions) {
  if (typeof to === 'number') history.go(to);
  else if (options?.replace) location.replace(hrefOf(to));
  else location.assign(hrefOf(to));
}

/**
 * The matched route's parameters and screen, set by the landers' entry (web/lander-main.tsx), and
 * the path where there is no browser's `location` (the build's prerendering: web/lander-prerender.tsx).
 */
export const LanderRouteContext = createContext<{ params: Params; screen: ReactNode; pathname?: string }>({ params: {}, screen: null });

export const useParams = () => useContext(LanderRouteContext).params;
export const Outlet = () => <>{useContext(LanderRouteContext).screen}</>;
export function useLocation() {
  const { pathname } = useContext(LanderRouteContext);
  if (pathname !== undefined) return { pathname, search: '', hash: '', state: null, key: 'default' };
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: null, key: 'default' };
}
export const useNavigate = () => go;
export const useSearchParams = () => [new URLSearchParams(location.search)] as const;

export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  useEffect(() => go(to, { replace }), [to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({ to, replace, state: _state, reloadDocument: _reload, onClick, ...rest }: LinkProps) {
  const href = hrefOf(to);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !replace || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(href, { replace });
  };
  return <a href={href} onClick={click} {...rest} />;
}

/**
 * React Router's matchPath for the patterns web/app/routes.ts names: static segments, `:name`,
 * `:name?` (optional, last) and a trailing `*`.
 */
export function matchPath(
  pattern: string | { path: string; end?: boolean },
  pathname: string,
): { params: Params; pathname: string } | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const names: string[] = [];
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment === '*') return names.push('*') && '(?:/(.*))?';
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(param[1]!);
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  const m = new RegExp(`^${source || ''}${end ? '/?$' : '(?:/|$)'}`, 'i').exec(pathname);
  if (!m) return null;
  const params = Object.fromEntries(names.map((name, i) => [name, m[i + 1] === undefined ? undefined : decodeURIComponent(m[i + 1]!)]));
  return { params, pathname: m[0] };
}
