/**
 * A site's look (issue 33, "each niche its own look"): the colours every screen is painted with and
 * the hero's art. One palette per niche (the niche's default); a site file may override any colour
 * (tenants/schema.ts `theme`). The worker writes the resolved palette into every page as CSS
 * variables (`themeStyle`), the web reads them through web/styles/theme.css.ts: zod-free, so the
 * web may import it.
 */

/** The palette's colours, each a CSS variable `--color-<kebab-name>` of every page. */
export const PALETTE_KEYS = [
  'primary',
  'primaryHover',
  'onPrimary',
  'secondary',
  'accent',
  'unread',
  'text',
  'muted',
  'background',
  'surface',
  'tint',
  'border',
  'dark',
  'darkText',
  'darkAccent',
  'warning',
  'danger',
  'success',
] as const;
export type PaletteKey = (typeof PALETTE_KEYS)[number];
export type Palette = Record<PaletteKey, string>;

/** `light` or `dark`: the page's `color-scheme` (native controls, scrollbars) follows it. */
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** The hero's art on the landing page, one drawing per kind (web/features/landing/hero-art.tsx). */
export const HERO_ARTS = ['spark', 'mask', 'curves', 'rose', 'silver', 'pride'] as const;
export type HeroArt = (typeof HERO_ARTS)[number];

/** The CSS variable's name of a palette colour, without the leading `--`: `primaryHover` → `color-primary-hover`. */
export const paletteVar = (key: PaletteKey) => `color-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export type NicheLook = { scheme: Scheme; hero: HeroArt; palette: Palette };

/** What every palette shares unless a niche says otherwise: the spec's orange site (section 9: primary #f90, a darker secondary). */
const LIGHT: Palette = {
  primary: '#ff9900',
  primaryHover: '#f08c00',
  onPrimary: '#1d1512',
  secondary: '#ad5600',
  accent: '#e8336d',
  unread: '#e8336d',
  text: '#1f1a17',
  muted: '#6b625c',
  background: '#fffaf4',
  surface: '#ffffff',
  tint: '#fff3e0',
  border: '#eadfd3',
  dark: '#1d1512',
  darkText: '#e9e1da',
  darkAccent: '#ff9900',
  warning: '#f0ad00',
  danger: '#d62d3a',
  success: '#14733e',
};

/**
 * One look per niche (tenants/schema.ts NICHES). Every text colour keeps WCAG AA (4.5:1) on the
 * backgrounds it is drawn on: tests/unit/theme-contrast.test.ts checks every site's resolved palette.
 */
export const NICHE_LOOKS: Record<1 | 2 | 3 | 4 | 5 | 6 | 7, NicheLook> = {
  // women (the main site): the spec's orange, warm and bright
  1: { scheme: 'light', hero: 'spark', palette: LIGHT },
  // BDSM: a dark site, crimson on near-black
  2: {
    scheme: 'dark',
    hero: 'mask',
    palette: {
      primary: '#c8174a',
      primaryHover: '#a8123d',
      onPrimary: '#ffffff',
      secondary: '#ff7d9c',
      accent: '#8c6cff',
      unread: '#ff4f7b',
      text: '#f3eef0',
      muted: '#b8aab0',
      background: '#121014',
      surface: '#1e1a1f',
      tint: '#2a1a22',
      border: '#3a3038',
      dark: '#09070a',
      darkAccent: '#ff7d9c',
      darkText: '#e6dde1',
      warning: '#f0ad00',
      danger: '#ff5c6a',
      success: '#4cd08a',
    },
  },
  // BBW: coral and peach, generous and warm
  3: {
    scheme: 'light',
    hero: 'curves',
    palette: {
      ...LIGHT,
      primary: '#ff6f61',
      primaryHover: '#f2594b',
      onPrimary: '#1d1512',
      secondary: '#b3382c',
      accent: '#ffb347',
      background: '#fff7f4',
      tint: '#ffe9e3',
      border: '#f1d9d2',
      dark: '#2b1614',
      darkAccent: '#ff8a7e',
    },
  },
  // older women: plum and rose, soft
  4: {
    scheme: 'light',
    hero: 'rose',
    palette: {
      ...LIGHT,
      primary: '#8e4585',
      primaryHover: '#7a3872',
      onPrimary: '#ffffff',
      secondary: '#7a3872',
      accent: '#e89fb8',
      background: '#fbf7fa',
      tint: '#f5e8f2',
      border: '#e7d8e3',
      dark: '#231522',
      darkAccent: '#e89fb8',
    },
  },
  // mature women: berry and wine, confident
  5: {
    scheme: 'light',
    hero: 'rose',
    palette: {
      ...LIGHT,
      primary: '#d6336c',
      primaryHover: '#bf2a5d',
      onPrimary: '#ffffff',
      secondary: '#a61e4d',
      accent: '#ff9f6b',
      background: '#fff6f8',
      tint: '#fde6ee',
      border: '#f0d6df',
      dark: '#2a0f1a',
      darkAccent: '#ff8fb1',
    },
  },
  // older men: navy and silver, calm and classic
  6: {
    scheme: 'light',
    hero: 'silver',
    palette: {
      ...LIGHT,
      primary: '#2f5d8c',
      primaryHover: '#264d75',
      onPrimary: '#ffffff',
      secondary: '#2f5d8c',
      accent: '#c9d3de',
      unread: '#d6336c',
      background: '#f5f7fa',
      tint: '#e6edf5',
      border: '#d7dee7',
      dark: '#14213d',
      darkAccent: '#9cc3ea',
      darkText: '#e3e9f1',
    },
  },
  // gay: violet with a pink spark
  7: {
    scheme: 'light',
    hero: 'pride',
    palette: {
      ...LIGHT,
      primary: '#6b3fd6',
      primaryHover: '#5a31bf',
      onPrimary: '#ffffff',
      secondary: '#5a31bf',
      accent: '#ff5fa2',
      background: '#f8f6ff',
      tint: '#ece6ff',
      border: '#ddd5f2',
      dark: '#1b1233',
      darkAccent: '#b79cff',
      darkText: '#e6e0f5',
    },
  },
};

/**
 * The pairs of the palette that carry text, as [text, background]: each must reach 4.5:1 (WCAG AA).
 * White is the header's, the footer's and the hero's text on `dark`.
 */
export const TEXT_PAIRS: [PaletteKey | '#ffffff', PaletteKey][] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'tint'],
  ['muted', 'background'],
  ['muted', 'surface'],
  ['secondary', 'background'],
  ['secondary', 'surface'],
  ['secondary', 'tint'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['danger', 'surface'],
  ['surface', 'danger'],
  ['dark', 'warning'],
  ['success', 'surface'],
  ['#ffffff', 'dark'],
  ['darkText', 'dark'],
  ['darkAccent', 'dark'],
];

/** The site's palette as the page's `:root` rule (the worker puts it in every page's head: no request, no flash). */
export function themeCss(look: { scheme: Scheme; palette: Palette }): string {
  const decls = PALETTE_KEYS.map((k) => `--${paletteVar(k)}:${look.palette[k]}`).join(';');
  // html:root outranks the build's defaults (web/styles/theme.css.ts) wherever either stylesheet comes
  return `html:root{color-scheme:${look.scheme};${decls}}`;
}
