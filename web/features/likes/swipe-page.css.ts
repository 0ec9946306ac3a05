import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const stage = style({ display: 'grid', gap: vars.space.md, justifyItems: 'center', width: '100%', maxWidth: '26rem', margin: '0 auto' });
export const intro = style({ margin: 0, color: vars.color.muted, textAlign: 'center', fontSize: vars.size.sm });
/** The keyboard hint for a mouse, the swipe hint on a touch screen. */
export const keyboardHint = style([intro, { '@media': { '(hover: none) and (pointer: coarse)': { display: 'none' } } }]);
export const touchHint = style([intro, { display: 'none', '@media': { '(hover: none) and (pointer: coarse)': { display: 'block' } } }]);
export const left = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: vars.size.sm,
});
export const card = style({
  position: 'relative',
  width: '100%',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  // vertical scrolling stays with the browser; the horizontal drag is ours
  touchAction: 'pan-y',
  userSelect: 'none',
  transition: 'transform 200ms ease-out',
  selectors: { '&[data-dragging="true"]': { transition: 'none' } },
});
export const photo = style({ position: 'relative', aspectRatio: '3 / 4', background: vars.color.background, maxHeight: '62vh', width: '100%' });
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block', pointerEvents: 'none' });
export const body = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start', padding: vars.space.md });
export const name = style({ margin: 0, fontSize: vars.size.lg, fontWeight: 700 });
export const meta = style({ margin: 0, color: vars.color.muted, fontSize: vars.size.sm });
export const stamp = style({
  position: 'absolute',
  top: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '3px solid currentColor',
  background: vars.color.surface,
  fontWeight: 700,
  textTransform: 'uppercase',
  pointerEvents: 'none',
});
export const stampLike = style([stamp, { right: vars.space.md, color: vars.color.success }]);
export const stampPass = style([stamp, { left: vars.space.md, color: vars.color.danger }]);
export const buttons = style({ display: 'flex', justifyContent: 'center', gap: vars.space.lg });
const round = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.1rem',
  width: '5rem',
  height: '5rem',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  font: 'inherit',
  fontSize: vars.size.xs,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: '3px' },
  },
  '@media': { [bp.sm]: { width: '5.5rem', height: '5.5rem' } },
});
export const pass = style([round, { color: vars.color.text, selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.danger } } }]);
export const like = style([round, { color: `color-mix(in srgb, ${vars.color.unread} 85%, ${vars.color.dark})`, selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.unread } } }]);
export const icon = style({ width: '1.75rem', height: '1.75rem' });
export const empty = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  width: '100%',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  textAlign: 'center',
});
