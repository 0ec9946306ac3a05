import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

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
