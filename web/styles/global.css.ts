import { globalFontFace, globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * Montserrat's stand-in until it arrives (font-display: swap): Arial (Liberation Sans, its metric twin, on Linux) scaled
 * and given Montserrat's ascent and descent, so the text takes the same room in either and nothing moves when the web
 * font swaps in (the landing page's CLS of 0.001: the header's buttons narrowing, the faces' heading moving up a pixel).
 * The figures are Montserrat's over Arial's average letter width (English letter frequencies, as next/font and capsize
 * weigh them) and Montserrat's ascent 968 and descent 251 per 1000 divided by that scale. Where neither is installed
 * (Android, iOS) the next family of `vars.font.body` serves as before.
 */
const arial = (bold: boolean) =>
  bold
    ? "local('Arial Bold'), local('Arial-BoldMT'), local('Liberation Sans Bold'), local('LiberationSans-Bold')"
    : "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans')";
globalFontFace('Montserrat Fallback', [
  { src: arial(false), fontWeight: 400, sizeAdjust: '114.51%', ascentOverride: '84.54%', descentOverride: '21.92%', lineGapOverride: '0%' },
  { src: arial(true), fontWeight: 600, sizeAdjust: '109.21%', ascentOverride: '88.63%', descentOverride: '22.98%', lineGapOverride: '0%' },
  { src: arial(true), fontWeight: 700, sizeAdjust: '111.17%', ascentOverride: '87.07%', descentOverride: '22.58%', lineGapOverride: '0%' },
]);

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.size.md,
  lineHeight: 1.6,
  color: vars.color.text,
  background: vars.color.background,
});
// the page behind the entry warning's static copy (a member's /members, worker/contracts/entry-warning.ts) stays put, as behind the app's modals (use-focus-trap)
globalStyle('body:has(> #static-entry-warning)', { overflow: 'hidden' });
globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });
globalStyle('a', { color: vars.color.secondary });
globalStyle('h1, h2, h3', { lineHeight: 1.2, margin: `0 0 ${vars.space.md}` });
globalStyle('button', { fontFamily: 'inherit' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.primary}`, outlineOffset: '2px' });
