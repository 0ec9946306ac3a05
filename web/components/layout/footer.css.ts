import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const footer = style({
  marginTop: 'auto',
  background: vars.color.dark,
  color: vars.color.darkText,
  fontSize: vars.size.sm,
});
export const inner = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.lg,
});
export const links = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  '@media': { [bp.md]: { gridTemplateColumns: 'repeat(5, auto)', justifyContent: 'start' } },
});
export const link = style({
  color: '#fff',
  textDecoration: 'none',
  display: 'inline-block',
  padding: `${vars.space.xs} 0`,
  selectors: { '&:hover': { color: vars.color.darkAccent } },
});
export const company = style({ margin: 0, color: vars.color.darkText, opacity: 0.85 });
export const disclaimer = style({
  margin: 0,
  paddingTop: vars.space.md,
  borderTop: '1px solid rgba(255,255,255,0.12)',
  fontSize: vars.size.xs,
  opacity: 0.75,
});
