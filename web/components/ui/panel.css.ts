import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const page = style({
  flex: 1,
  width: '100%',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  background: `radial-gradient(circle at 100% 0%, color-mix(in srgb, ${vars.color.primary} 14%, transparent), transparent 40%), ${vars.color.background}`,
  '@media': { [bp.md]: { padding: `${vars.space.xxl} ${vars.space.md}` } },
});
export const card = style({
  width: '100%',
  maxWidth: vars.width.modal,
  margin: '0 auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  '@media': { [bp.sm]: { padding: vars.space.xl } },
});
export const wide = style({ maxWidth: '760px' });
export const title = style({ fontSize: vars.size.xl, letterSpacing: '-0.01em' });
export const intro = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.muted });
export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.pill,
  marginBottom: vars.space.md,
  fontSize: vars.size.xl,
  fontWeight: 700,
  background: `color-mix(in srgb, ${vars.color.primary} 18%, ${vars.color.surface})`,
  color: vars.color.secondary,
});
export const iconSuccess = style([
  icon,
  { background: `color-mix(in srgb, ${vars.color.success} 15%, ${vars.color.surface})`, color: vars.color.success },
]);
export const iconDanger = style([
  icon,
  { background: `color-mix(in srgb, ${vars.color.danger} 12%, ${vars.color.surface})`, color: vars.color.danger },
]);
export const footer = style({
  marginTop: vars.space.lg,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.size.sm,
  display: 'grid',
  gap: vars.space.xs,
});
