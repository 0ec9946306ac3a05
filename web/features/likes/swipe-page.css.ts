import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const stage = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'center',
  width: '100%',
  maxWidth: '26rem',
  margin: '0 auto',
});
/** The title and the likes left on one line, so the card gets the height. */
export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, width: '100%' });
export const intro = style({ margin: 0, color: vars.color.muted, textAlign: 'center', fontSize: vars.size.xs });
/** The keyboard hint for a mouse (from 576 px), the swipe hint on a touch screen. */
export const keyboardHint = style([
  intro,
  { display: 'none', '@media': { [bp.sm]: { display: 'block' }, '(hover: none) and (pointer: coarse)': { display: 'none' } } },
]);
export const touchHint = style([intro, { display: 'none', '@media': { '(hover: none) and (pointer: coarse)': { display: 'block' } } }]);
export const left = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: vars.size.sm,
  whiteSpace: 'nowrap',
});
/**
 * The card's height: what the viewport leaves under the card's top once the buttons fit below
 * (set by the page, see useCardFit); before that, a height that fits most screens.
 */
export const card = style({
  position: 'relative',
  width: '100%',
  height: 'var(--swipe-card-height, min(60vh, 32rem))',
  // portrait: never wider than three quarters of its height
  maxWidth: 'calc(var(--swipe-card-height, min(60vh, 32rem)) * 0.75)',
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
export const photo = style({ position: 'absolute', inset: 0, background: vars.color.background });
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block', pointerEvents: 'none' });
/** A member without a photo: a quiet silhouette on the brand's soft gradient, not a letter. */
export const noPhoto = style({
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  height: '100%',
  background: `linear-gradient(160deg, color-mix(in srgb, ${vars.color.primary} 18%, ${vars.color.surface}), color-mix(in srgb, ${vars.color.secondary} 40%, ${vars.color.surface}))`,
  color: `color-mix(in srgb, ${vars.color.secondary} 60%, ${vars.color.dark})`,
  fontSize: vars.size.sm,
  fontWeight: 600,
});
export const silhouette = style({ width: '6rem', height: '6rem', opacity: 0.55 });
/** Name, age and place over the photo's lower edge, white on a dark fade. */
export const body = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.md}`,
  background: 'linear-gradient(to top, rgba(0, 0, 0, 0.72), rgba(0, 0, 0, 0.35) 65%, transparent)',
  color: '#fff',
});
export const name = style({
  margin: 0,
  fontSize: vars.size.xl,
  fontWeight: 800,
  lineHeight: 1.1,
  textShadow: '0 1px 3px rgba(0, 0, 0, 0.4)',
});
export const meta = style({ margin: 0, fontSize: vars.size.sm, fontWeight: 600 });
export const view = style({
  color: '#fff',
  fontSize: vars.size.sm,
  fontWeight: 700,
  selectors: { '&:focus-visible': { outline: '3px solid #fff', outlineOffset: '2px' } },
});
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
export const buttons = style({ display: 'flex', justifyContent: 'center', gap: vars.space.xl });
const round = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.1rem',
  width: '4.5rem',
  height: '4.5rem',
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
  '@media': { [bp.sm]: { width: '5rem', height: '5rem' } },
});
export const pass = style([round, { color: vars.color.text, selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.danger } } }]);
export const like = style([
  round,
  {
    color: `color-mix(in srgb, ${vars.color.unread} 85%, ${vars.color.dark})`,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.unread } },
  },
]);
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
