import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [bp.sm]: { gap: vars.space.md },
    [bp.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [bp.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
/**
 * A block, not a grid: the photo and the body stack as blocks do, and a grid here (in the list's grid, around the
 * body's grid) made the first layout of a page of cards ~3× as long (20 cards: ~25 → ~8 ms on the bench machine).
 */
export const card = style({
  display: 'block',
  height: '100%',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  color: vars.color.text,
  textDecoration: 'none',
  boxShadow: vars.shadow.card,
  transition: 'transform 150ms, border-color 150ms',
  selectors: { '&:hover, &:focus-visible': { borderColor: vars.color.primary, transform: 'translateY(-2px)' } },
});
/** Square on a phone (below 576 px): two rows of tiles on its first screen (issue 33), portrait from there. */
export const photo = style({
  position: 'relative',
  aspectRatio: '3 / 4',
  background: vars.color.background,
  '@media': { 'screen and (max-width: 575px)': { aspectRatio: '1 / 1' } },
});
/**
 * Out of the flow, filling the photo's box (its size is the box's aspect ratio): a thumbnail that arrives
 * changes only itself, not the grid of cards around it (in the flow, each arrival laid the whole grid out again).
 */
export const image = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const count = style({
  position: 'absolute',
  right: vars.space.xs,
  bottom: vars.space.xs,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: `color-mix(in srgb, ${vars.color.dark} 70%, transparent)`,
  color: vars.color.surface,
  fontSize: vars.size.xs,
  fontWeight: 700,
});
export const countIcon = style({ width: '0.9rem', height: '0.9rem' });
export const body = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
  padding: vars.space.sm,
  '@media': { [bp.sm]: { padding: vars.space.md } },
});
export const name = style({ fontWeight: 700, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const meta = style({ fontSize: vars.size.sm, color: vars.color.muted, overflowWrap: 'anywhere' });
/** A label on the photo's top left, e.g. "Nieuw" for a like not seen yet. */
/** The presence dot on the photo's top right: green for online, a green ring for recently active. */
const presence = style({
  position: 'absolute',
  right: vars.space.sm,
  top: vars.space.sm,
  width: '14px',
  height: '14px',
  borderRadius: '50%',
  boxShadow: '0 0 0 2px #fff, 0 1px 4px rgba(0,0,0,0.35)',
});
export const online = style([presence, { background: vars.color.success }]);
export const recent = style([presence, { background: '#fff', border: `3px solid ${vars.color.success}`, boxSizing: 'border-box' }]);
export const flag = style({
  position: 'absolute',
  left: vars.space.xs,
  top: vars.space.xs,
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.unread,
  color: vars.color.surface,
  fontSize: vars.size.xs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});
export const item = style({ position: 'relative' });
/** A round button on the photo's top right (a card link beside the card's own: links cannot nest). */
export const action = style({
  position: 'absolute',
  right: vars.space.xs,
  top: vars.space.xs,
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  boxShadow: '0 4px 12px rgba(0, 0, 0, 0.25)',
  transition: 'transform 150ms, background 150ms',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.primaryHover, transform: 'scale(1.06)' } },
});
export const actionIcon = style({ width: '1.3rem', height: '1.3rem' });
