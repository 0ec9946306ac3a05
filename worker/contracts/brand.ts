/*
 * The sites' logo and the installed app's icons: plain values (no zod, no other import), shared by
 * the worker (manifest, offline page), the web build (icons) and the web's first bundle (the logo),
 * kept apart from constants.ts so that the first bundle takes only these few bytes.
 */

/** The installed app's icons (web/vite.config.ts makes them per brand colour): /icons/<colour without #>-<name>.png */
export const APP_ICONS = [
  { name: '192', size: 192, purpose: 'any' },
  { name: '512', size: 512, purpose: 'any' },
  { name: 'maskable-512', size: 512, purpose: 'maskable' },
] as const;
export const appIconPath = (colour: string, name: string) => `/icons/${colour.replace('#', '')}-${name}.png`;
/** The sites' logo: a white heart on the brand colour, in a 64 × 64 box (the web's logo, the icons, the offline page). */
export const LOGO_HEART =
  'M32 50s-16-9.6-16-21.3C16 22.7 20.6 18 26.2 18c2.6 0 4.5 1.2 5.8 3 1.3-1.8 3.2-3 5.8-3C43.4 18 48 22.7 48 28.7 48 40.4 32 50 32 50z';
