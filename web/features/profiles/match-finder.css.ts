import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const steps = style({
  display: 'flex',
  gap: vars.space.xs,
  margin: `${vars.space.sm} 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
});
export const dot = style({ flex: 1, height: '6px', borderRadius: vars.radius.pill, background: vars.color.border });
export const dotDone = style([dot, { background: vars.color.primary }]);
export const question = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.md}` });
export const options = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  '@media': { [bp.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const option = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '64px',
  padding: vars.space.md,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontWeight: 700,
  fontSize: vars.size.md,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 12%, ${vars.color.surface})`,
    },
  },
});
export const pair = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const step = style({ fontSize: vars.size.sm, color: vars.color.muted, margin: 0, fontWeight: 600 });
