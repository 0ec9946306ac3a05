import { globalStyle, style } from '@vanilla-extract/css';
import { bp, vars } from '../styles/theme.css';

/** The reports queue's own pieces; the frame and cards come from console.css. */
export const section = style({ display: 'grid', gap: vars.space.md });
export const subtitle = style({ fontSize: vars.size.lg, margin: 0 });
export const content = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  fontSize: vars.size.sm,
  borderLeft: `4px solid ${vars.color.secondary}`,
});
export const reports = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const report = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'baseline', fontSize: vars.size.sm });
export const reason = style({
  fontWeight: 700,
  fontSize: vars.size.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: '#fff1de',
  color: vars.color.secondary,
});
export const urgent = style([reason, { background: vars.color.danger, color: '#fff' }]);
export const kind = style({
  fontWeight: 700,
  fontSize: vars.size.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  color: vars.color.muted,
});
export const form = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: '#faf7f4',
  border: `1px solid ${vars.color.border}`,
  '@media': { [bp.md]: { gridTemplateColumns: '1fr 1fr' } },
});
export const wide = style({ '@media': { [bp.md]: { gridColumn: '1 / -1' } } });
export const item = style({
  display: 'grid',
  gap: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  '@media': { [bp.md]: { padding: vars.space.lg, gridTemplateColumns: 'minmax(0, 240px) minmax(0, 1fr)' } },
});
export const itemText = style([item, { '@media': { [bp.md]: { gridTemplateColumns: 'minmax(0, 1fr)' } } }]);
export const warn = style({ margin: 0, fontSize: vars.size.sm, fontWeight: 600, color: vars.color.danger });
/** An object with an under-18 report: first in the queue, marked down its side. */
export const flagged = style({ borderLeft: `6px solid ${vars.color.danger}` });
export const flag = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'baseline',
  margin: 0,
  fontSize: vars.size.sm,
  fontWeight: 700,
  color: vars.color.danger,
});
export const counters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
globalStyle(`${counters} > p`, { margin: 0 });
export const urgentCounter = style({
  margin: 0,
  fontWeight: 700,
  fontSize: vars.size.sm,
  color: '#fff',
  background: vars.color.danger,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
});
