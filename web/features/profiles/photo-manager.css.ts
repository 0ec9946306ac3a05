import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
export const count = style({ margin: 0, fontWeight: 700, color: vars.color.secondary });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [bp.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [bp.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
export const item = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start' });
export const frame = style({
  position: 'relative',
  aspectRatio: '1',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.background,
});
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const badges = style({
  position: 'absolute',
  left: vars.space.xs,
  top: vars.space.xs,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const small = style({ minHeight: '2.25rem', padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.size.sm });
export const upload = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start' });
export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
  pointerEvents: 'none',
});
export const removed = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: '#fff5f5',
});
export const removedTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.size.md, color: vars.color.danger });
export const removedList = style({ margin: `0 0 ${vars.space.xs}`, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xs });
export const removedNote = style({ fontStyle: 'italic' });
