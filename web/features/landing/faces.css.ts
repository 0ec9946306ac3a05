import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const section = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} 0`,
  width: '100%',
});
export const title = style({ fontSize: vars.size.xl, textAlign: 'center', margin: `0 0 ${vars.space.lg}` });
/** Four faces a row on a phone, eight in one row from 992 px: the boxes are there before the photos (CLS 0). */
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  '@media': { [bp.lg]: { gridTemplateColumns: 'repeat(8, minmax(0, 1fr))', gap: vars.space.md } },
});
export const tile = style({
  position: 'relative',
  display: 'block',
  aspectRatio: '3 / 4',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: `linear-gradient(160deg, ${vars.color.border}, ${vars.color.background})`,
  color: '#fff',
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: '2px' } },
});
export const image = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' });
export const shade = style({ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, transparent 45%, rgba(0,0,0,0.78))' });
export const body = style({
  position: 'absolute',
  left: vars.space.xs,
  right: vars.space.xs,
  bottom: vars.space.xs,
  display: 'flex',
  flexDirection: 'column',
  lineHeight: 1.2,
  textShadow: '0 1px 3px rgba(0,0,0,0.6)',
});
export const name = style({
  fontWeight: 700,
  fontSize: vars.size.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const meta = style({ fontSize: vars.size.xs });
export const fictional = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  right: vars.space.xs,
  width: 'fit-content',
  maxWidth: 'calc(100% - 0.5rem)',
  background: 'rgba(0,0,0,0.72)',
  borderRadius: vars.radius.sm,
  padding: '0.1rem 0.4rem',
  fontSize: vars.size.xs,
  // a phone's tile is ~80 px wide: the label wraps at its space rather than losing its end
  lineHeight: 1.15,
});
