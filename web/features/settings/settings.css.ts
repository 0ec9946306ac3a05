import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const stack = style({ display: 'grid', gap: vars.space.lg, width: '100%', maxWidth: '760px', margin: '0 auto' });
export const title = style({ fontSize: vars.size.xl, margin: 0 });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  '@media': { [bp.sm]: { padding: vars.space.xl } },
});
export const dangerCard = style([card, { borderColor: `color-mix(in srgb, ${vars.color.danger} 35%, ${vars.color.border})` }]);
export const heading = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.xs}` });
export const text = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.muted });
export const alternatives = style({ display: 'grid', gap: vars.space.sm, margin: `0 0 ${vars.space.md}`, padding: 0, listStyle: 'none' });
export const alternative = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 600,
});
export const discount = style([
  alternative,
  { borderColor: vars.color.primary, background: `color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface})` },
]);
export const reasons = style({ display: 'grid', gap: vars.space.sm });
