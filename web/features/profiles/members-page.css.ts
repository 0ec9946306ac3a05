import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** Filters above the results on a phone, beside them from 992 px. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [bp.lg]: { gridTemplateColumns: '17rem minmax(0, 1fr)' } },
});
export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' }, [bp.lg]: { gridTemplateColumns: '1fr' } },
});
export const ages = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const submit = style({ '@media': { [bp.sm]: { gridColumn: '1 / -1' } } });
export const results = style({ display: 'grid', gap: vars.space.md, minWidth: 0, scrollMarginTop: '5rem' });
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  textAlign: 'center',
  color: vars.color.muted,
});
export const similar = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg });
export const pagination = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: vars.space.xs });
export const pageButton = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  padding: `0 ${vars.space.sm}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
      cursor: 'default',
    },
    '&:hover:not(:disabled)': { borderColor: vars.color.primary },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  },
});
export const gap = style({ padding: `0 ${vars.space.xs}`, color: vars.color.muted });
