import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The viewer: the photo as large as the screen allows, on a dark backdrop. */
export const viewer = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'grid',
  // the photo's row takes what the bar leaves, never its own height (a 1600 px photo would push the bar off the screen)
  gridTemplateRows: 'minmax(0, 1fr) auto',
  placeItems: 'center',
  padding: `calc(${vars.space.xl} + 2rem) ${vars.space.md} ${vars.space.md}`,
  background: 'rgba(10, 6, 3, 0.94)',
  color: '#fff',
  // the browser's own pinch zoom on a phone; a swipe moves between the photos
  touchAction: 'pinch-zoom',
});
export const frame = style({
  width: '100%',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  minHeight: 0,
});
export const image = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '100%',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  boxShadow: '0 12px 40px rgba(0, 0, 0, 0.5)',
  cursor: 'zoom-in',
  transition: 'transform 200ms ease',
  userSelect: 'none',
  selectors: { '&[data-zoomed]': { cursor: 'zoom-out', borderRadius: 0 } },
});
const round = style({
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'rgba(255, 255, 255, 0.14)',
  color: '#fff',
  fontSize: vars.size.xl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: 'rgba(255, 255, 255, 0.28)' } },
});
export const close = style([round, { position: 'absolute', top: vars.space.sm, right: vars.space.sm }]);
export const bar = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, paddingTop: vars.space.sm });
export const step = style([round, { selectors: { '&:disabled': { opacity: 0.3, cursor: 'default' } } }]);
export const counter = style({ minWidth: '4rem', textAlign: 'center', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
