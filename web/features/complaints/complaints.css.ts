import { style } from '@vanilla-extract/css';
import { card as pageCard } from '../../components/ui/page.css';
import { vars } from '../../styles/theme.css';

export { heading, narrow, page, text, title } from '../../components/ui/page.css';
export const card = style([pageCard, { display: 'grid', gap: vars.space.sm }]);
export const list = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });
export const decision = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  borderLeft: `4px solid ${vars.color.primary}`,
});
export const action = style({ margin: 0, fontWeight: 700, fontSize: vars.size.md });
export const line = style({ margin: 0, fontSize: vars.size.sm, overflowWrap: 'anywhere' });
export const date = style({
  margin: 0,
  fontSize: vars.size.xs,
  color: vars.color.muted,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});
export const status = style({
  justifySelf: 'start',
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.size.xs,
  fontWeight: 700,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const form = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.sm });
/** /pages/ban's appeal box, between the page's intro and its sections. */
export const banAppeal = style({ margin: `${vars.space.md} 0`, borderLeft: `4px solid ${vars.color.primary}` });
export const banButton = style({ justifySelf: 'start', textDecoration: 'none' });
