import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  overflow: 'hidden',
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    'li:last-child > &': { borderBottom: 0 },
    'a&:hover, a&:focus-visible': { background: `color-mix(in srgb, ${vars.color.primary} 6%, ${vars.color.surface})` },
  },
});
export const what = style({ display: 'grid', gap: '0.1rem', minWidth: 0 });
export const reason = style({ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const meta = style({ fontSize: vars.size.xs, color: vars.color.muted });
export const amount = style({ textAlign: 'right', display: 'grid', gap: '0.1rem' });
export const plus = style({ fontWeight: 800, color: vars.color.success });
export const minus = style({ fontWeight: 800, color: vars.color.text });
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const more = style({ justifySelf: 'center' });

/** The receipt: a document that prints on its own. */
export const receipt = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [bp.md]: { padding: vars.space.xl }, print: { boxShadow: 'none', border: 0, padding: 0 } },
});
export const parties = style({ display: 'grid', gap: vars.space.md, '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' } } });
export const party = style({ margin: 0, fontStyle: 'normal', lineHeight: 1.5, fontSize: vars.size.sm });
export const label = style({
  display: 'block',
  fontSize: vars.size.xs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  color: vars.color.muted,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.size.sm });
export const cell = style({ padding: `${vars.space.xs} 0`, borderBottom: `1px solid ${vars.color.border}`, textAlign: 'left' });
export const num = style([cell, { textAlign: 'right', whiteSpace: 'nowrap' }]);
export const total = style([num, { fontWeight: 800, fontSize: vars.size.md, borderBottom: 0 }]);
export const noPrint = style({ '@media': { print: { display: 'none' } } });
