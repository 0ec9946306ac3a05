import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const languages = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [bp.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const language = style({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '56px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: vars.size.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&[aria-current="true"]': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 12%, ${vars.color.surface})`,
    },
  },
});
export const current = style({ fontSize: vars.size.sm, fontWeight: 600, color: vars.color.secondary });
