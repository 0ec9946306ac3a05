import { globalStyle, style } from '@vanilla-extract/css';
import { bp, vars } from '../styles/theme.css';
import { card } from './console.css';

// the list beside the editor from lg up; one above the other on a phone
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [bp.lg]: { gridTemplateColumns: 'minmax(16rem, 22rem) minmax(0, 1fr)' } },
});
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'end' });
// a long list scrolls by itself, so the editor stays in reach (beside it from lg up, below it on a phone)
export const list = style([
  card,
  {
    display: 'grid',
    alignContent: 'start',
    gap: vars.space.xs,
    margin: 0,
    listStyle: 'none',
    padding: vars.space.sm,
    maxHeight: '45vh',
    overflowY: 'auto',
    '@media': { [bp.lg]: { maxHeight: 'calc(100vh - 12rem)' } },
  },
]);
export const entry = style({
  display: 'grid',
  gridTemplateColumns: '48px minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'center',
  width: '100%',
  padding: vars.space.xs,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.background },
    '&[aria-current="true"]': { borderColor: vars.color.primary, background: '#fff1de' },
  },
});
export const avatar = style({
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.background,
  display: 'grid',
  placeItems: 'center',
  fontWeight: 700,
  color: vars.color.muted,
});
export const entryName = style({ fontWeight: 700, display: 'block' });
export const entryMeta = style({ fontSize: vars.size.xs, color: vars.color.muted });
export const editor = style([card, { display: 'grid', gap: vars.space.lg }]);
export const section = style({ display: 'grid', gap: vars.space.sm, border: 0, margin: 0, padding: 0, minWidth: 0 });
export const legend = style({ fontWeight: 700, fontSize: vars.size.md, padding: 0, marginBottom: vars.space.xs });
export const grid = style({ display: 'grid', gap: vars.space.sm, gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))' });
globalStyle(`${grid} input, ${grid} select`, { minWidth: 0, width: '100%' });
export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const tag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.size.sm,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, background: '#fff1de', fontWeight: 600 } },
});
export const photos = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const photo = style({ position: 'relative', display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const photoImage = style({
  width: '100%',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.background,
  display: 'block',
});
export const mainBadge = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  fontSize: vars.size.xs,
  fontWeight: 700,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
});
export const upload = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  boxSizing: 'border-box',
  aspectRatio: '4 / 5',
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
  fontWeight: 600,
  fontSize: vars.size.sm,
  cursor: 'pointer',
  textAlign: 'center',
  padding: vars.space.sm,
});
export const hiddenInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' });
export const note = style({
  background: '#fffaf2',
  borderLeft: `4px solid ${vars.color.primary}`,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
});
export const label = style({
  display: 'inline-block',
  fontSize: vars.size.xs,
  fontWeight: 700,
  background: vars.color.dark,
  color: vars.color.darkText,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
});
