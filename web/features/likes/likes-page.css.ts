import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
/** Tabs as links: a full-width row of three on a phone, content-wide from 576 px. */
export const tabs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  '@media': { [bp.sm]: { display: 'inline-grid', gridTemplateColumns: 'repeat(3, auto)', justifySelf: 'start' } },
});
export const tab = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.size.sm,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.background },
    '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary },
  },
  '@media': { 'screen and (max-width: 575px)': { padding: `0 ${vars.space.xs}` } },
});
export { countBadge as count } from '../../components/ui/badge.css';
export const swipe = style({
  gap: vars.space.sm,
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
});
export const empty = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  margin: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  textAlign: 'center',
  color: vars.color.muted,
});
/** Where the next page loads: the sentinel the scroll reaches, its status or retry. */
export const more = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'center', padding: vars.space.md, textAlign: 'center' });
