import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

/**
 * Issue 13: a link appears with the screen it leads to. Every in-app path written in the web's
 * source (links, navigations, footer lists) matches a route of the router, so none leads to the
 * 404 page; paths with a variable part are tried with a sample value.
 */
const root = path.resolve(import.meta.dirname, '../../web');
// the operator console (web/operator) is an app of its own with its own routes: checked below
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? path.join(dir, e.name) === path.join(root, 'operator')
        ? []
        : files(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );

const router = readFileSync(path.join(root, 'app/router.tsx'), 'utf8');
const routes = ['/', ...[...router.matchAll(/path="([^"]+)"/g)].map((m) => `/${m[1]}`).filter((p) => p !== '/*')];
// not screens: the API, photos and static files (the service worker too, the landers' video), and route patterns themselves (web/app/routes.ts)
const NOT_SCREENS = /^\/(api|media|dev|photos|chat|gifts|lander|favicon|hooks|sw\.js|notification-icon\.png)\b|:/;

function pathsIn(source: string) {
  return [...source.matchAll(/(["'`])(\/[a-z][\w/#?=.${}-]*)\1/g)]
    .map((m) => m[2]!)
    .filter((p) => !NOT_SCREENS.test(p))
    .map((p) => p.replace(/\$\{[^}]+\}/g, '1').replace(/[?#].*$/, ''));
}

describe('links in the web app', () => {
  it('every in-app path has a route (no link to a screen that does not exist)', () => {
    const found = new Map<string, string>();
    for (const file of files(root)) for (const p of pathsIn(readFileSync(file, 'utf8'))) found.set(p, path.relative(root, file));
    expect(found.size).toBeGreaterThan(20);
    const missing = [...found].filter(([p]) => !routes.some((r) => matchPath(r, p))).map(([p, file]) => `${p} (${file})`);
    expect(missing).toEqual([]);
    // the locked photo's "Word premium" link, the one the issue named
    expect(found.has('/premium')).toBe(true);
  });

  it('every path in the operator console has a route of the console', () => {
    const dir = path.join(root, 'operator');
    const source = readFileSync(path.join(dir, 'console.tsx'), 'utf8');
    // the router's routes, and the screens the console shows before its router (`pathname === '/setup'`: no session yet)
    const consoleRoutes = [...source.matchAll(/path="([^"]+)"/g), ...source.matchAll(/pathname === '([^']+)'/g)]
      .map((m) => m[1]!)
      .filter((p) => p !== '*');
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((f) => pathsIn(readFileSync(path.join(dir, f), 'utf8')).map((p) => [p, f] as const));
    expect(found.length).toBeGreaterThan(2);
    expect(found.filter(([p]) => !consoleRoutes.some((r) => matchPath(r, p))).map(([p, f]) => `${p} (${f})`)).toEqual([]);
  });
});
