import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/**
 * Below 768 px the title and a "Filters" button share one row above the results (the filters open in a
 * sheet: issue 33, the cards on a phone's first screen); from 768 px the filters above the results, beside
 * them from 992 px.
 */
export const layout = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [bp.md]: { gap: vars.space.lg }, [bp.lg]: { gridTemplateColumns: '17rem minmax(0, 1fr)' } },
});
export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  '@media': { [bp.lg]: { gridColumn: '1 / -1' } },
});
export const title = style({ margin: 0 });
export const filtersButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  '@media': { [bp.md]: { display: 'none' } },
});
export const filtersIcon = style({ flexShrink: 0 });
export const filtersCount = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.5rem',
  height: '1.5rem',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.size.sm,
  fontWeight: 700,
});
/** The filters' card: in the page from 768 px only (below, the sheet holds them). */
export const panel = style({ display: 'none', '@media': { [bp.md]: { display: 'block' } } });
/** The sheet's reset and apply, side by side. */
export const sheetActions = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm, gridColumn: '1 / -1' });
export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' }, [bp.lg]: { gridTemplateColumns: '1fr' } },
});
export const ages = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const submit = style({ '@media': { [bp.sm]: { gridColumn: '1 / -1' } } });
/**
 * While the first search loads (the worker's render and the app's until the answer), the results hold a screen's height:
 * the footer starts below the first screen instead of on it, where the cards then pushed it away (the returning
 * member's CLS 0.643 in Lighthouse since the phone's filters went into a sheet).
 */
export const results = style({
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
  scrollMarginTop: '5rem',
  selectors: { '&[aria-busy="true"]': { minHeight: '100vh', alignContent: 'start' } },
});
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
