import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** Photos above the facts on a phone, beside them from 768 px. */
export const top = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [bp.md]: { gridTemplateColumns: 'minmax(0, 22rem) minmax(0, 1fr)' } },
});
export const info = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  color: vars.color.muted,
  fontWeight: 600,
});
export const warning = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 15%, ${vars.color.surface})`,
  fontSize: vars.size.sm,
  fontWeight: 600,
});
export const block = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });
export const about = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const details = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' }, [bp.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' } },
});
export const detail = style({ padding: vars.space.sm, borderRadius: vars.radius.md, background: vars.color.background });
export const term = style({ fontSize: vars.size.xs, color: vars.color.muted, fontWeight: 600 });
export const value = style({ margin: 0, fontWeight: 700 });
export const like = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });
export const likesMe = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: `color-mix(in srgb, ${vars.color.unread} 12%, ${vars.color.surface})`,
  fontWeight: 700,
  fontSize: vars.size.sm,
});
export const likesMeIcon = style({ width: '1.1rem', height: '1.1rem', color: vars.color.unread, flexShrink: 0 });
/** "Send a message": the profile's first action. */
export const message = style({ justifySelf: 'start', '@media': { 'screen and (max-width: 575px)': { justifySelf: 'stretch' } } });
/** "Report this profile": below the actions, quiet until needed. */
export const report = style({
  justifySelf: 'start',
  marginTop: vars.space.sm,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.size.sm,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  selectors: { '&:hover': { color: vars.color.danger } },
});
