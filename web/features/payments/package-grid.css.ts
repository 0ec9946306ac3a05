import { style, styleVariants } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [bp.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [bp.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
export const card = style({
  position: 'relative',
  height: '100%',
  display: 'grid',
  gridTemplateRows: 'auto auto 1fr auto',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  textAlign: 'center',
});
export const popularCard = style([
  card,
  {
    borderColor: vars.color.primary,
    background: `linear-gradient(180deg, color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface}), ${vars.color.surface} 55%)`,
    '@media': { [bp.lg]: { transform: 'translateY(-6px)' } },
  },
]);
export const flag = style({
  position: 'absolute',
  top: 0,
  left: '50%',
  transform: 'translate(-50%, -50%)',
  padding: `0.2rem ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.size.xs,
  fontWeight: 800,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
});
const ribbonBase = style({
  position: 'absolute',
  top: vars.space.md,
  right: `calc(-1 * ${vars.space.xs})`,
  padding: `0.15rem ${vars.space.sm}`,
  borderRadius: `${vars.radius.sm} 0 0 ${vars.radius.sm}`,
  color: '#fff',
  fontSize: vars.size.xs,
  fontWeight: 800,
  boxShadow: '0 2px 6px rgba(0, 0, 0, 0.15)',
});
export const ribbon = styleVariants({
  red: [ribbonBase, { background: vars.color.danger }],
  green: [ribbonBase, { background: vars.color.success }],
});
export const credits = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.size.xxl,
  fontWeight: 800,
  lineHeight: 1,
  letterSpacing: '-0.02em',
});
export const creditsWord = style({
  display: 'block',
  fontSize: vars.size.sm,
  fontWeight: 700,
  letterSpacing: 0,
  color: vars.color.muted,
  marginTop: vars.space.xs,
});
export const messages = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.muted });
export const price = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.size.lg, fontWeight: 800, alignSelf: 'end' });
/** The price before the member's discount, struck through above the price. */
export const was = style({
  display: 'block',
  fontSize: vars.size.sm,
  fontWeight: 600,
  color: vars.color.muted,
  textDecoration: 'line-through',
});
/** The member's active discount, said once above the packages. */
export const offer = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontWeight: 700,
  color: vars.color.success,
  background: `color-mix(in srgb, ${vars.color.success} 10%, ${vars.color.surface})`,
  textAlign: 'center',
});
export const perMessage = style({ margin: 0, fontSize: vars.size.xs, fontWeight: 600, color: vars.color.secondary });
export const choose = style({ marginTop: vars.space.md, width: '100%' });
export const trust = style({ margin: 0, textAlign: 'center', fontSize: vars.size.sm, fontWeight: 600, color: vars.color.muted });
