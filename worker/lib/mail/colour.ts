/**
 * The colour arithmetic of the mails' brand (WCAG 2.x): a site's theme colour is whatever its
 * file says, so every text drawn on it or in it is chosen by contrast, never assumed.
 */

/** AA for normal text: the button's label, the links, the site's name. */
export const AA = 4.5;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const linear = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a #rrggbb colour: 0 (black) to 1 (white). */
export function luminance(hex: string) {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` moved towards `b` by `t` (0 to 1), in sRGB. */
export const mix = (a: string, b: string, t: number) => {
  const [x, y] = [channels(a), channels(b)];
  return toHex(x.map((v, i) => v + (y[i]! - v) * t));
};

/** The web's text on the accent (web/styles/theme.css.ts `onPrimary`). */
export const DARK_TEXT = '#1d1512';

/**
 * The text colour on a filled background (the button in the theme colour): white on dark
 * colours, the web's dark brown on light ones, whichever contrasts more; should neither reach
 * AA (a mid-tone), black or white, one of which always does (at least 4.58:1).
 */
export function textOn(background: string) {
  const best = [DARK_TEXT, '#ffffff'].sort((x, y) => contrast(y, background) - contrast(x, background))[0]!;
  if (contrast(best, background) >= AA) return best;
  return contrast('#000000', background) >= contrast('#ffffff', background) ? '#000000' : '#ffffff';
}

/**
 * The brand colour as a text colour on `background` (the site's name, links): the colour itself
 * when it reads at AA there, else darkened (on light backgrounds) or lightened (on dark ones) in
 * steps of 5 % until it does: the web's orange #ff9900 reads as a burnt orange on white.
 */
export function readableOn(colour: string, background: string) {
  const towards = luminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let t = 0; t <= 1; t += 0.05) {
    const candidate = mix(colour, towards, t);
    if (contrast(candidate, background) >= AA) return candidate;
  }
  return towards;
}

/** Whether a background is dark enough to want light text (the BDSM sites' near-black). */
export const isDark = (background: string) => contrast('#ffffff', background) > contrast(DARK_TEXT, background);
