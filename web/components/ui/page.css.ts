import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** The members area's screens (profiles, search, likes, swipe game): the page frame, headings, badges and the initial avatar. */
export const page = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  display: 'grid',
  gap: vars.space.lg,
  alignContent: 'start',
  '@media': { [bp.md]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}` } },
});
export const narrow = style({ maxWidth: '48rem' });
export const title = style({ fontSize: vars.size.xl, margin: 0, letterSpacing: '-0.01em' });
export const heading = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.xs}` });
export const text = style({ margin: 0, color: vars.color.muted });
/** A section of a members' screen on the page (profile screens, /complaints, the appeal form). */
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  minWidth: 0,
  '@media': { [bp.sm]: { padding: vars.space.lg } },
});
export const badge = style({
  display: 'inline-block',
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.size.xs,
  fontWeight: 700,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});
export const fictional = style([
  badge,
  {
    background: vars.color.dark,
    color: vars.color.darkText,
  },
]);
/** A member without a photo: the initial on the brand gradient. */
export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  background: `linear-gradient(135deg, color-mix(in srgb, ${vars.color.primary} 35%, ${vars.color.surface}), ${vars.color.secondary})`,
  color: vars.color.surface,
  fontSize: vars.size.xxl,
  fontWeight: 700,
});
