import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** The like and match overlays: centred, photos large, one clear action. */
export const body = style({ display: 'grid', gap: vars.space.md, justifyItems: 'center', textAlign: 'center' });
export const text = style({ margin: 0, fontSize: vars.size.lg, fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.muted });
export const photoButton = style({
  display: 'block',
  width: 'min(16rem, 70vw)',
  aspectRatio: '3 / 4',
  padding: 0,
  border: `3px solid ${vars.color.unread}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.background,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: '3px' } },
});
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const pair = style({ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: vars.space.sm });
export const round = style({
  width: '6.5rem',
  height: '6.5rem',
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
  border: `3px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.card,
  flexShrink: 0,
  '@media': { [bp.sm]: { width: '8rem', height: '8rem' } },
});
export const heart = style({ width: '2.5rem', height: '2.5rem', color: vars.color.unread, flexShrink: 0 });
export const actions = style({
  display: 'grid',
  gap: vars.space.sm,
  width: '100%',
  '@media': { [bp.sm]: { width: 'auto', minWidth: '16rem' } },
});
